import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { createTestApp, latestVerificationCode, signUp, type TestApp } from "../helpers";

async function post(t: TestApp, url: string, payload: Record<string, unknown>, remoteAddress = "192.0.2.44") {
  const response = await t.app.inject({ method: "POST", url, payload, remoteAddress });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe("accounts cannot be probed", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("answers wrong passwords the same for an existing and an unknown address, backoff included", async () => {
    const { user } = await signUp(t);
    const answers = async (email: string, client: string) => {
      const seen: string[] = [];
      for (let attempt = 0; attempt < 9; attempt += 1) {
        const response = await t.app.inject({
          method: "POST",
          url: apiRoutes.login.path,
          payload: { email, password: "Not-The-Password-7" },
          remoteAddress: client,
        });
        const { message } = response.json<{ message: string }>();
        seen.push(`${response.statusCode} ${message.replace(/\d+ seconds?/, "N seconds")}`);
      }
      return seen;
    };
    const existing = await answers(user.email, "192.0.2.50");
    const unknown = await answers("nobody-registered@example.com", "192.0.2.51");
    expect(existing).toEqual(unknown);
    expect(existing.at(-1)).toMatch(/^429 /);
  });

  it("answers a code request the same for a new and an existing address, and mails the owner a note instead of a code", async () => {
    const { user } = await signUp(t);
    const before = t.mailer.sent.length;
    const existing = await post(t, apiRoutes.sendVerification.path, { email: user.email.toUpperCase() });
    const fresh = await post(t, apiRoutes.sendVerification.path, { email: "someone-new@example.com" });

    expect(existing.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(existing.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(existing.body.expires_in).toBe(fresh.body.expires_in);
    expect(String(existing.body.message).replace(user.email.toUpperCase(), "…")).toBe(
      String(fresh.body.message).replace("someone-new@example.com", "…"),
    );

    const [note, code] = t.mailer.sent.slice(before);
    expect(note?.to.toLowerCase()).toBe(user.email.toLowerCase());
    expect(note?.subject).toBe("Someone tried to sign up to Tasklane with your address");
    expect(note?.text).not.toMatch(/\b\d{6}\b/);
    expect(code?.subject).toMatch(/verification code: \d{6}$/);

    // A second request within the minute is throttled the same way for both.
    const again = await post(t, apiRoutes.sendVerification.path, { email: user.email });
    const freshAgain = await post(t, apiRoutes.sendVerification.path, { email: "someone-new@example.com" });
    expect(again.status).toBe(429);
    expect(freshAgain.status).toBe(429);
  });

  it("says nothing about an existing e-mail or username to a registration without a valid code", async () => {
    const { user } = await signUp(t);
    const taken = await post(t, apiRoutes.register.path, {
      email: user.email,
      verification_code: "123456",
      username: user.username,
      password: "Quiet-Harbor-Lantern",
    });
    const free = await post(t, apiRoutes.register.path, {
      email: "nobody-yet@example.com",
      verification_code: "123456",
      username: "nobody-yet",
      password: "Quiet-Harbor-Lantern",
    });
    expect(taken).toEqual(free);
    expect(taken.status).toBe(400);

    // With a wrong code for a requested address, a taken username is not revealed either.
    await post(t, apiRoutes.sendVerification.path, { email: "prober@example.com" });
    const code = latestVerificationCode(t.mailer, "prober@example.com");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const probe = await post(t, apiRoutes.register.path, {
      email: "prober@example.com",
      verification_code: wrong,
      username: user.username,
      password: "Quiet-Harbor-Lantern",
    });
    expect(probe.status).toBe(400);
    expect(probe.body.code).toBe("code_incorrect");
  });

  it("says 'This username is taken' once the code for the e-mail is valid", async () => {
    const { user } = await signUp(t);
    await post(t, apiRoutes.sendVerification.path, { email: "late-comer@example.com" });
    const response = await post(t, apiRoutes.register.path, {
      email: "late-comer@example.com",
      verification_code: latestVerificationCode(t.mailer, "late-comer@example.com"),
      username: user.username,
      password: "Quiet-Harbor-Lantern",
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("This username is taken");
  });
});
