import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import https, { type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NotificationList } from "@contract/notifications";
import { pushReminderSchema } from "@contract/push";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import type { AppDeps } from "../../src/app-types";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/** http_ece (the RFC 8188 / 8291 reference that web-push encrypts with) has no types of its own. */
interface HttpEce {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
}
const ece = createRequire(import.meta.url)("http_ece") as HttpEce;

const TLS_DIR = path.join(import.meta.dirname, "..", "fixtures", "tls");
const certificate = readFileSync(path.join(TLS_DIR, "localhost.crt"));
const quiet = { warn: () => undefined, error: () => undefined };

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1, over TLS as every real one is: it keeps what it receives and
 * answers each push with the next status queued (201 Created by default).
 */
async function startPushService() {
  const received: ReceivedPush[] = [];
  const answers: number[] = [];
  const server: Server = https.createServer(
    { cert: certificate, key: readFileSync(path.join(TLS_DIR, "localhost.key")) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(answers.shift() ?? 201).end();
      });
    },
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    received,
    answerNextWith: (status: number) => answers.push(status),
    endpoint: (name: string) => `https://127.0.0.1:${port}/push/${name}`,
    origin: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, made as a browser makes them. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

/** The payload as the browser reads it: decrypted with its own private key and auth secret (RFC 8291). */
function decryptPush(push: ReceivedPush, keys: ReturnType<typeof browserKeys>) {
  const plain = ece.decrypt(push.body, {
    version: "aes128gcm",
    privateKey: keys.ecdh,
    authSecret: keys.auth,
  });
  return pushReminderSchema.parse(JSON.parse(plain.toString("utf8")));
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the push service's origin, signed with the server's key. */
function expectVapid(push: ReceivedPush, serverPublicKey: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization));
  expect(match, String(push.headers.authorization)).not.toBeNull();
  const [, token, key] = match!;
  expect(key).toBe(serverPublicKey);
  const [header, claims, signature] = token!.split(".") as [string, string, string];
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "ES256" });
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; sub: string };
  expect(body.aud).toBe(origin);
  expect(body.sub).toMatch(/^(mailto:|https:)/);
  const raw = Buffer.from(serverPublicKey, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  expect(
    verify(
      "sha256",
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    ),
  ).toBe(true);
}

/** The local push service listens on 127.0.0.1, which a server refuses unless told otherwise. */
const LOCAL_PUSH_SERVICE = { PUSH_ALLOW_PRIVATE: "true" };

