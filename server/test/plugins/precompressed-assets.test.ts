import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

/** The build's .br/.gz twins of each asset (vite.config.ts) are what the browser gets. */
describe("pre-compressed assets", () => {
  const script = `console.log(${JSON.stringify("tasklane ".repeat(500))});`;
  const brTwin = brotliCompressSync(script);
  const gzTwin = gzipSync(script, { level: 9 });
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tasklane-precompressed-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(
      path.join(dir, "index.html"),
      `<!doctype html><html><body><div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(dir, "assets", "app-Zx98Yw76.js"), script);
    writeFileSync(path.join(dir, "assets", "app-Zx98Yw76.js.br"), brTwin);
    writeFileSync(path.join(dir, "assets", "app-Zx98Yw76.js.gz"), gzTwin);
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function getScript(acceptEncoding?: string) {
    return t.app.inject({
      method: "GET",
      url: "/assets/app-Zx98Yw76.js",
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    });
  }

  it("sends the brotli twin as it is to a browser that accepts br, cached for a year", async () => {
    const response = await getScript("gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(response.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(response.rawPayload.equals(brTwin)).toBe(true);
  });

  it("sends the gzip twin to a client that accepts only gzip", async () => {
    const response = await getScript("gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.rawPayload.equals(gzTwin)).toBe(true);
  });

  it("sends the script itself to a client that accepts no compression", async () => {
    const response = await getScript();
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(script);
    expect(String(response.headers.vary).toLowerCase()).toContain("accept-encoding");
  });

  it("does not serve the twins as files of their own", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/app-Zx98Yw76.js.br" });
    expect(response.rawPayload.equals(brTwin)).toBe(false);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });
});
