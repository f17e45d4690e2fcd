import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

function basic(name: string, password: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}` };
}

describe("app passwords", () => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    other = await signUp(t);
  });
  afterAll(async () => t.close());

  it("is shown once on creation and listed without the password, with its last use", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/app-passwords",
      headers: bearer(owner.token),
      payload: { name: "  Phone  " },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: string; name: string; password: string; created_at: string }>();
    expect(body.name).toBe("Phone");
    expect(body.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);

    // Only a hash is kept.
    const stored = await t.deps.db
      .selectFrom("app_passwords")
      .selectAll()
      .where("id", "=", body.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(body.password);

    const listed = await t.app.inject({
      method: "GET",
      url: "/api/v1/app-passwords",
      headers: bearer(owner.token),
    });
    expect(listed.json()).toEqual([
      { id: body.id, name: "Phone", created_at: body.created_at, last_used_at: null },
    ]);
    expect(listed.body).not.toContain(body.password);

    const dav = await t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: { ...basic(owner.user.username, body.password), depth: "0" },
    });
    expect(dav.statusCode).toBe(207);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/v1/app-passwords",
      headers: bearer(owner.token),
    });
    expect(after.json<Array<{ last_used_at: string | null }>>()[0]?.last_used_at).toBe(
      t.clock.now().toISOString(),
    );
  });

  it("signs in with the e-mail too, never with the account password, and not after revocation", async () => {
    const created = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/app-passwords",
        headers: bearer(owner.token),
        payload: { name: "Thunderbird" },
      })
    ).json<{ id: string; password: string }>();
    const propfind = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PROPFIND",
        url: "/dav/",
        headers: { ...headers, depth: "0" },
        remoteAddress: "10.9.9.1",
      });

    expect((await propfind(basic(owner.user.email, created.password))).statusCode).toBe(207);
    const withAccountPassword = await propfind(basic(owner.user.username, owner.password));
    expect(withAccountPassword.statusCode).toBe(401);
    expect(withAccountPassword.headers["www-authenticate"]).toMatch(/^Basic realm=/);
    expect((await propfind(basic(other.user.username, created.password))).statusCode).toBe(401);
    expect((await propfind({})).statusCode).toBe(401);

    // Another user cannot revoke it: 404, and it still works.
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/app-passwords/${created.id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await propfind(basic(owner.user.username, created.password))).statusCode).toBe(207);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/app-passwords/${created.id}`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await propfind(basic(owner.user.username, created.password))).statusCode).toBe(401);
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/v1/app-passwords",
      headers: bearer(owner.token),
    });
    expect(listed.json<Array<{ id: string }>>().map((row) => row.id)).not.toContain(created.id);
  });

  it("refuses a name that is empty or too long with a message naming it", async () => {
    for (const name of ["   ", "x".repeat(101)]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/app-passwords",
        headers: bearer(owner.token),
        payload: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Name/);
    }
  });

  it("limits failed Basic sign-ins from one client as sign-in does (429 with Retry-After)", async () => {
    const attempt = () =>
      t.app.inject({
        method: "PROPFIND",
        url: "/dav/",
        headers: { ...basic(`nobody-${Math.random()}`, "wrong-guess"), depth: "0" },
        remoteAddress: "10.77.0.1",
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("never locks out a device that signed in before, whatever others guess at its account", async () => {
    const phone = await signUp(t);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/v1/app-passwords",
      headers: bearer(phone.token),
      payload: { name: "Phone" },
    });
    const { password } = made.json<{ password: string }>();
    const sync = (name: string, secret: string) =>
      t.app.inject({
        method: "PROPFIND",
        url: "/dav/",
        headers: { ...basic(name, secret), depth: "0" },
        remoteAddress: "10.78.0.1",
      });
    expect((await sync(phone.user.username, password)).statusCode).toBe(207);
    // Someone on the same network guesses at the account, 40 times.
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) statuses.add((await sync(phone.user.username, `guess-${i}`)).statusCode);
    expect(statuses).toEqual(new Set([401, 429]));
    // The guesser is held back; the phone is not.
    expect((await sync(phone.user.username, "one-more-guess")).statusCode).toBe(429);
    expect((await sync(phone.user.username, password)).statusCode).toBe(207);
    expect((await sync(phone.user.email, password)).statusCode).toBe(207);
  });

  it("shows where clients connect: the discovery address and each list's collection", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/caldav",
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ discovery_url: string; collections: Array<{ url: string }> }>();
    expect(body.discovery_url).toBe(`${t.deps.config.publicUrl.replace(/\/$/, "")}/dav/`);
    expect(body.collections[0]?.url).toMatch(new RegExp(`/dav/calendars/${owner.user.username}/[^/]+/$`));
  });
});
