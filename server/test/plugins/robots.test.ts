import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

const publicRobots = path.resolve(import.meta.dirname, "..", "..", "..", "public", "robots.txt");

/** public/robots.txt reaches the build (Vite copies public/ into dist/), which the server serves. */
describe("GET /robots.txt", () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tasklane-robots-"));
    writeFileSync(
      path.join(dir, "index.html"),
      `<!doctype html><html><body><div id="root"></div></body></html>`,
    );
    copyFileSync(publicRobots, path.join(dir, "robots.txt"));
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the robots file as text, not the web app's page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain\b/);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/$/m);
    expect(response.body).not.toContain("<!doctype html>");
  });

  it("still answers the web app for a page path", async () => {
    const response = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(response.headers["content-type"]).toMatch(/^text\/html\b/);
  });
});
