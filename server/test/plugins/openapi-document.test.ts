import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

const COMMITTED = new URL("../../../docs/openapi.json", import.meta.url);

interface Operation {
  operationId?: string;
  security?: unknown[];
}

describe("the OpenAPI document", () => {
  let t: TestApp;
  let served: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp();
    served = (await t.app.inject({ method: "GET", url: "/docs/json" })).json();
  });
  afterAll(async () => t.close());

  it("is the one committed in docs/openapi.json (run `npm run openapi` after changing a route)", () => {
    expect(served).toEqual(JSON.parse(readFileSync(COMMITTED, "utf8")));
  });

  it("names every operation, and says of each whether it needs a token", () => {
    const operations = Object.entries(served.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        at: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { at, operation } of operations) expect(operation.security, at).toBeDefined();
    const publicCalls = operations
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ at }) => at);
    expect(publicCalls).toEqual(expect.arrayContaining(["POST /auth/login", "GET /api/v1/events"]));
  });

  it("names the shared shapes as components", () => {
    expect(Object.keys(served.components.schemas)).toEqual(
      expect.arrayContaining(["Task", "User", "ApiToken", "Webhook", "WebhookDelivery", "EventTicket"]),
    );
  });
});
