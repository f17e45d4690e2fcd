import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * An account the previous release signed up during an upgrade has no Inbox: the first create in
 * it makes one, under the user's lock (taken then, not only at the create's end).
 */
describe("a create for an account without an Inbox", () => {
  it("makes the Inbox and puts the task in it", async () => {
    const t = await createTestApp();
    try {
      const user = await signUp(t);
      await t.deps.db.deleteFrom("projects").where("user_id", "=", user.user.id).execute();

      const created = await t.app.inject({
        method: "POST",
        url: apiRoutes.createTask.path,
        headers: bearer(user.token),
        payload: { title: "Water the plants" },
      });

      expect(created.statusCode).toBe(201);
      const inboxes = await t.deps.db
        .selectFrom("projects")
        .select(["id", "is_inbox"])
        .where("user_id", "=", user.user.id)
        .execute();
      expect(inboxes).toEqual([{ id: (created.json() as TaskJson).project_id, is_inbox: 1 }]);
    } finally {
      await t.close();
    }
  });
});

/**
 * On PostgreSQL a create of a top-level task in the Inbox takes the user's lock (their
 * task_data_versions row) only at its version bump, so one user's creates overlap; every other
 * write takes it before reading anything. Seen from another connection holding that lock: which
 * statement each write waits in.
 */
describe.runIf(databaseUrl)("when a task write takes the user's lock (PostgreSQL)", () => {
  let t: TestApp;
  let user: SignedUp;
  let holder: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t);
    holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
  });

  afterAll(async () => {
    await holder.end();
    await t.close();
  });

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: apiRoutes.createTask.path, headers: bearer(user.token), payload });

  /** Runs `write` while `holder` holds the user's lock; the statement it waited in, and its answer. */
  async function waitedIn(write: () => ReturnType<typeof create>) {
    await holder.query("begin");
    await holder.query("select 1 from task_data_versions where user_id = $1 for update", [user.user.id]);
    const answer = write();
    let waiting: string | undefined;
    for (let attempt = 0; attempt < 200 && !waiting; attempt += 1) {
      // Inside a transaction the activity view is read once unless its snapshot is cleared.
      await holder.query("select pg_stat_clear_snapshot()");
      const { rows } = await holder.query<{ query: string }>(
        `select query from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
            and query like '%task_data_versions%'`,
      );
      waiting = rows[0]?.query;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query("commit");
    return { waiting: waiting ?? "(none)", answer: await answer };
  }

  it("a create in the Inbox waits only at the version bump, after its task and history are written", async () => {
    await create({ title: "the user's first write makes the lock's row" });
    const { waiting, answer } = await waitedIn(() => create({ title: "Call the plumber" }));

    // The bump and the sync log's row are one statement, the bump its first part.
    expect(waiting).toMatch(/^with "bumped" as \(insert into "task_data_versions" \("user_id", "version"/);
    expect(answer.statusCode).toBe(201);
    const list = await t.app.inject({
      method: "GET",
      url: apiRoutes.listTasks.path,
      headers: bearer(user.token),
    });
    expect((list.json() as TaskJson[]).map((task) => task.title)).toContain("Call the plumber");
    const logged = await t.deps.db
      .selectFrom("task_sync")
      .innerJoin("task_data_versions", "task_data_versions.user_id", "task_sync.user_id")
      .select(["task_sync.version as logged", "task_data_versions.version as current"])
      .where("task_sync.task_id", "=", (answer.json() as TaskJson).id)
      .executeTakeFirstOrThrow();
    expect(Number(logged.logged)).toBe(Number(logged.current));
  });

  it("a create under a parent and an update wait before they read anything", async () => {
    const parent = (await create({ title: "Move house" })).json() as TaskJson;

    const subtask = await waitedIn(() => create({ title: "Book the van", parent_id: parent.id }));
    expect(subtask.waiting).toMatch(/^select "user_id" from "task_data_versions" .* for update$/);
    expect(subtask.answer.statusCode).toBe(201);

    const update = await waitedIn(() =>
      t.app.inject({
        method: "PUT",
        url: apiRoutes.updateTask.path.replace(":id", parent.id),
        headers: bearer(user.token),
        payload: { status: "completed" },
      }),
    );
    expect(update.waiting).toMatch(/^select "user_id" from "task_data_versions" .* for update$/);
    expect(update.answer.statusCode).toBe(200);
  });
});
