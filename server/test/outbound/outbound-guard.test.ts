import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Webhook } from "@contract/integrations";
import { runDueJobs } from "../../src/jobs/runner";
import { guardedRequest } from "../../src/lib/outbound-request";
import { isPublicAddress, type ResolveHost } from "../../src/lib/public-address";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { startReceiver } from "../webhooks/receiver";

/**
 * The one guard of requests to addresses users choose (calendars, webhooks, Web Push): every
 * spelling of loopback and every IPv6 range that leads to IPv4 is refused, and the address
 * checked is the one connected to, so a name that answers public and then loopback (DNS
 * rebinding) reaches nothing. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const quiet = { warn: () => undefined, error: () => undefined };
const PUBLIC = { address: "93.184.216.34", family: 4 };
const LOOPBACK = { address: "127.0.0.1", family: 4 };

/** A resolver that answers a public address the first time, then loopback: DNS rebinding. */
function rebinding(): ResolveHost & { calls: number } {
  const resolve = Object.assign(
    async () => {
      resolve.calls += 1;
      return [resolve.calls === 1 ? PUBLIC : LOOPBACK];
    },
    { calls: 0 },
  );
  return resolve;
}

const LOOPBACK_SPELLINGS = [
  "127.0.0.1",
  "127.1",
  "127.0.1",
  "2130706433",
  "0x7f000001",
  "0177.0.0.1",
  "0x7f.0.0.1",
  "127.255.255.254",
  "localhost",
  "[::1]",
  "[0:0:0:0:0:0:0:1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[::7f00:1]",
  "[64:ff9b::7f00:1]",
  "[2002:7f00:1::1]",
];

describe("the outbound request guard", () => {
  it("counts IPv4 carried in IPv6 (NAT64, 6to4, IPv4-compatible, Teredo) as not public", () => {
    for (const address of [
      "64:ff9b::7f00:1",
      "64:ff9b::808:808",
      "64:ff9b:1::a00:1",
      "2002:7f00:1::1",
      "2002:808:808::1",
      "::7f00:1",
      "::1",
      "::",
      "2001:0:4136:e378::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "fd00::1",
      "fe80::1",
      "100.64.0.1",
      "169.254.169.254",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:93.184.216.34"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  describe("at connect time", () => {
    let hits: string[];
    let server: ReturnType<typeof createServer>;
    let port: number;

    beforeAll(async () => {
      hits = [];
      server = createServer((request, response) => {
        hits.push(request.url ?? "");
        response
          .writeHead(200, { "content-type": "text/calendar" })
          .end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => {
      hits.length = 0;
    });

    it("refuses a name whose answer at connect time is loopback, whatever it answered before", async () => {
      const resolve = rebinding();
      // The first answer (public) is spent as a check before the request would be…
      expect(await resolve("rebind.example")).toEqual([PUBLIC]);
      // …and the connection's own lookup gets loopback, and refuses it.
      await expect(
        guardedRequest(new URL(`http://rebind.example:${port}/`), {
          method: "GET",
          headers: {},
          signal: AbortSignal.timeout(5_000),
          policy: { allowPrivate: false, resolve },
        }),
      ).rejects.toThrow("rebind.example is a private or local address (127.0.0.1)");
      expect(hits).toEqual([]);
    });

    it("refuses every spelling of loopback written in the address, before any lookup", async () => {
      for (const host of LOOPBACK_SPELLINGS.filter((spelling) => spelling !== "localhost")) {
        await expect(
          guardedRequest(new URL(`http://${host}:${port}/`), {
            method: "GET",
            headers: {},
            signal: AbortSignal.timeout(5_000),
            policy: { allowPrivate: false, resolve: async () => [PUBLIC] },
          }),
          host,
        ).rejects.toThrow("is a private or local address");
      }
      expect(hits).toEqual([]);
    });
  });

  describe("webhooks", () => {
    let t: TestApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    beforeAll(async () => {
      t = await createTestApp();
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    it("refuses NAT64, 6to4 and IPv4-compatible addresses, and every loopback spelling (400)", async () => {
      const user = await signUp(t);
      for (const host of LOOPBACK_SPELLINGS) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/v1/webhooks",
          headers: bearer(user.token),
          payload: { url: `http://${host}/hook`, events: ["task.created"] },
        });
        expect(response.statusCode, host).toBe(400);
      }
    });

    it("sends nothing to a name that answered public at registration and loopback at delivery", async () => {
      const user = await signUp(t);
      t.deps.resolveHost = rebinding();
      try {
        const port = new URL(receiver.url).port;
        const registered = await t.app.inject({
          method: "POST",
          url: "/api/v1/webhooks",
          headers: bearer(user.token),
          payload: { url: `http://hooks.rebind.example:${port}/hooks/tasks`, events: ["task.created"] },
        });
        expect(registered.statusCode, registered.body).toBe(201);
        await t.app.inject({
          method: "POST",
          url: "/api/v1/tasks",
          headers: bearer(user.token),
          payload: { title: "Rebound" },
        });
        expect(await runDueJobs(t.deps, jobKinds, "test-worker", quiet)).toBe(1);
      } finally {
        delete t.deps.resolveHost;
      }
      expect(receiver.received).toEqual([]);
      const [hook] = (
        await t.app.inject({ method: "GET", url: "/api/v1/webhooks", headers: bearer(user.token) })
      ).json<Webhook[]>();
      expect(hook!.deliveries[0]!.last_error).toMatch(
        /^Refused: hooks\.rebind\.example is a private or local address \(127\.0\.0\.1\)/,
      );
    });
  });

  describe("push subscriptions", () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it("refuses every loopback spelling as an endpoint (400)", async () => {
      const user = await signUp(t);
      for (const host of [...LOOPBACK_SPELLINGS, "localhost."]) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/v1/push/subscriptions",
          headers: bearer(user.token),
          payload: {
            endpoint: `https://${host}/push/x`,
            keys: {
              p256dh:
                "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
              auth: "tBHItJI5svbpez7KI4CCXg",
            },
          },
        });
        expect(response.statusCode, host).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(/^endpoint: /);
      }
    });
  });
});
