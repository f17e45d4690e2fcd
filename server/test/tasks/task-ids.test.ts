import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema } from "@contract/tasks";
import { newTimeOrderedId } from "../../src/lib/ids";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newTimeOrderedId", () => {
  it("is a version-7 UUID whose first 48 bits are the time in milliseconds", () => {
    const time = Date.parse("2026-11-23T21:45:00.123Z");
    const id = newTimeOrderedId(time);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replace("-", "").slice(0, 12), 16)).toBe(time);
  });

  it("sorts as text in the order of its times, and never repeats", () => {
    const start = Date.parse("2026-01-01T00:00:00.000Z");
    const ids = Array.from({ length: 600 }, (_, index) => newTimeOrderedId(start + index * 997));
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 2_000 }, () => newTimeOrderedId(start));
    expect(new Set(same).size).toBe(same.length);
    for (const id of same) expect(id).toMatch(UUID_V7);
  });
});

describe("task ids", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("a created task's id is a version-7 UUID of its created_at", async () => {
    const { token } = await signUp(t);
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.createTask.path,
      headers: bearer(token),
      payload: { title: "An id in time order" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const task = taskJsonSchema.parse(response.json());
    expect(task.id).toMatch(UUID_V7);
    expect(Number.parseInt(task.id.replace("-", "").slice(0, 12), 16)).toBe(Date.parse(task.created_at));
  });
});