describe("reminders by Web Push", () => {
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let t: TestApp;
  let me: SignedUp;
  let deps: AppDeps;

  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(async () => pushService.close());
  beforeEach(async () => {
    // The clock starts at Sat 21 Nov 2026, 10:00 UTC. The push service runs on this machine.
    t = await createTestApp({ env: LOCAL_PUSH_SERVICE });
    me = await signUp(t);
    // This instance trusts the local push service's certificate, as it trusts real ones.
    deps = { ...t.deps, pushCa: certificate };
    pushService.received.length = 0;
  });
  afterEach(async () => t.close());

  const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object, token = me.token) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function serverKey(): Promise<string> {
    const response = await call("GET", "/api/v1/push/key");
    expect(response.statusCode).toBe(200);
    return (response.json() as { public_key: string }).public_key;
  }

  async function subscribeBrowser(name: string, keys = browserKeys(), token = me.token) {
    const response = await call(
      "POST",
      "/api/v1/push/subscriptions",
      {
        endpoint: pushService.endpoint(name),
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
      token,
    );
    expect(response.statusCode, response.body).toBe(204);
    return keys;
  }

  async function remindInFiveMinutes(title: string) {
    const response = await call("POST", "/api/v1/tasks", {
      title,
      due_date: "2026-11-21T15:00:00.000Z",
      remind_at: "2026-11-21T10:05:00.000Z",
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  it("gives one uncompressed P-256 public key, the same on every call and every instance", async () => {
    const key = await serverKey();
    const raw = Buffer.from(key, "base64url");
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect(await serverKey()).toBe(key);
    const other = await createTestApp({ db: t.deps.db, env: LOCAL_PUSH_SERVICE });
    try {
      const response = await other.app.inject({
        method: "GET",
        url: "/api/v1/push/key",
        headers: bearer(me.token),
      });
      expect((response.json() as { public_key: string }).public_key).toBe(key);
    } finally {
      await other.close();
    }
    expect((await t.app.inject({ method: "GET", url: "/api/v1/push/key" })).statusCode).toBe(401);
  });

  it("pushes a due reminder, encrypted to the browser's keys and signed with the server's VAPID key", async () => {
    const key = await serverKey();
    const phone = await subscribeBrowser("phone");
    const laptop = await subscribeBrowser("laptop");
    await remindInFiveMinutes("Call the plumber");

    t.clock.advance(5 * 60_000);
    await runDueJobs(deps, jobKinds, "test-worker", quiet);
    await runDueJobs(deps, jobKinds, "test-worker", quiet);

    expect(pushService.received.map((push) => push.path).sort()).toEqual(["/push/laptop", "/push/phone"]);
    const bellResponse = await call("GET", "/api/v1/notifications");
    const [notification] = (bellResponse.json() as NotificationList).items;
    for (const push of pushService.received) {
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expectVapid(push, key, pushService.origin);
      const keys = push.path === "/push/phone" ? phone : laptop;
      expect(decryptPush(push, keys)).toEqual({
        title: "Tasklane",
        body: "Reminder: Call the plumber (due Sat 21 Nov, 15:00)",
        tag: notification!.id,
        url: "/tasks",
      });
    }
    // Another browser's keys cannot read it.
    expect(() => decryptPush(pushService.received[0]!, browserKeys())).toThrow();
  });

  it("never pushes to a loopback or private address unless PUSH_ALLOW_PRIVATE is on", async () => {
    await subscribeBrowser("phone");
    await remindInFiveMinutes("Call the plumber");
    const warnings: string[] = [];
    const log = {
      ...quiet,
      warn: (...args: unknown[]) => {
        warnings.push(String(args[1]));
      },
    };

    t.clock.advance(5 * 60_000);
    const guarded = { ...deps, config: { ...deps.config, pushAllowPrivate: false } };
    await runDueJobs(guarded, jobKinds, "test-worker", log);
    await runDueJobs(guarded, jobKinds, "test-worker", log);

    expect(pushService.received).toEqual([]);
    expect(warnings).toContainEqual(expect.stringMatching(/127\.0\.0\.1 is a private or local address/));
  });

  it("pushes nothing to a name that answered public at subscription and loopback at sending", async () => {
    // PUSH_ALLOW_PRIVATE off; the name resolves to a public address once, then to this machine.
    const guarded = await createTestApp({ db: t.deps.db, clock: t.clock });
    const answers = [[{ address: "93.184.216.34", family: 4 }]];
    guarded.deps.resolveHost = async () => answers.shift() ?? [{ address: "127.0.0.1", family: 4 }];
    try {
      const keys = browserKeys();
      const subscribed = await guarded.app.inject({
        method: "POST",
        url: "/api/v1/push/subscriptions",
        headers: bearer(me.token),
        payload: {
          endpoint: `https://localhost:${new URL(pushService.origin).port}/push/rebound`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(204);
      await remindInFiveMinutes("Feed the cat");
      const warnings: string[] = [];
      const log = { ...quiet, warn: (...args: unknown[]) => void warnings.push(String(args[1])) };

      t.clock.advance(5 * 60_000);
      // It would trust the local push service's certificate, were it allowed to connect.
      const guardedDeps = { ...guarded.deps, pushCa: certificate };
      await runDueJobs(guardedDeps, jobKinds, "test-worker", log);
      await runDueJobs(guardedDeps, jobKinds, "test-worker", log);

      expect(pushService.received).toEqual([]);
      expect(warnings).toContainEqual(
        expect.stringMatching(/localhost is a private or local address \(127\.0\.0\.1\)/),
      );
    } finally {
      await guarded.close();
    }
  });

  it("is pushed once when two instances run their jobs at the same moment", async () => {
    await subscribeBrowser("phone");
    await remindInFiveMinutes("Water the plants");
    const other = await createTestApp({ db: t.deps.db, clock: t.clock, env: LOCAL_PUSH_SERVICE });
    try {
      t.clock.advance(5 * 60_000);
      const otherDeps = { ...other.deps, pushCa: certificate };
      await Promise.all([
        runDueJobs(deps, jobKinds, "worker-a", quiet),
        runDueJobs(otherDeps, jobKinds, "worker-b", quiet),
      ]);
      await Promise.all([
        runDueJobs(deps, jobKinds, "worker-a", quiet),
        runDueJobs(otherDeps, jobKinds, "worker-b", quiet),
      ]);
    } finally {
      await other.close();
    }
    expect(pushService.received).toHaveLength(1);
  });

  it("forgets a subscription the push service answers 410 Gone for, and one the user removes", async () => {
    await subscribeBrowser("gone");
    await subscribeBrowser("kept");
    await remindInFiveMinutes("First");
    pushService.answerNextWith(410);
    pushService.answerNextWith(410);
    t.clock.advance(5 * 60_000);
    await runDueJobs(deps, jobKinds, "test-worker", quiet);
    // Which browser was pushed first is not fixed: both got 410 here, so both are forgotten…
    const left = await t.deps.db.selectFrom("push_subscriptions").select("endpoint").execute();
    expect(left).toEqual([]);

    // …and a removed subscription is not pushed either.
    await subscribeBrowser("again");
    const removed = await call("DELETE", "/api/v1/push/subscriptions", {
      endpoint: pushService.endpoint("again"),
    });
    expect(removed.statusCode).toBe(204);
    pushService.received.length = 0;
    const response = await call("POST", "/api/v1/tasks", {
      title: "Second",
      remind_at: "2026-11-21T10:10:00.000Z",
    });
    expect(response.statusCode).toBe(201);
    t.clock.advance(5 * 60_000);
    await runDueJobs(deps, jobKinds, "test-worker", quiet);
    expect(pushService.received).toEqual([]);
  });

  it("refuses a subscription that is not https or whose keys are not base64url, naming the field", async () => {
    const keys = browserKeys();
    const cases: [object, RegExp][] = [
      [{ endpoint: "http://push.example.com/x", keys: { p256dh: keys.p256dh, auth: keys.auth } }, /endpoint/],
      [
        { endpoint: "https://push.example.com/x", keys: { p256dh: "not base64!", auth: keys.auth } },
        /p256dh/,
      ],
      [{ endpoint: "https://push.example.com/x", keys: { p256dh: keys.p256dh } }, /auth/],
    ];
    for (const [payload, field] of cases) {
      const response = await call("POST", "/api/v1/push/subscriptions", payload);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(field);
    }
  });

  it("removes only the user's own subscription", async () => {
    await subscribeBrowser("mine");
    const other = await signUp(t);
    const response = await call(
      "DELETE",
      "/api/v1/push/subscriptions",
      { endpoint: pushService.endpoint("mine") },
      other.token,
    );
    expect(response.statusCode).toBe(204);
    const left = await t.deps.db.selectFrom("push_subscriptions").select("endpoint").execute();
    expect(left).toEqual([{ endpoint: pushService.endpoint("mine") }]);
  });
});
