import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../src/db/database";
import { migrations } from "../../src/db/migrations";
import { scratchDatabase } from "./scratch-database";

let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
afterEach(async () => {
  await scratch?.close();
  scratch = undefined;
});

describe("the migration that gives the task-data version and the AI quota their own tables", () => {
  it("copies each user's version, last change and month's AI uses, and leaves users as it was", async () => {
    scratch = await scratchDatabase("m0020");
    const { db } = scratch;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0020"));
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => before },
      allowUnorderedMigrations: true,
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const at = "2026-11-01T09:00:00.000Z";
    await sql`INSERT INTO users (id, email, email_lower, username, username_lower, password_hash, created_at, updated_at,
                                 tasks_version, tasks_changed_at, llm_usage_count, llm_usage_period)
              VALUES ('u1', 'a@example.com', 'a@example.com', 'ada', 'ada', 'x', ${at}, ${at}, 41, '2026-11-20T08:00:00.000Z', 7, '2026-11'),
                     ('u2', 'b@example.com', 'b@example.com', 'bob', 'bob', 'x', ${at}, ${at}, 0, NULL, 0, NULL)`.execute(
      db,
    );

    await migrateToLatest(db);

    expect(await db.selectFrom("task_data_versions").selectAll().orderBy("user_id").execute()).toEqual([
      { user_id: "u1", version: 41, changed_at: "2026-11-20T08:00:00.000Z" },
      { user_id: "u2", version: 0, changed_at: null },
    ]);
    expect(await db.selectFrom("ai_quota_usage").selectAll().execute()).toEqual([
      { user_id: "u1", count: 7, period: "2026-11" },
    ]);
    const { rows } = await sql<{
      tasks_version: number;
    }>`SELECT tasks_version FROM users WHERE id = 'u1'`.execute(db);
    expect(rows).toEqual([{ tasks_version: 41 }]);
  });
});
