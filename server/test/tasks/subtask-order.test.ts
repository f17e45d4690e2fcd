import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../src/db/database";
import { apiRoutes } from "@contract/routes";
import { migrations } from "../../src/db/migrations";
import { scratchDatabase } from "../db/scratch-database";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, taskUrl, type ApiUser } from "../projects/api-user";
import { multipartFile } from "../transfer/multipart";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A parent with subtasks titled `titles`, made in that order. */
async function parentWith(user: ApiUser, titles: readonly string[]) {
  const parent = await user.create({ title: "Move house" });
  for (const title of titles) await user.create({ title, parent_id: parent.id });
  return parent;
}

/** The parent's subtasks as the API numbers them: title by position. */
async function order(user: ApiUser, parentId: string): Promise<string[]> {
  const tasks = (await user.list()).filter((task) => task.parent_id === parentId);
  return tasks.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((task) => task.title);
}

async function idOf(user: ApiUser, title: string): Promise<string> {
  const task = (await user.list()).find((each) => each.title === title);
  if (!task) throw new Error(`No task ${title}`);
  return task.id;
}

describe("the order of subtasks", () => {
  it("numbers new subtasks in the order made, and a top-level task has no position", async () => {
    const ada = await newApiUser(t);
    const parent = await parentWith(ada, ["A", "B", "C"]);
    expect(parent.position).toBeNull();
    const positions = (await ada.list())
      .filter((task) => task.parent_id === parent.id)
      .map((task) => [task.title, task.position]);
    expect(positions.sort()).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 2],
    ]);
  });

  it("moves a subtask to a new place and renumbers its siblings in the same change", async () => {
    const ada = await newApiUser(t);
    const parent = await parentWith(ada, ["A", "B", "C", "D"]);
    t.clock.set("2026-11-22T10:00:00.000Z");
    const moved = await ada.update(await idOf(ada, "D"), { position: 0 });
    expect(moved.position).toBe(0);
    expect(await order(ada, parent.id)).toEqual(["D", "A", "B", "C"]);

    await ada.update(await idOf(ada, "D"), { position: 2 });
    expect(await order(ada, parent.id)).toEqual(["A", "B", "D", "C"]);
    // Past the end is last.
    await ada.update(await idOf(ada, "A"), { position: 99 });
    expect(await order(ada, parent.id)).toEqual(["B", "D", "C", "A"]);
    // A sibling renumbered is changed too (clients of the live updates and CalDAV see it).
    const b = (await ada.list()).find((task) => task.title === "B");
    expect(b?.updated_at).toBe("2026-11-22T10:00:00.000Z");
    const positions = (await ada.list()).flatMap((task) => (task.parent_id ? [task.position] : []));
    expect(positions.sort()).toEqual([0, 1, 2, 3]);
  });

  it("puts a subtask moved under another parent last there, and drops the place at the top level", async () => {
    const ada = await newApiUser(t);
    const first = await parentWith(ada, ["A", "B"]);
    const second = await parentWith(ada, ["X", "Y"]);
    const a = await ada.update(await idOf(ada, "A"), { parent_id: second.id });
    expect(a.position).toBe(2);
    const placed = await ada.update(await idOf(ada, "B"), { parent_id: second.id, position: 0 });
    expect(placed.position).toBe(0);
    expect(await order(ada, second.id)).toEqual(["B", "X", "Y", "A"]);
    expect(await order(ada, first.id)).toEqual([]);

    const top = await ada.update(await idOf(ada, "Y"), { parent_id: null });
    expect(top.position).toBeNull();
  });

  it("refuses a position for a top-level task or one that is not a whole number, naming the field", async () => {
    const ada = await newApiUser(t);
    const task = await ada.create({ title: "Alone" });
    for (const position of [0, -1, 1.5, "2"]) {
      const response = await ada.call("PUT", taskUrl(task.id), { position });
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/^position/);
    }
  });

  it("keeps another user's subtasks out of reach", async () => {
    const ada = await newApiUser(t);
    const parent = await parentWith(ada, ["A", "B"]);
    const eve = await newApiUser(t);
    const response = await eve.call("PUT", taskUrl(await idOf(ada, "B")), { position: 0 });
    expect(response.statusCode).toBe(404);
    expect(await order(ada, parent.id)).toEqual(["A", "B"]);
  });
});

describe("the order of subtasks through an export", () => {
  it.each(["json", "csv"])("is kept by a %s export imported into another account", async (format) => {
    const ada = await newApiUser(t);
    const parent = await parentWith(ada, ["A", "B", "C"]);
    await ada.update(await idOf(ada, "C"), { position: 0 });
    const file = await ada.call("GET", `${apiRoutes.exportTasks.path}?format=${format}`);
    expect(file.statusCode).toBe(200);

    const bob = await newApiUser(t);
    const upload = multipartFile(file.body, `tasks.${format}`);
    const imported = await t.app.inject({
      method: "POST",
      url: apiRoutes.importTasks.path,
      headers: { ...bob.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(imported.json()).toMatchObject({ created: 4, errors: [] });
    const copy = (await bob.list()).find((task) => task.title === parent.title);
    expect(await order(bob, copy?.id ?? "")).toEqual(["C", "A", "B"]);
  });
});

describe("the migration that gives subtasks a position", () => {
  it("numbers each parent's existing subtasks in the order they were made", async () => {
    const scratch = await scratchDatabase("m0028");
    try {
      const { db } = scratch;
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0028"));
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => before },
        allowUnorderedMigrations: true,
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const at = "2026-11-01T09:00:00.000Z";
      await sql`INSERT INTO users (id, email, email_lower, username, username_lower, password_hash, created_at, updated_at)
                VALUES ('u1', 'a@example.com', 'a@example.com', 'ada', 'ada', 'x', ${at}, ${at})`.execute(db);
      const task = (id: string, parent: string | null, made: string) =>
        sql`(${id}, 'u1', ${id}, 'pending', 'medium', '[]', 'manual', ${made}, ${made}, ${parent})`;
      await sql`INSERT INTO tasks (id, user_id, title, status, priority, tags, source_type, created_at, updated_at, parent_id)
                VALUES ${sql.join([
                  task("p", null, "2026-11-01T08:00:00.000Z"),
                  task("c", "p", "2026-11-03T08:00:00.000Z"),
                  task("a", "p", "2026-11-01T09:00:00.000Z"),
                  task("b2", "p", "2026-11-02T08:00:00.000Z"),
                  task("b1", "p", "2026-11-02T08:00:00.000Z"),
                  task("q", null, "2026-11-01T08:00:00.000Z"),
                  task("x", "q", "2026-11-05T08:00:00.000Z"),
                ])}`.execute(db);

      await migrateToLatest(db);

      const { rows } = await sql<{ id: string; position: number | null }>`
        SELECT id, position FROM tasks ORDER BY id`.execute(db);
      expect(rows.map((row) => [row.id, row.position === null ? null : Number(row.position)])).toEqual([
        ["a", 0],
        ["b1", 1],
        ["b2", 2],
        ["c", 3],
        ["p", null],
        ["q", null],
        ["x", 0],
      ]);
    } finally {
      await scratch.close();
    }
  });
});
