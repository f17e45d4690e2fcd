import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PasswordChanged } from "@contract/auth";
import type { ApiTokenCreated, Credentials, EventTicket } from "@contract/integrations";
import { openEventStream, type EventStream } from "../live-updates/event-stream";
import {
  bearer,
  createTestApp,
  latestVerificationCode,
  signUp,
  type SignedUp,
  type TestApp,
} from "../helpers";

/**
 * Credentials end when they should: a token cannot make credentials that outlive it, and a new
 * password closes the doors the old one opened. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

function basic(name: string, password: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}` };
}

const PUBLIC_ANSWER = [{ address: "93.184.216.34", family: 4 }];
const PUSH_KEYS = {
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
};

describe("credentials", () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: SignedUp;

  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_STREAMS_PER_USER: "3" } });
    // Names resolve to a public address: nothing here reaches the network.
    t.deps.resolveHost = async () => PUBLIC_ANSWER;
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    owner = await signUp(t);
  });

  const call = (method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function newToken(scope: "read" | "write" | "integrations", token = owner.token) {
    const response = await call("POST", "/api/v1/tokens", token, { name: `a ${scope} token`, scope });
    expect(response.statusCode).toBe(201);
    return response.json<ApiTokenCreated>();
  }

  async function newAppPassword(): Promise<string> {
    const response = await call("POST", "/api/v1/app-passwords", owner.token, { name: "Phone" });
    expect(response.statusCode).toBe(201);
    return response.json<{ password: string }>().password;
  }

  async function davStatus(password: string): Promise<number> {
    const response = await t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: { ...basic(owner.user.username, password), depth: "0" },
    });
    return response.statusCode;
  }

  async function streamOf(token: string): Promise<EventStream> {
    const ticket = (await call("POST", "/api/v1/events/ticket", token)).json<EventTicket>().ticket;
    const stream = await openEventStream(baseUrl, ticket);
    expect(stream.response.statusCode).toBe(200);
    return stream;
  }

  const webhook = { url: "https://hooks.example.com/tasklane", events: ["task.created"] };
  const push = { endpoint: "https://push.example.com/send/abc", keys: PUSH_KEYS };

  describe("tokens cannot mint credentials that outlive them", () => {
    it("refuses app passwords and tokens to every token, and integrations to a write token (403)", async () => {
      for (const scope of ["write", "integrations"] as const) {
        const { token } = await newToken(scope);
        const appPassword = await call("POST", "/api/v1/app-passwords", token, { name: "Sneaky" });
        expect(appPassword.statusCode, scope).toBe(403);
        expect(appPassword.json()).toMatchObject({ code: "api_token_refused" });
        const another = await call("POST", "/api/v1/tokens", token, { name: "x", scope: "write" });
        expect(another.statusCode, scope).toBe(403);
        // Reading what exists is fine.
        expect((await call("GET", "/api/v1/app-passwords", token)).statusCode).toBe(200);
      }
      const { token: write } = await newToken("write");
      const hook = await call("POST", "/api/v1/webhooks", write, webhook);
      expect(hook.statusCode).toBe(403);
      expect(hook.json()).toMatchObject({ code: "integrations_scope_needed" });
      expect((await call("POST", "/api/v1/push/subscriptions", write, push)).statusCode).toBe(403);
      // A write token still changes tasks.
      expect((await call("POST", "/api/v1/tasks", write, { title: "Fine" })).statusCode).toBe(201);
    });

    it("lets an integrations token register webhooks and push, which end with the token", async () => {
      const made = await newToken("integrations");
      expect(made.scope).toBe("integrations");
      expect((await call("POST", "/api/v1/webhooks", made.token, webhook)).statusCode).toBe(201);
      expect((await call("POST", "/api/v1/push/subscriptions", made.token, push)).statusCode).toBe(204);
      // One made by the session stays.
      const own = { ...webhook, url: "https://hooks.example.com/own" };
      expect((await call("POST", "/api/v1/webhooks", owner.token, own)).statusCode).toBe(201);

      expect((await call("DELETE", `/api/v1/tokens/${made.id}`, owner.token)).statusCode).toBe(204);
      const hooks = (await call("GET", "/api/v1/webhooks", owner.token)).json<{ url: string }[]>();
      expect(hooks.map((hook) => hook.url)).toEqual([own.url]);
      const subscriptions = await t.deps.db
        .selectFrom("push_subscriptions")
        .select("endpoint")
        .where("user_id", "=", owner.user.id)
        .execute();
      expect(subscriptions).toEqual([]);
    });
  });

  describe("a password change", () => {
    const change = (token: string) =>
      call("POST", "/auth/change-password", token, {
        current_password: owner.password,
        new_password: "Brand-New-Harbor-91",
      });

    it("ends app passwords and lists the tokens still live, which one call revokes", async () => {
      const appPassword = await newAppPassword();
      expect(await davStatus(appPassword)).toBe(207);
      const kept = await newToken("read");

      const changed = await change(owner.token);
      expect(changed.statusCode).toBe(200);
      const body = changed.json<PasswordChanged>();
      expect(body.id).toBe(owner.user.id);
      expect(body.api_tokens.map((token) => token.id)).toEqual([kept.id]);
      expect(await davStatus(appPassword)).toBe(401);
      // Tokens are the person's to keep…
      expect((await call("GET", "/api/v1/tasks", kept.token)).statusCode).toBe(200);
      // …or revoke in one step.
      expect((await call("DELETE", "/api/v1/tokens", owner.token)).statusCode).toBe(204);
      expect((await call("GET", "/api/v1/tasks", kept.token)).statusCode).toBe(401);
      expect((await call("GET", "/api/v1/tokens", owner.token)).json()).toEqual([]);
    });

    it("ends the live streams of other sessions and of tokens, not this session's", async () => {
      const other = (
        await t.app.inject({
          method: "POST",
          url: "/auth/login",
          payload: { email: owner.user.email, password: owner.password },
        })
      ).json<{ token: string }>().token;
      const { token } = await newToken("read");
      const mine = await streamOf(owner.token);
      const theirs = await streamOf(other);
      const script = await streamOf(token);
      try {
        expect((await change(owner.token)).statusCode).toBe(200);
        await theirs.ended;
        await script.ended;
        // This session's stream still hears its changes.
        const created = await call("POST", "/api/v1/tasks", owner.token, { title: "Still live" });
        await mine.waitFor((event) => event.id === created.json<{ id: string }>().id);
      } finally {
        for (const stream of [mine, theirs, script]) stream.close();
      }
    });
  });

  describe("a password reset", () => {
    it("ends every session, app password, token and stream", async () => {
      const appPassword = await newAppPassword();
      const made = await newToken("integrations");
      expect((await call("POST", "/api/v1/webhooks", made.token, webhook)).statusCode).toBe(201);
      const stream = await streamOf(owner.token);
      try {
        await t.app.inject({
          method: "POST",
          url: "/auth/forgot-password",
          payload: { email: owner.user.email },
        });
        const reset = await t.app.inject({
          method: "POST",
          url: "/auth/reset-password",
          payload: {
            email: owner.user.email,
            code: latestVerificationCode(t.mailer, owner.user.email),
            new_password: "Reset-Harbor-Light-77",
          },
        });
        expect(reset.statusCode).toBe(200);
        await stream.ended;
      } finally {
        stream.close();
      }
      expect((await call("GET", "/api/v1/tasks", owner.token)).statusCode).toBe(401);
      expect((await call("GET", "/api/v1/tasks", made.token)).statusCode).toBe(401);
      expect(await davStatus(appPassword)).toBe(401);
      const hooks = await t.deps.db
        .selectFrom("webhooks")
        .select("id")
        .where("user_id", "=", owner.user.id)
        .execute();
      expect(hooks).toEqual([]);
    });
  });

  describe("GET /api/v1/credentials", () => {
    it("lists sessions, tokens and app passwords with their last use, to the session only", async () => {
      const token = await newToken("read");
      await newAppPassword();
      await call("GET", "/api/v1/tasks", token.token);
      const response = await call("GET", "/api/v1/credentials", owner.token);
      expect(response.statusCode).toBe(200);
      const body = response.json<Credentials>();
      const now = t.clock.now().toISOString();
      expect(body.sessions).toEqual([expect.objectContaining({ current: true, last_used_at: now })]);
      expect(body.api_tokens).toEqual([expect.objectContaining({ id: token.id, last_used_at: now })]);
      expect(body.app_passwords).toEqual([expect.objectContaining({ name: "Phone", last_used_at: null })]);
      expect((await call("GET", "/api/v1/credentials", token.token)).statusCode).toBe(403);
    });
  });

  describe("live-update streams", () => {
    it("end when their session signs out or their token is revoked", async () => {
      const made = await newToken("read");
      const byToken = await streamOf(made.token);
      const bySession = await streamOf(owner.token);
      try {
        expect((await call("DELETE", `/api/v1/tokens/${made.id}`, owner.token)).statusCode).toBe(204);
        await byToken.ended;
        expect((await call("POST", "/auth/logout", owner.token)).statusCode).toBe(204);
        await bySession.ended;
      } finally {
        byToken.close();
        bySession.close();
      }
    });

    it("refuses a ticket whose session was revoked after it was taken", async () => {
      const ticket = (await call("POST", "/api/v1/events/ticket", owner.token)).json<EventTicket>().ticket;
      await call("POST", "/auth/logout", owner.token);
      const stream = await openEventStream(baseUrl, ticket);
      stream.close();
      expect(stream.response.statusCode).toBe(401);
    });

    it("are capped per user (LIVE_STREAMS_PER_USER), and a closed one frees its place", async () => {
      const streams = [await streamOf(owner.token), await streamOf(owner.token), await streamOf(owner.token)];
      try {
        const ticket = (await call("POST", "/api/v1/events/ticket", owner.token)).json<EventTicket>().ticket;
        const refused = await openEventStream(baseUrl, ticket);
        refused.close();
        expect(refused.response.statusCode).toBe(429);
        // Another user is not held back.
        const someoneElse = await signUp(t);
        (await streamOf(someoneElse.token)).close();

        streams.pop()?.close();
        await expect
          .poll(async () => {
            const again = await openEventStream(
              baseUrl,
              (await call("POST", "/api/v1/events/ticket", owner.token)).json<EventTicket>().ticket,
            );
            if (again.response.statusCode === 200) streams.push(again);
            else again.close();
            return again.response.statusCode;
          })
          .toBe(200);
      } finally {
        for (const stream of streams) stream.close();
      }
    });
  });
});
