import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestApp, testDatabase } from "../helpers";

/** package.json as an operator reads it: the version every other place must agree with. */
const packageJson = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "..", "..", "..", "package.json"), "utf8"),
) as { version: string; license: string };

describe("GET /health and GET /ready", () => {
  it("answers alive and ready while the database is migrated and reachable", async () => {
    const t = await createTestApp();
    try {
      const health = await t.app.inject({ method: "GET", url: "/health" });
      expect([health.statusCode, health.json()]).toEqual([
        200,
        { status: "ok", version: packageJson.version },
      ]);
      const ready = await t.app.inject({ method: "GET", url: "/ready" });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: "ready" }]);
    } finally {
      await t.close();
    }
  });

  it("answers 503 with the reason when a migration is missing or the database is gone", async () => {
    const db = await testDatabase();
    const t = await createTestApp({ db });
    try {
      const [last] = (
        await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC`.execute(db)
      ).rows;
      await sql`DELETE FROM kysely_migration WHERE name = ${last!.name}`.execute(db);
      const behind = await t.app.inject({ method: "GET", url: "/ready" });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ message: `Database migrations not applied yet: ${last!.name}` });
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last!.name}, ${"2026-11-21T10:00:00.000Z"})`.execute(
        db,
      );

      await db.destroy();
      const gone = await t.app.inject({ method: "GET", url: "/ready" });
      expect([gone.statusCode, gone.json()]).toEqual([503, { message: "The database is not reachable" }]);
      const alive = await t.app.inject({ method: "GET", url: "/health" });
      expect(alive.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("the release's version and licence", () => {
  it("are package.json's in /health and in the OpenAPI document", async () => {
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+$/);
    const t = await createTestApp();
    try {
      const health = await t.app.inject({ method: "GET", url: "/health" });
      expect(health.json()).toMatchObject({ version: packageJson.version });
      const openapi = await t.app.inject({ method: "GET", url: "/docs/json" });
      expect(openapi.statusCode).toBe(200);
      expect(openapi.json().info).toMatchObject({
        version: packageJson.version,
        license: { name: "AGPL-3.0-or-later" },
      });
      expect(packageJson.license).toBe("AGPL-3.0-or-later");
    } finally {
      await t.close();
    }
  });
});
