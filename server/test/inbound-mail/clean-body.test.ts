import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { EXTRACT_MAX_CHARS } from "@contract/extract";
import { cleanMail, type CleanedMail } from "../../src/modules/inbound-mail/clean-body";
import { parseMessage } from "../../src/modules/inbound-mail/parse-message";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

const SECRET = "test-webhook-secret-0123456789";
const DOMAIN = "tasklane.localhost";
let counter = 0;

function raw(name: string, values = { from: "ada@example.com", to: `ada@${DOMAIN}` }): Buffer {
  counter += 1;
  const text = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "mail", name), "latin1")
    .replaceAll("{{FROM}}", values.from)
    .replaceAll("{{TO}}", values.to)
    .replaceAll("{{ID}}", `clean-${randomUUID()}-${counter}`);
  return Buffer.from(text, "latin1");
}

/** A fixture read the way the server reads mail: MIME-parsed, then cleaned. */
async function cleaned(name: string): Promise<CleanedMail> {
  return cleanMail(await parseMessage(raw(name)));
}

describe("cleaning replies", () => {
  it("keeps the new text of a German Outlook reply, not the Von/Gesendet/Betreff block under it", async () => {
    const mail = await cleaned("reply-outlook-german.eml");
    expect(mail.subject).toBe("Angebot für die Messe");
    expect(mail.body).toContain("bitte schick mir bis Donnerstag die unterschriebene Auftragsbestätigung.");
    expect(mail.body).not.toMatch(/Von:|Gesendet:|Betreff:|Messestand|Aufbau beginnt/);
    expect(mail.forwarded).toBeUndefined();
  });

  it("drops the quoted history under a Spanish Gmail 'El … escribió:' line", async () => {
    const mail = await cleaned("reply-gmail-spanish.eml");
    expect(mail.body).toBe("Perfecto, confirmo la reserva. Hay que pagar la señal antes del viernes.");
  });

  it("reads an AOL '-----Original Message-----' block as a reply, not a forward", async () => {
    const mail = await cleaned("reply-aol-original-message.eml");
    expect(mail.forwarded).toBeUndefined();
    expect(mail.subject).toBe("Roof inspection");
    expect(mail.body).toBe("Yes, Thursday works. I will leave the side gate unlocked.");
  });

  it("cuts a 'Sent from my BlackBerry' signature and what it quotes", async () => {
    const mail = await cleaned("reply-blackberry.eml");
    expect(mail.body).toBe("OK, collect the van keys from the depot at 8.");
  });

  it("keeps the appointment lines of a fresh mail that a quote detector would take for headers", () => {
    const body =
      "Dentist appointment\nDate: Thursday 3 December\nTime: 9:30\nAddress: 12 High Street\n\nBring the forms.";
    expect(cleanMail({ subject: "Appointment", text: body }).body).toBe(body);
  });

  it("cuts at a reply header in a language the parsers do not list when only quotation follows", () => {
    const body =
      "Дякую, зроблю до п'ятниці.\n\n16 листопада 2026 р. о 10:00 <olena@example.com> написала:\n\n> Надішли звіт.\n> Олена";
    expect(cleanMail({ subject: "Re: Звіт", text: body }).body).toBe("Дякую, зроблю до п'ятниці.");
  });

  it("keeps an inline answer written between quoted lines", () => {
    const body =
      "On Mon, 16 Nov 2026 at 10:00, Bob <bob@example.com> wrote:\n> Can you call the plumber?\n\nYes, I will call him today.\n\n> And the electrician?\n\nTomorrow.";
    const mail = cleanMail({ subject: "Re: Repairs", text: body });
    expect(mail.body).toContain("Yes, I will call him today.");
    expect(mail.body).toContain("Tomorrow.");
    expect(mail.body).not.toContain("Can you call the plumber?");
  });
});

