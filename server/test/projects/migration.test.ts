import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../src/db/database";
import { migrations } from "../../src/db/migrations";
import { scratchDatabase } from "../db/scratch-database";

/**
 * Migration 0013 on a database that ran every migration before it and holds users and tasks: each
 * user gets an Inbox and their tasks move into it, on a scratch database.
 */
let db: Db;
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  scratch = await scratchDatabase("m0013");
  db = scratch.db;
});

afterAll(async () => {
  await scratch?.close();
});

async function migrateTo0012(): Promise<void> {
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0013"));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

async function insertUser(name: string): Promise<string> {
  const id = randomUUID();
  const now = "2026-11-01T09:00:00.000Z";
  await sql`
    INSERT INTO users (id, email, email_lower, username, username_lower, password_hash, created_at, updated_at)
    VALUES (${id}, ${`${name}@example.com`}, ${`${name}@example.com`}, ${name}, ${name}, 'x', ${now}, ${now})
  `.execute(db);
  return id;
}

async function insertTask(userId: string, title: string): Promise<string> {
  const id = randomUUID();
  const now = "2026-11-02T09:00:00.000Z";
  await sql`
    INSERT INTO tasks (id, user_id, title, status, priority, tags, source_type, created_at, updated_at)
    VALUES (${id}, ${userId}, ${title}, 'pending', 'medium', '[]', 'Manual', ${now}, ${now})
  `.execute(db);
  return id;
}

describe("migration 0013 on a database of the release before", () => {
  it("gives every user an Inbox and moves their tasks into it", async () => {
    await migrateTo0012();
    const ada = await insertUser("ada");
    const bob = await insertUser("bob");
    const carol = await insertUser("carol");
    const adaTasks = [await insertTask(ada, "Water plants"), await insertTask(ada, "Call mum")];
    const bobTask = await insertTask(bob, "Fix bike");

    await migrateToLatest(db);

    const projects = await db.selectFrom("projects").selectAll().orderBy("user_id").execute();
    expect(projects).toHaveLength(3);
    for (const userId of [ada, bob, carol]) {
      const inboxes = projects.filter((project) => project.user_id === userId);
      expect(inboxes).toEqual([
        expect.objectContaining({
          name: "Inbox",
          name_lower: "inbox",
          is_inbox: 1,
          archived: 0,
          color: "slate",
        }),
      ]);
    }
    const inboxOf = (userId: string) => projects.find((project) => project.user_id === userId)?.id;
    const tasks = await db.selectFrom("tasks").select(["id", "user_id", "project_id", "parent_id"]).execute();
    expect(tasks).toHaveLength(3);
    for (const task of tasks) {
      expect(task.project_id).toBe(inboxOf(task.user_id));
      expect(task.parent_id).toBeNull();
    }
    expect(tasks.map((task) => task.id).sort()).toEqual([...adaTasks, bobTask].sort());

    // One Inbox per user, whatever inserts it.
    await expect(
      sql`
        INSERT INTO projects (id, user_id, name, name_lower, color, is_inbox, archived, created_at, updated_at)
        VALUES (${randomUUID()}, ${ada}, 'Second inbox', 'second inbox', 'slate', 1, 0, 'x', 'x')
      `.execute(db),
    ).rejects.toThrow();
  });
});
