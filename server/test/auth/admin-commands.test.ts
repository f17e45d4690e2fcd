import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, runAdminCommand } from "../../src/modules/auth/admin-commands";
import { chargeAiUse } from "../../src/modules/premium/service";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

/** Runs `npm run admin -- …` against the test database and keeps what it printed. */
async function admin(t: TestApp, ...args: string[]) {
  const info: string[] = [];
  const error: string[] = [];
  const code = await runAdminCommand({ db: t.deps.db, config: t.deps.config, now: t.clock.now() }, args, {
    info: (line) => info.push(line),
    error: (line) => error.push(line),
  });
  return { code, stdout: info.join("\n"), stderr: error.join("\n") };
}

async function limitOf(t: TestApp, token: string) {
  const response = await t.app.inject({ method: "GET", url: "/premium/limit", headers: bearer(token) });
  return response.json() as { current_usage: number; usage_limit: number };
}

describe("the admin CLI (npm run admin -- <command>)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("says 'No users yet.' on an empty database", async () => {
    const result = await admin(t, "list-users");
    expect(result).toMatchObject({ code: EXIT_OK, stdout: "No users yet." });
  });

  it("lists every user with plan and this month's AI usage", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await chargeAiUse(t.deps.db, t.deps.config, bob.user.id, t.clock.now());
    await admin(t, "grant-premium", alice.user.email);

    const result = await admin(t, "list-users");
    expect(result.code).toBe(EXIT_OK);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toMatch(/^E-MAIL\s+USERNAME\s+PLAN\s+AI USE\s+TIMEZONE\s+CREATED$/);
    expect(lines.find((line) => line.startsWith(alice.user.email))).toMatch(/Premium\s+0\/1000\s+UTC/);
    expect(lines.find((line) => line.startsWith(bob.user.email))).toMatch(/Free\s+1\/20\s+UTC/);
    expect(result.stdout).toContain("2 users");
  });

  it("grants Premium by e-mail in any case, and the API shows the Premium limit", async () => {
    const { token, user } = await signUp(t);
    const result = await admin(t, "grant-premium", user.email.toUpperCase());
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toBe(`${user.username} <${user.email}> is now Premium (1000 AI uses a month).`);
    expect(await limitOf(t, token)).toEqual({ current_usage: 0, usage_limit: 1000 });

    const again = await admin(t, "grant-premium", user.email);
    expect(again).toMatchObject({
      code: EXIT_OK,
      stdout: `${user.username} <${user.email}> is already Premium; nothing changed.`,
    });
  });

  it("revokes Premium by username", async () => {
    const { token, user } = await signUp(t);
    await admin(t, "grant-premium", user.username);
    const result = await admin(t, "revoke-premium", user.username.toUpperCase());
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toBe(
      `${user.username} <${user.email}> is back on the free plan (20 AI uses a month).`,
    );
    expect(await limitOf(t, token)).toEqual({ current_usage: 0, usage_limit: 20 });
  });

  it("resets a user's AI usage for the month, and only that user's", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    for (let use = 0; use < 20; use += 1)
      await chargeAiUse(t.deps.db, t.deps.config, alice.user.id, t.clock.now());
    await chargeAiUse(t.deps.db, t.deps.config, bob.user.id, t.clock.now());

    const result = await admin(t, "reset-usage", alice.user.email);
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toBe(
      `Reset this month's AI usage of ${alice.user.username} <${alice.user.email}> to 0.`,
    );
    expect(await limitOf(t, alice.token)).toEqual({ current_usage: 0, usage_limit: 20 });
    expect(await limitOf(t, bob.token)).toEqual({ current_usage: 1, usage_limit: 20 });
    await chargeAiUse(t.deps.db, t.deps.config, alice.user.id, t.clock.now());
    expect(await limitOf(t, alice.token)).toEqual({ current_usage: 1, usage_limit: 20 });
  });

  it("exits 1 with a message for an unknown user", async () => {
    const result = await admin(t, "grant-premium", "nobody@example.com");
    expect(result).toMatchObject({
      code: EXIT_FAILURE,
      stderr: 'No user with the e-mail or username "nobody@example.com".',
    });
  });

  it("exits 2 with the help for an unknown command, a missing argument or no command", async () => {
    const unknown = await admin(t, "delete-everything");
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.stderr).toContain('Unknown command "delete-everything".');
    expect(unknown.stderr).toContain("Usage: npm run admin -- <command>");

    const missing = await admin(t, "reset-usage");
    expect(missing.code).toBe(EXIT_USAGE);
    expect(missing.stderr).toContain('"reset-usage" takes exactly one argument');

    expect((await admin(t)).code).toBe(EXIT_USAGE);
  });

  it("prints the help with exit 0 for 'help'", async () => {
    const result = await admin(t, "help");
    expect(result.code).toBe(EXIT_OK);
    for (const command of ["list-users", "grant-premium", "revoke-premium", "reset-usage", "help"]) {
      expect(result.stdout).toContain(command);
    }
  });
});
