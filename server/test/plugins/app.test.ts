import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

describe("the app shell of the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("serves an OpenAPI document generated from the contract at /docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; info: { title: string } };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe("Tasklane API");
  });

  it("answers an unknown API route with 404 and a JSON message", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Route GET /api/v1/nothing-here not found" });
  });
});
