import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres, type Db } from "../../src/db/database";
import { selectTaskPage } from "../../src/modules/tasks/page-repository";
import { createTasks } from "../../src/modules/tasks/service";
import { createTestApp, signUp, type TestApp } from "../helpers";

/**
 * A list with its subtasks (the Tasks screen's open list) reads, with each task, whether it has a
 * subtask, and asks for the children of those that have one only: most lists send no statement
 * for subtasks at all. The probe is a per-task index lookup on both engines, never a read of
 * every task's parent (PostgreSQL answered an EXISTS, or a join, by hashing them all).
 */

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUp(t)).user.id;
});
afterAll(async () => {
  await t.close();
});

/** `db` recording the root node of every query it builds. */
function recording(db: Db): { db: Db; queries: RootOperationNode[] } {
  const queries: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), queries };
}

const OPEN = { statuses: ["pending", "inprogress", "cancelled"] as const };
const WITH_SUBTASKS = { order: "due", withSubtasks: true } as const;

describe("an open list with its subtasks", () => {
  it("sends one statement when no task has a subtask, and looks only under those that have", async () => {
    const [, parent] = await createTasks(t.deps.db, t.clock, userId, [
      { title: "Lone", priority: "medium", tags: [] },
      { title: "Parent", priority: "medium", tags: [] },
    ]);
    const none = recording(t.deps.db);
    const alone = await selectTaskPage(none.db, userId, { ...OPEN }, WITH_SUBTASKS);
    expect(alone.map((row) => row.title).sort()).toEqual(["Lone", "Parent"]);
    expect(none.queries).toHaveLength(1);

    const [child] = await createTasks(t.deps.db, t.clock, userId, [
      { title: "Child", priority: "medium", tags: [], status: "completed", parent_id: parent!.id },
    ]);
    await createTasks(t.deps.db, t.clock, userId, [
      { title: "Grandchild", priority: "medium", tags: [], status: "completed", parent_id: child!.id },
    ]);
    const some = recording(t.deps.db);
    const tree = await selectTaskPage(some.db, userId, { ...OPEN }, WITH_SUBTASKS);
    expect(tree.map((row) => row.title).sort()).toEqual(["Child", "Grandchild", "Lone", "Parent"]);
    // The list, the children of Parent (not of Lone), the children of Child, none below.
    expect(some.queries).toHaveLength(4);
  });

  it("asks once per listed task, never by hashing every task's parent", async () => {
    const { queries, db } = recording(t.deps.db);
    await selectTaskPage(db, userId, { ...OPEN }, WITH_SUBTASKS);
    const compiled = t.deps.db.getExecutor().compileQuery(queries[0]!, createQueryId());
    const explain = isPostgres(t.deps.db) ? "explain" : "explain query plan";
    const explained = await t.deps.db.executeQuery(
      CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = explained.rows.map((row) => Object.values(row as object).join(" ")).join("\n");
    // PostgreSQL runs a scalar subquery once per row (on a table this small, without its index);
    // a hashed subplan would read every task's parent.
    expect(text).toContain(isPostgres(t.deps.db) ? "SubPlan" : "USING INDEX tasks_parent");
    expect(text).not.toMatch(/hashed/i);
  });
});
