import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELMET_OPTIONS } from "../../src/plugins/security-headers";
import { createTestApp, type TestApp } from "../helpers";

describe("security and caching headers", () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tasklane-static-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(
      path.join(dir, "index.html"),
      `<!doctype html><html><body><div id="root"></div>${" ".repeat(2_000)}</body></html>`,
    );
    writeFileSync(
      path.join(dir, "assets", "index-Ab12Cd34.js"),
      `console.log(${JSON.stringify("x".repeat(4_000))});`,
    );
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a strict Content-Security-Policy and the other protective headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives["script-src"]).toBe("'self'"); // no inline script
    expect(directives["object-src"]).toBe("'none'");
    expect(directives["base-uri"]).toBe("'none'");
    expect(directives["frame-ancestors"]).toBe("'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("never caches index.html, also when it answers a deep link", async () => {
    // /premium is the SPA's page even though /premium/limit is an API call.
    for (const url of ["/", "/tasks", "/settings?tab=x", "/premium", "/auth-is-not-a-page"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches hashed assets for a year", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-Ab12Cd34.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("compresses responses for clients that accept it", async () => {
    const asset = await t.app.inject({
      method: "GET",
      url: "/assets/index-Ab12Cd34.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(asset.headers["content-encoding"]).toBe("gzip");
    const api = await t.app.inject({
      method: "GET",
      url: "/docs/json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(["br", "gzip"]).toContain(api.headers["content-encoding"]);
  });

  it("sends a small answer as it is: it fits the first round trip, compressed or not", async () => {
    const health = await t.app.inject({
      method: "GET",
      url: "/health",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  it("answers unknown API paths with JSON 404, not the SPA", async () => {
    for (const url of ["/api/v1/unknown", "/premium/unknown", "/auth/unknown"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: `Route GET ${url} not found` });
    }
  });

  it("gives every response, also errors and 404s, exactly the headers helmet sets on a response", async () => {
    const request = new IncomingMessage(new Socket());
    const expected = new ServerResponse(request);
    helmet(HELMET_OPTIONS)(request, expected, () => undefined);
    const helmetSet = expected.getHeaders();
    expect(Object.keys(helmetSet).length).toBeGreaterThan(10);
    for (const url of ["/health", "/api/v1/tasks", "/api/v1/unknown", "/"]) {
      const response = await t.app.inject({ method: "GET", url });
      for (const [name, value] of Object.entries(helmetSet)) {
        expect(response.headers[name], `${name} on ${url}`).toBe(String(value));
      }
    }
  });
});
