import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userSchema } from "@contract/auth";
import { parseConfig } from "../../src/config";
import type { OutgoingMail } from "../../src/mail/mailer";
import { bearer, createTestApp, latestVerificationCode, signUp, type TestApp } from "../helpers";

let counter = 0;
/** A fresh address and username per test: the PostgreSQL run shares one database. */
function fresh(prefix = "auth") {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 8)}`;
  return { email: `${id}@example.com`, username: id, password: `Amber-Lantern-${id}` };
}

interface CallOptions {
  token?: string;
  body?: Record<string, unknown>;
  ip?: string;
}

async function call(t: TestApp, method: "GET" | "POST" | "PUT", url: string, options: CallOptions = {}) {
  const response = await t.app.inject({
    method,
    url,
    headers: options.token ? bearer(options.token) : {},
    ...(options.body ? { payload: options.body } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const body = response.body ? (response.json() as Record<string, unknown>) : undefined;
  return { status: response.statusCode, body, retryAfter: response.headers["retry-after"] };
}

async function sendCode(t: TestApp, email: string, ip?: string): Promise<string> {
  const sent = await call(t, "POST", "/auth/send-verification", { body: { email }, ip });
  expect(sent.status).toBe(200);
  return latestVerificationCode(t.mailer, email);
}

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("accounts: /auth/*", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  describe("POST /auth/send-verification", () => {
    it("mails a 6-digit code to the address and answers expires_in in minutes (default 10)", async () => {
      const { email } = fresh();
      const response = await call(t, "POST", "/auth/send-verification", { body: { email } });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ expires_in: 10 });
      expect(response.body?.message).toEqual(expect.any(String));
      expect(t.mailer.sent).toHaveLength(1);
      const mail = t.mailer.sent[0] as OutgoingMail;
      expect(mail.to).toBe(email);
      expect(mail.text).toMatch(/verification code is \d{6}/);
    });

    it("stores only a hash of the code, never the code itself", async () => {
      const { email } = fresh();
      const code = await sendCode(t, email);
      const row = await t.deps.db
        .selectFrom("verification_codes")
        .selectAll()
        .where("email_lower", "=", email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("takes expires_in from VERIFICATION_CODE_TTL_MINUTES", async () => {
      const custom = await createTestApp({ env: { VERIFICATION_CODE_TTL_MINUTES: "5" } });
      try {
        const response = await call(custom, "POST", "/auth/send-verification", {
          body: { email: fresh().email },
        });
        expect(response.body).toMatchObject({ expires_in: 5 });
        expect(custom.mailer.sent[0]?.text).toContain("expires in 5 minutes");
      } finally {
        await custom.close();
      }
    });

    it("refuses a resend within a minute with 429, and allows it after the minute; only the new code works", async () => {
      const { email, username, password } = fresh();
      const first = await sendCode(t, email);

      t.clock.advance(30_000);
      const tooSoon = await call(t, "POST", "/auth/send-verification", {
        body: { email: email.toUpperCase() },
      });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body?.message).toBe(
        "A code was just sent to this address. Please wait 30 seconds before requesting another.",
      );
      expect(tooSoon.retryAfter).toBe("30");
      expect(t.mailer.sent).toHaveLength(1);

      t.clock.advance(30_000);
      const second = await sendCode(t, email);
      expect(t.mailer.sent).toHaveLength(2);

      if (first !== second) {
        const withOld = await call(t, "POST", "/auth/register", {
          body: { email, verification_code: first, username, password },
        });
        expect(withOld.status).toBe(400);
      }
      const withNew = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: second, username, password },
      });
      expect(withNew.status).toBe(200);
    });

    it("answers 400 with the spec's message for an invalid e-mail", async () => {
      const response = await call(t, "POST", "/auth/send-verification", {
        body: { email: "not-an-address" },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe("Please enter a valid email address");
      expect(t.mailer.sent).toHaveLength(0);
    });

    it("answers an address that already has an account like a new one, mailing its owner a note instead of a code", async () => {
      const { email } = fresh();
      await signUp(t, { email });
      const response = await call(t, "POST", "/auth/send-verification", {
        body: { email: email.toUpperCase() },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ expires_in: 10 });
      expect(t.mailer.sent.at(-1)?.subject).toBe("Someone tried to sign up to Tasklane with your address");
    });

    it("answers 502 when the mail cannot be sent, and lets the user try again at once", async () => {
      let fail = true;
      const sent: OutgoingMail[] = [];
      const flaky = await createTestApp({
        mailer: {
          async send(mail) {
            if (fail) throw new Error("SMTP connection refused");
            sent.push(mail);
          },
        },
      });
      try {
        const { email } = fresh();
        const failed = await call(flaky, "POST", "/auth/send-verification", { body: { email } });
        expect(failed.status).toBe(502);
        expect(failed.body?.message).toBe(
          "We could not send the verification e-mail. Please try again in a moment.",
        );

        fail = false;
        const retried = await call(flaky, "POST", "/auth/send-verification", { body: { email } });
        expect(retried.status).toBe(200);
        expect(sent).toHaveLength(1);
      } finally {
        await flaky.close();
      }
    });
  });

  describe("POST /auth/register", () => {
    it("creates the account and answers a token and a user with every field of the user JSON", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      const response = await call(t, "POST", "/auth/register", {
        body: {
          email,
          verification_code: code,
          username,
          password,
          first_name: "Ada",
          last_name: "Lovelace",
        },
      });

      expect(response.status).toBe(200);
      const user = userSchema.strict().parse(response.body?.user);
      expect(user).toMatchObject({
        email,
        username,
        first_name: "Ada",
        last_name: "Lovelace",
        timezone: "UTC",
        is_premium: false,
        llm_usage_count: 0,
        llm_usage_limit: 20,
        created_at: "2026-11-21T10:00:00.000Z",
      });
      const token = response.body?.token as string;
      expect(token.length).toBeGreaterThanOrEqual(22);
      const me = await call(t, "GET", "/auth/me", { token });
      expect(me.body).toEqual(response.body?.user);
    });

    it("leaves optional names empty when they are not given", async () => {
      const { user } = await signUp(t);
      expect(user.first_name).toBeNull();
      expect(user.last_name).toBeNull();
    });

    it("stores the password as an argon2id hash with 19 MiB, t=2, p=1", async () => {
      // At the server's own cost, not the cheaper one of the tests' configuration.
      const server = await createTestApp({ config: { passwordHashCost: parseConfig({}).passwordHashCost } });
      try {
        const { user, password } = await signUp(server);
        const row = await server.deps.db
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", user.id)
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(row.password_hash).not.toContain(password);
        const login = await call(server, "POST", "/auth/login", { body: { email: user.email, password } });
        expect(login.status).toBe(200);
      } finally {
        await server.close();
      }
    });

    it("uses the code only once", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      await call(t, "POST", "/auth/register", {
        body: { email, verification_code: code, username, password },
      });
      const row = await t.deps.db
        .selectFrom("verification_codes")
        .selectAll()
        .where("email_lower", "=", email.toLowerCase())
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("refuses a wrong code with 400, and still takes the right one afterwards", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      const wrong = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: wrongCode(code), username, password },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body?.message).toBe("The verification code is incorrect. 4 tries left.");

      const right = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: code, username, password },
      });
      expect(right.status).toBe(200);
    });

    it("refuses an expired code with 400", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      t.clock.advance(10 * 60_000 + 1_000);
      const response = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: code, username, password },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe("The verification code has expired. Please request a new code.");
    });

    it("accepts a code just before it expires", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      t.clock.advance(10 * 60_000 - 1_000);
      const response = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: code, username, password },
      });
      expect(response.status).toBe(200);
    });

    it("voids the code after 5 wrong tries: the sixth try fails even with the right code", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await call(t, "POST", "/auth/register", {
          body: { email, verification_code: wrongCode(code), username, password },
        });
        expect(wrong.status).toBe(400);
      }
      const sixth = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: code, username, password },
      });
      expect(sixth.status).toBe(400);
      expect(sixth.body?.message).toBe("Too many incorrect verification codes. Please request a new code.");

      // A new code starts afresh.
      t.clock.advance(61_000);
      const newCode = await sendCode(t, email);
      const retried = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: newCode, username, password },
      });
      expect(retried.status).toBe(200);
    });

    it("counts parallel guesses too: at most 5 of 12 simultaneous tries are even compared", async () => {
      const { email, username, password } = fresh();
      const code = await sendCode(t, email);
      const guesses = Array.from({ length: 12 }, (_, index) =>
        call(t, "POST", "/auth/register", {
          body: {
            email,
            verification_code: wrongCode(String((Number(code) + index) % 1_000_000)),
            username,
            password,
          },
          ip: `192.0.2.${index + 1}`,
        }),
      );
      const answers = await Promise.all(guesses);
      const compared = answers.filter((answer) =>
        String(answer.body?.message).startsWith("The verification code is incorrect"),
      );
      expect(compared).toHaveLength(5);
      const right = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: code, username, password },
      });
      expect(right.status).toBe(400);
    });

    it("refuses a code when none was requested for the address", async () => {
      const { email, username, password } = fresh();
      const response = await call(t, "POST", "/auth/register", {
        body: { email, verification_code: "123456", username, password },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe(
        "No verification code was sent to this e-mail address. Please request a code first.",
      );
    });

    it("refuses a code sent to another address", async () => {
      const first = fresh();
      const second = fresh();
      const code = await sendCode(t, first.email);
      await sendCode(t, second.email);
      const response = await call(t, "POST", "/auth/register", {
        body: { ...second, verification_code: code },
      });
      // Codes are random, so the two may coincide one time in a million.
      if (code !== latestVerificationCode(t.mailer, second.email)) expect(response.status).toBe(400);
    });

    it("answers a taken e-mail without a valid code like any address without one (400, nothing revealed)", async () => {
      const { email } = fresh();
      await signUp(t, { email });
      const other = fresh();
      const response = await call(t, "POST", "/auth/register", {
        body: {
          email: email.toUpperCase(),
          verification_code: "123456",
          username: other.username,
          password: other.password,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body?.code).toBe("code_missing");
    });

    it("answers 409 'This username is taken' for a taken username in another case", async () => {
      const { username } = fresh();
      await signUp(t, { username });
      const other = fresh();
      const code = await sendCode(t, other.email);
      const response = await call(t, "POST", "/auth/register", {
        body: {
          email: other.email,
          verification_code: code,
          username: username.toUpperCase(),
          password: other.password,
        },
      });
      expect(response.status).toBe(409);
      expect(response.body?.message).toBe("This username is taken");

      // The refused attempt did not use up the code.
      const retried = await call(t, "POST", "/auth/register", {
        body: { ...other, verification_code: code },
      });
      expect(retried.status).toBe(200);
    });

    it.each([
      [{ password: "abc12" }, "Password must be at least 6 characters"],
      [{ username: "ab" }, "Username must be at least 3 characters"],
      [
        { username: "has space" },
        "Username may only use letters, digits, dots, hyphens and underscores, and must start and end with a letter or digit",
      ],
      [{ email: "nobody@" }, "Please enter a valid email address"],
      [{ verification_code: "" }, "Verification code is required"],
      [{ verification_code: "12ab56" }, "Verification code must be 6 digits"],
    ])("re-checks the sign-up rules on the server: %o → 400 %s", async (override, message) => {
      const account = fresh();
      const code = await sendCode(t, account.email);
      const response = await call(t, "POST", "/auth/register", {
        body: { ...account, verification_code: code, ...override },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe(message);
    });

    it.each(["password", "qwerty123", "Iloveyou", "letmein"])(
      "refuses the common password %s with a clear 400",
      async (common) => {
        const account = fresh();
        const code = await sendCode(t, account.email);
        const response = await call(t, "POST", "/auth/register", {
          body: { ...account, verification_code: code, password: common },
        });
        expect(response.status).toBe(400);
        expect(response.body?.message).toBe(
          "This password is too common and easy to guess. Please choose a less common password.",
        );
      },
    );

    it("refuses usernames reserved for mail, such as postmaster", async () => {
      const account = fresh();
      const code = await sendCode(t, account.email);
      const response = await call(t, "POST", "/auth/register", {
        body: { ...account, verification_code: code, username: "Postmaster" },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe("This username is reserved. Please choose another.");
    });
  });

  describe("POST /auth/login", () => {
    it("signs in with the e-mail in any case and answers a working token and the user", async () => {
      const { email, password, user } = await signUpFresh(t);
      const response = await call(t, "POST", "/auth/login", {
        body: { email: email.toUpperCase(), password },
      });
      expect(response.status).toBe(200);
      expect(response.body?.user).toEqual(user);
      const me = await call(t, "GET", "/auth/me", { token: response.body?.token as string });
      expect(me.status).toBe(200);
    });

    it("answers the same 401 'Invalid email or password' for an unknown e-mail and a wrong password", async () => {
      const { email } = await signUpFresh(t);
      const unknown = await call(t, "POST", "/auth/login", {
        body: { email: fresh().email, password: "Whatever-Pass-1" },
      });
      const wrongPassword = await call(t, "POST", "/auth/login", {
        body: { email, password: "Whatever-Pass-1" },
      });
      expect(unknown.status).toBe(401);
      expect(wrongPassword.status).toBe(401);
      expect(unknown.body).toEqual({ message: "Invalid email or password" });
      expect(wrongPassword.body).toEqual(unknown.body);
    });

    it("answers 400 with the spec's messages for a malformed e-mail or a short password", async () => {
      const badEmail = await call(t, "POST", "/auth/login", {
        body: { email: "nope", password: "long-enough" },
      });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body?.message).toBe("Please enter a valid email address");
      const shortPassword = await call(t, "POST", "/auth/login", {
        body: { email: "a@example.com", password: "12345" },
      });
      expect(shortPassword.status).toBe(400);
      expect(shortPassword.body?.message).toBe("Password must be at least 6 characters");
    });
  });

  describe("GET /auth/me and tokens", () => {
    it("answers 401 without a token, with an unknown token and with a malformed header", async () => {
      expect((await call(t, "GET", "/auth/me")).status).toBe(401);
      expect((await call(t, "GET", "/auth/me", { token: "not-a-real-token" })).status).toBe(401);
      const malformed = await t.app.inject({
        method: "GET",
        url: "/auth/me",
        headers: { authorization: "Basic abc" },
      });
      expect(malformed.statusCode).toBe(401);
    });

    it("keeps a token valid for 30 days and answers 401 once it has expired", async () => {
      const { token } = await signUp(t);
      t.clock.advance(30 * 86_400_000 - 60_000);
      expect((await call(t, "GET", "/auth/me", { token })).status).toBe(200);
      t.clock.advance(2 * 60_000);
      const expired = await call(t, "GET", "/auth/me", { token });
      expect(expired.status).toBe(401);
      expect(expired.body?.message).toBe("Your session has expired or was revoked. Please sign in again.");
    });

    it("takes the session lifetime from SESSION_TTL_DAYS", async () => {
      const shortLived = await createTestApp({ env: { SESSION_TTL_DAYS: "1" } });
      try {
        const { token } = await signUp(shortLived);
        shortLived.clock.advance(86_400_000 + 1_000);
        expect((await call(shortLived, "GET", "/auth/me", { token })).status).toBe(401);
      } finally {
        await shortLived.close();
      }
    });
  });

  describe("POST /auth/logout", () => {
    it("answers 204 and revokes this token only", async () => {
      const { token, email, password } = await signUpFresh(t);
      const other = await call(t, "POST", "/auth/login", { body: { email, password } });
      const otherToken = other.body?.token as string;

      const response = await t.app.inject({ method: "POST", url: "/auth/logout", headers: bearer(token) });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");

      expect((await call(t, "GET", "/auth/me", { token })).status).toBe(401);
      expect((await call(t, "POST", "/auth/logout", { token })).status).toBe(401);
      expect((await call(t, "GET", "/auth/me", { token: otherToken })).status).toBe(200);
    });
  });

  describe("POST /auth/timezone", () => {
    it("sets an IANA time zone and answers the user", async () => {
      const { token } = await signUp(t);
      const response = await call(t, "POST", "/auth/timezone", {
        token,
        body: { timezone: "Europe/Berlin" },
      });
      expect(response.status).toBe(200);
      expect(response.body?.timezone).toBe("Europe/Berlin");
      expect((await call(t, "GET", "/auth/me", { token })).body?.timezone).toBe("Europe/Berlin");
    });

    it.each(["+02:00", "UTC+2", "Mars/Olympus_Mons", ""])(
      "refuses %j with 400 and keeps the saved zone",
      async (timezone) => {
        const { token } = await signUp(t);
        const response = await call(t, "POST", "/auth/timezone", { token, body: { timezone } });
        expect(response.status).toBe(400);
        expect(response.body?.message).toBe("Timezone must be an IANA time-zone name such as Europe/Berlin");
        expect((await call(t, "GET", "/auth/me", { token })).body?.timezone).toBe("UTC");
      },
    );

    it("needs a token", async () => {
      expect((await call(t, "POST", "/auth/timezone", { body: { timezone: "UTC" } })).status).toBe(401);
    });
  });

  describe("POST /auth/change-password", () => {
    it("changes the password, keeps this session and revokes every other one", async () => {
      const { token, email, password } = await signUpFresh(t);
      const otherSession = (await call(t, "POST", "/auth/login", { body: { email, password } })).body
        ?.token as string;
      const newPassword = "Velvet-Compass-2048";

      const response = await call(t, "POST", "/auth/change-password", {
        token,
        body: { current_password: password, new_password: newPassword },
      });
      expect(response.status).toBe(200);
      expect(response.body?.email).toBe(email);

      expect((await call(t, "GET", "/auth/me", { token })).status).toBe(200);
      expect((await call(t, "GET", "/auth/me", { token: otherSession })).status).toBe(401);
      expect((await call(t, "POST", "/auth/login", { body: { email, password } })).status).toBe(401);
      expect((await call(t, "POST", "/auth/login", { body: { email, password: newPassword } })).status).toBe(
        200,
      );
    });

    it("answers 400 'Current password is incorrect' and changes nothing", async () => {
      const { token, email, password } = await signUpFresh(t);
      const response = await call(t, "POST", "/auth/change-password", {
        token,
        body: { current_password: "Not-The-Password-1", new_password: "Velvet-Compass-2048" },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe("Current password is incorrect");
      expect((await call(t, "POST", "/auth/login", { body: { email, password } })).status).toBe(200);
    });

    it("refuses a short or common new password with 400", async () => {
      const { token, password } = await signUp(t);
      const short = await call(t, "POST", "/auth/change-password", {
        token,
        body: { current_password: password, new_password: "abc" },
      });
      expect(short.status).toBe(400);
      expect(short.body?.message).toBe("new_password: Password must be at least 6 characters");
      const common = await call(t, "POST", "/auth/change-password", {
        token,
        body: { current_password: password, new_password: "password1" },
      });
      expect(common.status).toBe(400);
      expect(common.body?.message).toBe(
        "This password is too common and easy to guess. Please choose a less common password.",
      );
    });

    it("refuses a new password equal to the current one", async () => {
      const { token, password } = await signUp(t);
      const response = await call(t, "POST", "/auth/change-password", {
        token,
        body: { current_password: password, new_password: password },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe("The new password must be different from the current password");
    });
  });

  describe("PUT /auth/profile", () => {
    it("changes only the names provided", async () => {
      const { token } = await signUp(t, { first_name: "Ada", last_name: "Lovelace" });
      const response = await call(t, "PUT", "/auth/profile", { token, body: { first_name: "Augusta" } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ first_name: "Augusta", last_name: "Lovelace" });
      const cleared = await call(t, "PUT", "/auth/profile", { token, body: { last_name: "" } });
      expect(cleared.body).toMatchObject({ first_name: "Augusta", last_name: null });
    });

    it("never changes the e-mail or the username", async () => {
      const { token, user } = await signUp(t);
      const response = await call(t, "PUT", "/auth/profile", {
        token,
        body: { email: "someone-else@example.com", username: "someone-else", first_name: "Grace" },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        email: user.email,
        username: user.username,
        first_name: "Grace",
      });
    });

    it("refuses a name longer than 100 characters", async () => {
      const { token } = await signUp(t);
      const response = await call(t, "PUT", "/auth/profile", {
        token,
        body: { first_name: "x".repeat(101) },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe("first_name: Names must be at most 100 characters");
    });
  });

  describe("isolation between users", () => {
    it("shows each user only their own account and changes only their own", async () => {
      const alice = await signUp(t, { first_name: "Alice" });
      const bob = await signUp(t, { first_name: "Bob" });

      await call(t, "PUT", "/auth/profile", { token: alice.token, body: { first_name: "Alicia" } });
      await call(t, "POST", "/auth/timezone", { token: alice.token, body: { timezone: "Asia/Tokyo" } });

      const aliceMe = await call(t, "GET", "/auth/me", { token: alice.token });
      const bobMe = await call(t, "GET", "/auth/me", { token: bob.token });
      expect(aliceMe.body).toMatchObject({ id: alice.user.id, first_name: "Alicia", timezone: "Asia/Tokyo" });
      expect(bobMe.body).toMatchObject({ id: bob.user.id, first_name: "Bob", timezone: "UTC" });
    });

    it("does not sign out another user when one logs out or changes the password", async () => {
      const alice = await signUp(t);
      const bob = await signUp(t);
      await call(t, "POST", "/auth/change-password", {
        token: alice.token,
        body: { current_password: alice.password, new_password: "Velvet-Compass-2048" },
      });
      await call(t, "POST", "/auth/logout", { token: alice.token });
      expect((await call(t, "GET", "/auth/me", { token: bob.token })).status).toBe(200);
    });
  });
});

async function signUpFresh(t: TestApp) {
  const account = fresh("login");
  const signed = await signUp(t, account);
  return { ...signed, email: account.email };
}
