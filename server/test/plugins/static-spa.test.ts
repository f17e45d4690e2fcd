import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

/** A page path gets the web app; an unknown path the API owns gets the API's 404, never the page. */
describe("the web app and the API's 404", () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tasklane-spa-"));
    writeFileSync(
      path.join(dir, "index.html"),
      `<!doctype html><html><body><div id="root"></div></body></html>`,
    );
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(["/tasks", "/projects/archived", "/mcpguide"])(
    "answers the web app for the page %s",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html\b/);
    },
  );

  it.each(["/api/v1/nothing-here", "/auth/nothing-here", "/mcp/nothing-here"])(
    "answers 404 { message } for the unknown API path %s",
    async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json\b/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    },
  );
});
