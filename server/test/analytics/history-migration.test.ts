import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../src/db/database";
import { migrations } from "../../src/db/migrations";
import { scratchDatabase } from "../db/scratch-database";

let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
afterEach(async () => {
  await scratch?.close();
  scratch = undefined;
});

describe("the migration that brings the task history", () => {
  it("gives tasks completed before it their last update as an approximate completion time", async () => {
    scratch = await scratchDatabase("history_migration");
    const { db } = scratch;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0012-web-push")).error).toBeUndefined();
    const at = "2026-11-01T09:00:00.000Z";
    await sql`INSERT INTO users (id, email, email_lower, username, username_lower, password_hash, created_at, updated_at, llm_usage_count, llm_usage_period)
              VALUES ('u1', 'a@example.com', 'a@example.com', 'ada', 'ada', 'x', ${at}, ${at}, 4, '2026-11')`.execute(
      db,
    );
    const task = (id: string, status: string, updatedAt: string, completedAt: string | null) =>
      sql`INSERT INTO tasks (id, user_id, title, status, priority, tags, source_type, created_at, updated_at, completed_at)
          VALUES (${id}, 'u1', ${id}, ${status}, 'medium', '[]', 'Manual', ${at}, ${updatedAt}, ${completedAt})`.execute(
        db as Db,
      );
    await task("done-unrecorded", "completed", "2026-11-05T10:00:00.000Z", null);
    await task("done-recorded", "completed", "2026-11-07T10:00:00.000Z", "2026-11-06T10:00:00.000Z");
    await task("reopened", "pending", "2026-11-08T10:00:00.000Z", "2026-11-04T10:00:00.000Z");
    await task("open", "pending", "2026-11-02T10:00:00.000Z", null);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("tasks")
      .select(["id", "completed_at", "completed_at_approximate"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "done-recorded", completed_at: "2026-11-06T10:00:00.000Z", completed_at_approximate: 0 },
      { id: "done-unrecorded", completed_at: "2026-11-05T10:00:00.000Z", completed_at_approximate: 1 },
      { id: "open", completed_at: null, completed_at_approximate: 0 },
      { id: "reopened", completed_at: null, completed_at_approximate: 0 },
    ]);
    expect(await db.selectFrom("ai_use_months").selectAll().execute()).toEqual([
      { user_id: "u1", month: "2026-11", count: 4 },
    ]);
    expect(await db.selectFrom("users").select(["daily_goal", "weekly_review_email"]).execute()).toEqual([
      { daily_goal: null, weekly_review_email: 0 },
    ]);
  });
});
