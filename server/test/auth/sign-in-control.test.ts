import { afterEach, describe, expect, it } from "vitest";
import {
  ACCOUNT_DISABLED_MESSAGE,
  NOT_INVITED_MESSAGE,
  SIGN_UP_CLOSED_MESSAGE,
} from "@contract/sign-in-options";
import { EXIT_OK, EXIT_USAGE, runAdminCommand } from "../../src/modules/auth/admin-commands";
import { bearer, createTestApp, latestVerificationCode, signUp, type TestApp } from "../helpers";

/** `npm run admin -- …` against the test database. */
async function admin(t: TestApp, ...args: string[]) {
  const lines: string[] = [];
  const code = await runAdminCommand({ db: t.deps.db, config: t.deps.config, now: t.clock.now() }, args, {
    info: (line) => lines.push(line),
    error: (line) => lines.push(line),
  });
  return { code, output: lines.join("\n") };
}

function sendCode(t: TestApp, email: string) {
  return t.app.inject({ method: "POST", url: "/auth/send-verification", payload: { email } });
}

function basic(name: string, password: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}` };
}

let t: TestApp;
afterEach(async () => t.close());

describe("REGISTRATION", () => {
  it("is open by default, and GET /auth/options says what the sign-in pages offer", async () => {
    t = await createTestApp();
    expect((await sendCode(t, "new@example.com")).statusCode).toBe(200);
    const options = await t.app.inject({ method: "GET", url: "/auth/options" });
    expect(options.json()).toEqual({ password: true, registration: "open", oidc: null });
  });

  it("closed refuses sign-up at its first step with 403 and a clear message, for any address", async () => {
    t = await createTestApp({ env: { REGISTRATION: "closed" } });
    const existing = await t.deps.db.selectFrom("users").select("id").execute();
    expect(existing).toEqual([]);
    const refused = await sendCode(t, "new@example.com");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SIGN_UP_CLOSED_MESSAGE, code: "sign_up_closed" });
    expect(t.mailer.sent).toEqual([]);
    const options = await t.app.inject({ method: "GET", url: "/auth/options" });
    expect(options.json()).toMatchObject({ registration: "closed" });
  });

  it("closed also refuses a code sent while sign-up was still open", async () => {
    const open = await createTestApp();
    await sendCode(open, "late@example.com");
    const code = latestVerificationCode(open.mailer, "late@example.com");
    t = await createTestApp({ db: open.deps.db, env: { REGISTRATION: "closed" } });
    const registered = await t.app.inject({
      method: "POST",
      url: "/auth/register",
      payload: {
        email: "late@example.com",
        verification_code: code,
        username: "late",
        password: "Quiet-Harbor-77",
      },
    });
    expect(registered.statusCode).toBe(403);
    expect(registered.json()).toMatchObject({ message: SIGN_UP_CLOSED_MESSAGE });
    await open.close();
  });

  it("invite accepts only the addresses invited with `npm run admin -- invite`", async () => {
    t = await createTestApp({ env: { REGISTRATION: "invite" } });
    const refused = await sendCode(t, "guest@example.com");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_INVITED_MESSAGE, code: "not_invited" });

    expect(await admin(t, "invite", "Guest@Example.com")).toEqual({
      code: EXIT_OK,
      output: "Invited Guest@Example.com: it may sign up now.",
    });
    expect((await admin(t, "invite", "guest@example.com")).output).toBe(
      "guest@example.com was already invited; nothing changed.",
    );
    expect((await admin(t, "invite", "not-an-address")).code).toBe(EXIT_USAGE);
    const guest = await signUp(t, { email: "guest@example.com" });
    expect(guest.user.email).toBe("guest@example.com");
  });
});

describe("disable-user and enable-user", () => {
  it("stop every credential of the account at once, and enable-user lets it sign in again", async () => {
    t = await createTestApp();
    const owner = await signUp(t);
    const other = await signUp(t);
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tokens",
        headers: bearer(owner.token),
        payload: { name: "script", scope: "read" },
      })
    ).json<{ token: string }>().token;
    const appPassword = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/app-passwords",
        headers: bearer(owner.token),
        payload: { name: "Phone" },
      })
    ).json<{ password: string }>().password;
    const davAs = (name: string) =>
      t.app.inject({
        method: "PROPFIND",
        url: "/dav/",
        headers: { ...basic(name, appPassword), depth: "0" },
      });
    const me = (bearerToken: string) =>
      t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(bearerToken) });
    expect((await me(token)).statusCode).toBe(200);
    expect((await davAs(owner.user.username)).statusCode).toBe(207);

    const disabled = await admin(t, "disable-user", owner.user.email);
    expect(disabled).toEqual({
      code: EXIT_OK,
      output: `${owner.user.username} <${owner.user.email}> is disabled: every sign-in of it stopped.`,
    });
    expect((await me(owner.token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
    expect((await davAs(owner.user.username)).statusCode).toBe(401);
    expect((await davAs(owner.user.email)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);

    const login = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ message: ACCOUNT_DISABLED_MESSAGE });
    // A wrong password still reads as one: the refusal tells only the account's owner.
    const wrong = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: owner.user.email, password: "Not-The-Password-1" },
    });
    expect(wrong.statusCode).toBe(401);

    expect((await admin(t, "disable-user", owner.user.username)).output).toContain("already disabled");
    expect((await admin(t, "enable-user", owner.user.email)).output).toBe(
      `${owner.user.username} <${owner.user.email}> may sign in again.`,
    );
    expect((await me(owner.token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await davAs(owner.user.username)).statusCode).toBe(207);
  });

  it("name an unknown account with exit code 1", async () => {
    t = await createTestApp();
    expect((await admin(t, "disable-user", "nobody@example.com")).output).toBe(
      'No user with the e-mail or username "nobody@example.com".',
    );
  });
});
