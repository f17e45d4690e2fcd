import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { COMMON_PASSWORD_MESSAGE } from "../../src/lib/passwords";
import type { OutgoingMail } from "../../src/mail/mailer";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const { forgotPassword, resetPassword, login, me } = apiRoutes;

let counter = 0;
/** A fresh address per test: the PostgreSQL run shares one database. */
function freshEmail(): string {
  counter += 1;
  return `reset${counter}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function post(
  t: TestApp,
  url: string,
  payload: Record<string, unknown>,
  remoteAddress = "203.0.113.20",
) {
  const response = await t.app.inject({ method: "POST", url, payload, remoteAddress });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

function resetMailsTo(t: TestApp, email: string): OutgoingMail[] {
  return t.mailer.sent.filter(
    (mail) => mail.to.toLowerCase() === email.toLowerCase() && mail.subject.includes("password reset"),
  );
}

function latestResetCode(t: TestApp, email: string): string {
  const code = /\b(\d{6})\b/.exec(resetMailsTo(t, email).at(-1)?.text ?? "")?.[1];
  if (!code) throw new Error(`No reset code was mailed to ${email}`);
  return code;
}

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

const NEW_PASSWORD = "Copper-Kettle-Morning-84";
const MINUTE = 60_000;

describe("password reset: POST /auth/forgot-password and /auth/reset-password", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  describe("POST /auth/forgot-password", () => {
    it("answers 200 with the same body for a known and an unknown address, and mails only the account", async () => {
      const { user } = await signUp(t);
      const mailsBefore = t.mailer.sent.length;

      const known = await post(t, forgotPassword.path, { email: user.email }, "198.51.100.1");
      const unknown = await post(t, forgotPassword.path, { email: freshEmail() }, "198.51.100.2");

      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(known.body.expires_in).toBe(10);
      expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
      expect(latestResetCode(t, user.email)).toMatch(/^\d{6}$/);
    });

    it("mails the code to the account's own address whatever the case typed", async () => {
      const { user } = await signUp(t);
      expect((await post(t, forgotPassword.path, { email: user.email.toUpperCase() })).status).toBe(200);
      expect(resetMailsTo(t, user.email).at(-1)?.to).toBe(user.email);
    });

    it("answers 400 with the spec's message for a malformed address", async () => {
      const response = await post(t, forgotPassword.path, { email: "not-an-address" });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Please enter a valid email address");
    });

    it("still answers 200 when the mail cannot be sent, and lets the person ask again at once", async () => {
      let fail = true;
      const delivered: OutgoingMail[] = [];
      const flaky = await createTestApp({
        db: t.deps.db,
        mailer: {
          async send(mail) {
            if (fail) throw new Error("SMTP connection refused");
            delivered.push(mail);
          },
        },
      });
      try {
        const { user } = await signUp(t);
        expect((await post(flaky, forgotPassword.path, { email: user.email })).status).toBe(200);
        fail = false;
        expect((await post(flaky, forgotPassword.path, { email: user.email })).status).toBe(200);
        expect(delivered).toHaveLength(1);
      } finally {
        await flaky.close();
      }
    });
  });

  describe("POST /auth/reset-password", () => {
    it("sets the new password: the old one stops working and the new one signs in", async () => {
      const { user, password } = await signUp(t);
      await post(t, forgotPassword.path, { email: user.email });
      const code = latestResetCode(t, user.email);

      const reset = await post(t, resetPassword.path, {
        email: user.email,
        code,
        new_password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe("Your password has been reset. Please sign in with your new password.");

      expect((await post(t, login.path, { email: user.email, password })).status).toBe(401);
      expect((await post(t, login.path, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    });

    it("ends every session of the account", async () => {
      const { user, token, password } = await signUp(t);
      const second = (await post(t, login.path, { email: user.email, password })).body.token as string;
      await post(t, forgotPassword.path, { email: user.email });

      await post(t, resetPassword.path, {
        email: user.email,
        code: latestResetCode(t, user.email),
        new_password: NEW_PASSWORD,
      });

      for (const oldToken of [token, second]) {
        const response = await t.app.inject({ method: "GET", url: me.path, headers: bearer(oldToken) });
        expect(response.statusCode).toBe(401);
      }
    });

    it("answers 400 'Invalid or expired code' for a wrong code, and still takes the right one afterwards", async () => {
      const { user } = await signUp(t);
      await post(t, forgotPassword.path, { email: user.email });
      const code = latestResetCode(t, user.email);

      const wrong = await post(t, resetPassword.path, {
        email: user.email,
        code: wrongCode(code),
        new_password: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe("Invalid or expired code");

      const right = await post(t, resetPassword.path, {
        email: user.email,
        code,
        new_password: NEW_PASSWORD,
      });
      expect(right.status).toBe(200);
    });

    it("answers 400 'Invalid or expired code' once the code has expired", async () => {
      const { user, password } = await signUp(t);
      await post(t, forgotPassword.path, { email: user.email });
      const code = latestResetCode(t, user.email);
      t.clock.advance(10 * MINUTE + 1_000);

      const late = await post(t, resetPassword.path, { email: user.email, code, new_password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe("Invalid or expired code");
      expect((await post(t, login.path, { email: user.email, password })).status).toBe(200);
    });

    it("uses a code only once", async () => {
      const { user } = await signUp(t);
      await post(t, forgotPassword.path, { email: user.email });
      const code = latestResetCode(t, user.email);
      expect(
        (await post(t, resetPassword.path, { email: user.email, code, new_password: NEW_PASSWORD })).status,
      ).toBe(200);

      const again = await post(t, resetPassword.path, {
        email: user.email,
        code,
        new_password: "Second-Copper-Kettle-85",
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe("Invalid or expired code");
    });

    it("voids the code after 5 wrong tries: the sixth try fails even with the right code", async () => {
      const { user } = await signUp(t);
      await post(t, forgotPassword.path, { email: user.email });
      const code = latestResetCode(t, user.email);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await post(t, resetPassword.path, {
          email: user.email,
          code: wrongCode(code),
          new_password: NEW_PASSWORD,
        });
        expect(wrong.body.message).toBe("Invalid or expired code");
      }
      const right = await post(t, resetPassword.path, {
        email: user.email,
        code,
        new_password: NEW_PASSWORD,
      });
      expect(right.status).toBe(400);
      expect(right.body.message).toBe("Invalid or expired code");
    });

    it("answers the same 400 for an address without an account, with no code requested, and for a malformed code", async () => {
      const stranger = freshEmail();
      await post(t, forgotPassword.path, { email: stranger });
      const { user } = await signUp(t);

      for (const payload of [
        { email: stranger, code: "123456" },
        { email: user.email, code: "123456" },
        { email: user.email, code: "12ab" },
      ]) {
        const response = await post(t, resetPassword.path, { ...payload, new_password: NEW_PASSWORD });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe("Invalid or expired code");
      }
    });

    it("does not take a sign-up verification code as a reset code", async () => {
      const email = freshEmail();
      await post(t, apiRoutes.sendVerification.path, { email });
      const signUpCode = /\b(\d{6})\b/.exec(t.mailer.sent.at(-1)?.text ?? "")?.[1];
      const response = await post(t, resetPassword.path, {
        email,
        code: signUpCode,
        new_password: NEW_PASSWORD,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Invalid or expired code");
    });

    it("applies the rules of registration to the new password without spending a try of the code", async () => {
      const { user } = await signUp(t);
      await post(t, forgotPassword.path, { email: user.email });
      const code = latestResetCode(t, user.email);

      const short = await post(t, resetPassword.path, { email: user.email, code, new_password: "abc" });
      expect(short.status).toBe(400);
      expect(short.body.message).toMatch(/Password must be at least 6 characters$/);

      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const common = await post(t, resetPassword.path, {
          email: user.email,
          code,
          new_password: "password",
        });
        expect(common.status).toBe(400);
        expect(common.body.message).toBe(COMMON_PASSWORD_MESSAGE);
      }
      expect(
        (await post(t, resetPassword.path, { email: user.email, code, new_password: NEW_PASSWORD })).status,
      ).toBe(200);
    });
  });

  describe("rate limits (429 with a message), like the sign-up code", () => {
    it("sends at most one code a minute per address, answering known and unknown addresses alike", async () => {
      const { user } = await signUp(t);
      const unknown = freshEmail();
      for (const email of [user.email, unknown]) {
        expect((await post(t, forgotPassword.path, { email }, "198.51.100.7")).status).toBe(200);
      }
      const knownAgain = await post(t, forgotPassword.path, { email: user.email }, "198.51.100.8");
      const unknownAgain = await post(t, forgotPassword.path, { email: unknown }, "198.51.100.8");
      expect(knownAgain.status).toBe(429);
      expect(unknownAgain.status).toBe(429);
      expect(unknownAgain.body).toEqual(knownAgain.body);
      expect(knownAgain.body.message).toMatch(
        /^A code was just sent to this address\. Please wait (1 minute|\d+ seconds) before requesting another\.$/,
      );

      t.clock.advance(MINUTE);
      expect((await post(t, forgotPassword.path, { email: user.email }, "198.51.100.9")).status).toBe(200);
      expect(resetMailsTo(t, user.email)).toHaveLength(2);
    });

    it("limits reset codes per address to 6 an hour even when each waits the minute", async () => {
      const email = freshEmail();
      for (let send = 1; send <= 6; send += 1) {
        expect((await post(t, forgotPassword.path, { email }, `198.51.100.${send}`)).status).toBe(200);
        t.clock.advance(61_000);
      }
      const blocked = await post(t, forgotPassword.path, { email }, "198.51.100.50");
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(
        /^Too many reset codes requested\. Please try again in \d+ minutes\.$/,
      );
    });

    it("limits reset codes per client address to 20 an hour", async () => {
      for (let send = 1; send <= 20; send += 1) {
        expect((await post(t, forgotPassword.path, { email: freshEmail() })).status).toBe(200);
      }
      const blocked = await post(t, forgotPassword.path, { email: freshEmail() });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe("Too many reset codes requested. Please try again in 60 minutes.");
    });

    it("limits reset attempts per client address to 30 in 15 minutes", async () => {
      const attempt = () =>
        post(t, resetPassword.path, { email: freshEmail(), code: "000000", new_password: NEW_PASSWORD });
      for (let check = 1; check <= 30; check += 1) expect((await attempt()).status).toBe(400);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe("Too many reset attempts. Please try again in 15 minutes.");
    });

    it("limits reset attempts per address to 15 an hour, whatever the client address", async () => {
      const email = freshEmail();
      for (let check = 1; check <= 15; check += 1) {
        const response = await post(
          t,
          resetPassword.path,
          { email, code: "000000", new_password: NEW_PASSWORD },
          `198.51.100.${check}`,
        );
        expect(response.status).toBe(400);
      }
      const blocked = await post(
        t,
        resetPassword.path,
        { email, code: "000000", new_password: NEW_PASSWORD },
        "198.51.100.99",
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many reset attempts\. Please try again in \d+ minutes\.$/);
    });
  });

  describe("where the code went", () => {
    it("says the code was written to the server log when no mail server is configured", async () => {
      const signUpCode = await post(t, apiRoutes.sendVerification.path, { email: "ada@example.com" });
      expect(signUpCode.body).toMatchObject({
        delivery: "server_log",
        message:
          "No mail server is configured, so the verification code for ada@example.com was written to the server log",
      });
      expect((await post(t, forgotPassword.path, { email: freshEmail() })).body.delivery).toBe("server_log");
    });

    it("says the code was e-mailed when SMTP_URL is set", async () => {
      const withSmtp = await createTestApp({
        db: t.deps.db,
        env: { SMTP_URL: "smtp://mail.example.com:587" },
      });
      try {
        const signUpCode = await post(withSmtp, apiRoutes.sendVerification.path, { email: freshEmail() });
        expect(signUpCode.body.delivery).toBe("email");
        expect(signUpCode.body.message).toMatch(/^We sent a verification code to /);
        expect((await post(withSmtp, forgotPassword.path, { email: freshEmail() })).body.delivery).toBe(
          "email",
        );
      } finally {
        await withSmtp.close();
      }
    });
  });
});
