import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestApp, testDatabase } from "../helpers";

describe("GET /health and GET /ready", () => {
  it("answers alive and ready while the database is migrated and reachable", async () => {
    const t = await createTestApp();
    try {
      const health = await t.app.inject({ method: "GET", url: "/health" });
      expect([health.statusCode, health.json()]).toEqual([200, { status: "ok" }]);
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
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last!.name}, ${new Date().toISOString()})`.execute(
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