describe("cleaning forwards", () => {
  it("finds an Apple Mail forward quoted with '> ' with its own subject and sender", async () => {
    const mail = await cleaned("forward-apple-mail-quoted.eml");
    expect(mail.forwarded).toEqual({
      from: "Ms Okafor <okafor@school.example>",
      subject: "School trip form",
    });
    expect(mail.subject).toBe("School trip form");
    expect(mail.body).toContain("TODO: Sign the museum trip consent form");
    expect(mail.body).toContain("TODO: Pay the 12 pound trip fee");
    expect(mail.body).not.toMatch(/^>/m);
  });

  it("reads the forwarder's note above the forwarded body, one marker line between them", async () => {
    const mail = await cleaned("forward-with-note.eml");
    expect(mail.forwarded).toEqual({
      from: "Heat Right Service <bookings@heatright.example>",
      subject: "Boiler service",
    });
    expect(mail.body.startsWith("Can you book this for next week? Ask for a morning slot.")).toBe(true);
    expect(mail.body).toContain("Your annual boiler service is due.");
    // The forward's own header lines are gone; one marker says where the forwarded part starts.
    expect(mail.body).not.toContain("bookings@heatright.example");
    expect(mail.body.match(/^---------- Forwarded message ---------$/gm)).toHaveLength(1);
  });

  it("knows localised forward prefixes (WG:, TR:, RV:, I:, VS:, PD:, Doorst:)", () => {
    const body =
      "Please handle this.\n\nFrom: Kim <kim@example.com>\nSent: Monday, 16 November 2026 10:00\nTo: Ada <ada@example.com>\nSubject: Invoice 42\n\nInvoice 42 is overdue.";
    for (const prefix of ["WG:", "TR:", "RV:", "I:", "VS:", "PD:", "Doorst:", "FW:"]) {
      const mail = cleanMail({ subject: `${prefix} Invoice 42`, text: body });
      expect(mail.forwarded, prefix).toEqual({ from: "Kim <kim@example.com>", subject: "Invoice 42" });
      expect(mail.body, prefix).toBe(
        "Please handle this.\n\n---------- Forwarded message ---------\n\nInvoice 42 is overdue.",
      );
    }
    // The same block under a reply subject is quoted history.
    expect(cleanMail({ subject: "Re: Invoice 42", text: body }).body).toBe("Please handle this.");
  });

  it("reads Open-Xchange's ten-dash 'Original Message' banner as a forward, note included, with no subject", () => {
    const body = [
      "Could you renew this before the end of the month?",
      "> ---------- Original Message ----------",
      "> From: Parking Office <permits@council.example>",
      "> To: Ada <ada@example.com>",
      "> Date: 16/11/2026 9:12 AM CET",
      "> Subject: Residents' parking permit",
      ">  ",
      "> Your residents' parking permit expires on 30 November.",
      "> Renew it online with your permit number.",
    ].join("\n");
    const mail = cleanMail({ subject: undefined, text: body });
    expect(mail.forwarded).toEqual({
      from: "Parking Office <permits@council.example>",
      subject: "Residents' parking permit",
    });
    expect(mail.subject).toBe("Residents' parking permit");
    expect(mail.body).toBe(
      "Could you renew this before the end of the month?\n\n---------- Forwarded message ---------\n\n" +
        "Your residents' parking permit expires on 30 November.\nRenew it online with your permit number.",
    );
  });

  it("takes a message sent on under an Outlook rule without a word added for a forward", () => {
    const quoted = [
      "________________________________",
      "From: Lena Park <lena@builders.example>",
      "Sent: Monday, 16 November 2026 10:00",
      "To: Ada <ada@example.com>",
      "Subject: Kitchen tiles",
      "",
      "Please choose the kitchen tiles by Wednesday so we can order them.",
    ];
    const sentOn = cleanMail({ subject: undefined, text: quoted.join("\n") });
    expect(sentOn.forwarded).toEqual({ from: "Lena Park <lena@builders.example>", subject: "Kitchen tiles" });
    expect(sentOn.body).toBe("Please choose the kitchen tiles by Wednesday so we can order them.");

    // With an answer written above it, the same block is the history of a reply.
    const reply = cleanMail({
      subject: undefined,
      text: ["The grey ones, please.", "", ...quoted].join("\n"),
    });
    expect(reply.forwarded).toBeUndefined();
    expect(reply.body).toBe("The grey ones, please.");
  });

  it("keeps Outlook's five-dash 'Original Message' under new text a reply when there is no subject", () => {
    const body =
      "Done, see you then.\n\n-----Original Message-----\nFrom: Sam <sam@example.com>\nSent: Monday, 16 November 2026 10:00\nTo: Ada <ada@example.com>\nSubject: Lunch\n\nLunch at noon on Friday?";
    const mail = cleanMail({ subject: undefined, text: body });
    expect(mail.forwarded).toBeUndefined();
    expect(mail.body).toBe("Done, see you then.");
  });
});

describe("cleaning HTML-only and oversized mail", () => {
  it("turns an HTML-only newsletter into text without its blockquote, images or link targets", async () => {
    const mail = await cleaned("html-only-newsletter.eml");
    expect(mail.body).toContain("TODO: Order the spring bulbs");
    expect(mail.body).toContain("our shop");
    expect(mail.body).not.toMatch(/Prune the roses|Old news|garden\.example|logo|color: green/);
  });

  it("reads no more than twice what extraction reads from a 10 MiB one-line message", () => {
    const text = "please call the supplier about the order ".repeat(260_000);
    const mail = cleanMail({ subject: "Big", text });
    expect(mail.body.length).toBeGreaterThan(EXTRACT_MAX_CHARS);
    expect(mail.body.length).toBeLessThanOrEqual(2 * EXTRACT_MAX_CHARS);
    expect(mail.body.startsWith("please call the supplier")).toBe(true);
  });
});

describe("tasks made from a forwarded e-mail", () => {
  let t: TestApp;
  let me: SignedUp;

  beforeEach(async () => {
    t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET } });
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  it("come from the forwarded body and name its sender and subject in the description", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: raw("forward-apple-mail-quoted.eml", {
        from: me.user.email,
        to: `${me.user.username}@${DOMAIN}`,
      }),
    });
    expect(response.statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(me.token) });
    const tasks = list.json() as TaskJson[];
    expect(tasks.map((task) => task.title).sort()).toEqual([
      "Pay the 12 pound trip fee",
      "Sign the museum trip consent form",
    ]);
    for (const task of tasks) {
      expect(task.description).toMatch(
        /^Forwarded message from Ms Okafor <okafor@school\.example>: "School trip form"/,
      );
    }
  });
});
