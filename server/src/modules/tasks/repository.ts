import type { AliasedSelectQueryBuilder } from "kysely";
import { isPostgres, type Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { NewTask, NewTaskEvent, TaskEventRow, TaskRow, TaskUpdate } from "../../db/schema";
import { sortedInListOrder } from "./list-order";
import { ownOrShared, visibleMatching, type TaskQueryFilters } from "./search-repository";

export type { TaskQueryFilters };

type TaskColumn = keyof TaskRow & string;

/**
 * The tasks that are the user's to do, as a table named `tasks` of `columns` to select from:
 * their own but those assigned to another member of a shared project, and those of others'
 * projects assigned to them (what the statistics, the analytics and the weekly review count).
 * Two disjoint halves joined by UNION ALL, each read through its own index (the conditions of
 * the outer query reach into both): as one `or`, PostgreSQL reads every task of the user from the
 * table, in a bitmap of both indexes, where the own half alone is read from the (user_id, status,
 * due_date, assignee_id) index only. Only the columns asked for, so SQLite can do the same.
 */
export function theirsToDo(
  db: Db,
  userId: string,
  columns: "all",
): AliasedSelectQueryBuilder<TaskRow, "tasks">;
export function theirsToDo<C extends TaskColumn>(
  db: Db,
  userId: string,
  columns: readonly C[],
): AliasedSelectQueryBuilder<Pick<TaskRow, C>, "tasks">;
export function theirsToDo(db: Db, userId: string, columns: readonly TaskColumn[] | "all") {
  const own = db
    .selectFrom("tasks")
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("assignee_id", "is", null), eb("assignee_id", "=", userId)]));
  const assigned = db.selectFrom("tasks").where("assignee_id", "=", userId).where("user_id", "<>", userId);
  if (columns === "all") return own.selectAll().unionAll(assigned.selectAll()).as("tasks");
  return own.select(columns).unionAll(assigned.select(columns)).as("tasks");
}

/** Rows per INSERT: well below SQLite's and PostgreSQL's bound-parameter limits. */
export const INSERT_CHUNK = 500;

/** The user's tasks matching `filters`, in to-do order (see sortedInListOrder). */
export async function selectTasks(
  db: Db,
  userId: string,
  filters: TaskQueryFilters = {},
): Promise<TaskRow[]> {
  const rows = await db
    .selectFrom("tasks")
    .selectAll()
    .where((eb) => visibleMatching(eb, userId, filters, { postgres: isPostgres(db) }))
    .execute();
  return sortedInListOrder(rows);
}

/**
 * The user's task with this id. `forUpdate`: the task a write is about to change, locked until
 * its transaction ends, so that changes of one task made at the same moment apply one after
 * another, each seeing the one before (PostgreSQL; SQLite runs one write transaction at a time).
 */
export async function selectTask(
  db: Db,
  userId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<TaskRow | undefined> {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .$if(forUpdate && isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** A task by id alone, whoever owns it (for work outside a request). */
export async function selectTaskById(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The user's tasks among `ids` (ids of other users' tasks find nothing, but for those in
 * `filters.sharedProjectIds`), in no particular order.
 */
export async function selectTasksByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
  filters: Pick<TaskQueryFilters, "sharedProjectIds"> = {},
): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("tasks")
    .selectAll()
    .where((eb) => ownOrShared(eb, userId, filters))
    .where("id", "in", [...ids])
    .execute();
}

/** What every create sends, built and compiled once (a row's insert: once per set of columns). */
const insertOneTask = queryTemplate((db: Db, row: NewTask) => db.insertInto("tasks").values(row));
const insertOneTaskEvent = queryTemplate((db: Db, event: NewTaskEvent) =>
  db.insertInto("task_events").values(event),
);

export async function insertTasks(db: Db, rows: readonly NewTask[]): Promise<void> {
  if (rows.length === 1) {
    await insertOneTask(db, rows[0] as NewTask);
    return;
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto("tasks")
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/**
 * The next occurrence of a repeating task, unless the task it follows already has one (the unique
 * follows_task_id): of two completions at once, in any process, one inserts and the other finds
 * nothing to do. true when this call inserted it.
 */
export async function insertNextOccurrence(
  db: Db,
  row: NewTask & { follows_task_id: string },
): Promise<boolean> {
  const result = await db
    .insertInto("tasks")
    .values(row)
    .onConflict((conflict) => conflict.column("follows_task_id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function updateTaskRow(db: Db, userId: string, id: string, changes: TaskUpdate): Promise<void> {
  await db.updateTable("tasks").set(changes).where("user_id", "=", userId).where("id", "=", id).execute();
}

/** Deletes the user's tasks among `ids`; how many there were. */
export async function deleteTaskRows(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    const result = await db
      .deleteFrom("tasks")
      .where("user_id", "=", userId)
      .where("id", "in", ids.slice(start, start + INSERT_CHUNK))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** The same changes to several of the user's tasks (a subtree moving, or completed together). */
export async function updateTaskRows(
  db: Db,
  userId: string,
  ids: readonly string[],
  changes: TaskUpdate,
): Promise<void> {
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    await db
      .updateTable("tasks")
      .set(changes)
      .where("user_id", "=", userId)
      .where("id", "in", ids.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/**
 * The user's tasks whose parent is one of `parentIds` (one level down), whole or only `columns`.
 * Found through the parent index alone and kept to the user's here: with a user_id condition in
 * the query, SQLite reads every task of the user through a (user_id, …) index instead (10 ms for
 * 5,000 tasks, not 0.2).
 */
export async function selectChildren(
  db: Db,
  userId: string,
  parentIds: readonly string[],
  sharedProjectIds?: readonly string[],
): Promise<TaskRow[]>;
export async function selectChildren<C extends TaskColumn>(
  db: Db,
  userId: string,
  parentIds: readonly string[],
  sharedProjectIds: readonly string[] | undefined,
  columns: readonly C[],
): Promise<Array<Pick<TaskRow, C>>>;
export async function selectChildren(
  db: Db,
  userId: string,
  parentIds: readonly string[],
  sharedProjectIds: readonly string[] = [],
  columns?: readonly TaskColumn[],
): Promise<Array<Partial<TaskRow>>> {
  const shared = new Set(sharedProjectIds);
  const rows: Array<Partial<TaskRow>> = [];
  for (let start = 0; start < parentIds.length; start += INSERT_CHUNK) {
    const query = db
      .selectFrom("tasks")
      .where("parent_id", "in", parentIds.slice(start, start + INSERT_CHUNK));
    const children = await (
      columns ? query.select([...new Set([...columns, "user_id", "project_id"] as const)]) : query.selectAll()
    ).execute();
    rows.push(...children.filter((row) => row.user_id === userId || shared.has(row.project_id ?? "")));
  }
  return rows;
}

/**
 * Tasks written without a project (by the previous release, during a rolling upgrade) move into
 * the Inbox. The check reads the (user_id, project_id) index alone and finds nothing almost always.
 */
export async function adoptTasksWithoutProject(db: Db, userId: string, inboxId: string): Promise<void> {
  await db
    .updateTable("tasks")
    .set({ project_id: inboxId })
    .where("user_id", "=", userId)
    .where("project_id", "is", null)
    .execute();
}

export async function hasTasksWithoutProject(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tasks")
    .select("id")
    .where("user_id", "=", userId)
    .where("project_id", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The tasks of one of the user's projects. */
export async function selectTasksOfProject(db: Db, userId: string, projectId: string): Promise<TaskRow[]> {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("project_id", "=", projectId)
    .execute();
}

/**
 * Takes the lock of the user's tasks for the rest of the transaction: their task_data_versions
 * row, made on first use (PostgreSQL; SQLite runs one write transaction at a time). Every write of
 * a user's tasks or projects that reads them to change them takes it first, so they run one after
 * another: none works on a tree another is changing (a subtask added under a task being deleted,
 * a task moved while its subtree moves), and since each takes this row before any task or project
 * row, two of them never wait for each other's rows in opposite orders (a deadlock). Every write
 * locks this row at its end anyway (bumpTaskDataVersion), which is all a create of top-level
 * tasks waits for (LockOrder). The user's own row is left alone, so account writes never wait.
 * One statement once the row exists, as it does after the user's first write.
 */
export async function lockUserTasks(db: Db, userId: string): Promise<void> {
  if (!isPostgres(db)) return;
  const lockRow = () =>
    db
      .selectFrom("task_data_versions")
      .select("user_id")
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
  if (await lockRow()) return;
  await db
    .insertInto("task_data_versions")
    .values({ user_id: userId })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
  await lockRow();
}

/** The user's stored timezone (the zone a repeating task's dates are counted in). */
export async function selectUserTimeZone(db: Db, userId: string): Promise<{ timezone: string } | undefined> {
  return db.selectFrom("users").select("timezone").where("id", "=", userId).executeTakeFirst();
}

export async function selectTaskDataVersion(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("task_data_versions")
    .select("version")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function selectTasksChangedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("task_data_versions")
    .select("changed_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.changed_at ?? null;
}

export interface TaskCounts {
  total: number;
  pending: number;
  in_progress: number;
  completed: number;
  cancelled: number;
  overdue: number;
}

/**
 * All counts in one pass, per status (read from the (user_id, status, due_date, assignee_id) index
 * alone).
 * Overdue means, literally: a due date before `nowIso` and a status other than completed — so a
 * cancelled task past its date counts.
 */
export async function countTasks(db: Db, userId: string, nowIso: string): Promise<TaskCounts> {
  const rows = await db
    .selectFrom(theirsToDo(db, userId, ["status", "due_date"]))
    .select((eb) => [
      "status",
      eb.fn.countAll<number>().as("count"),
      eb.fn.count<number>(eb.case().when("due_date", "<", nowIso).then(eb.lit(1)).end()).as("past_due"),
    ])
    .groupBy("status")
    .execute();
  const counts: TaskCounts = { total: 0, pending: 0, in_progress: 0, completed: 0, cancelled: 0, overdue: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    counts.total += count;
    if (row.status === "pending") counts.pending = count;
    else if (row.status === "inprogress") counts.in_progress = count;
    else if (row.status === "completed") counts.completed = count;
    else if (row.status === "cancelled") counts.cancelled = count;
    if (row.status !== "completed") counts.overdue += Number(row.past_due);
  }
  return counts;
}

/** Appends to the users' task history, in the caller's transaction. */
export async function insertTaskEvents(db: Db, events: readonly NewTaskEvent[]): Promise<void> {
  if (events.length === 1) {
    await insertOneTaskEvent(db, events[0] as NewTaskEvent);
    return;
  }
  for (let start = 0; start < events.length; start += INSERT_CHUNK) {
    await db
      .insertInto("task_events")
      .values(events.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** The history of the user's tasks among `taskIds`, oldest first. */
export async function selectTaskEvents(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<TaskEventRow[]> {
  const rows: TaskEventRow[] = [];
  for (let start = 0; start < taskIds.length; start += INSERT_CHUNK) {
    rows.push(
      ...(await db
        .selectFrom("task_events")
        .selectAll()
        .where("user_id", "=", userId)
        .where("task_id", "in", taskIds.slice(start, start + INSERT_CHUNK))
        .execute()),
    );
  }
  return rows.sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
}

/** The newest events of the tasks now in one of the owner's projects, with each task's title. */
export async function selectProjectEvents(
  db: Db,
  ownerId: string,
  projectId: string,
  limit: number,
): Promise<Array<TaskEventRow & { title: string }>> {
  return db
    .selectFrom("task_events")
    .innerJoin("tasks", "tasks.id", "task_events.task_id")
    .selectAll("task_events")
    .select("tasks.title")
    .where("tasks.user_id", "=", ownerId)
    .where("tasks.project_id", "=", projectId)
    .orderBy("task_events.at", "desc")
    .orderBy("task_events.id", "desc")
    .limit(limit)
    .execute();
}
