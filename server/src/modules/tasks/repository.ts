import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import {
  DEFAULT_TASK_PRIORITY,
  MANUAL_SOURCE,
  TASK_PRIORITIES,
  type TaskPriority,
  type TaskStatus,
} from "@contract/tasks";
import { executeWrite, isPostgres, type Db } from "../../db/database";
import type { Prefetch } from "../../db/group-commit";
import { compiledOnce, preparedListQuery, preparedQuery } from "../../db/prepared-query";
import type { Database, NewTask, TaskRow, TaskUpdate } from "../../db/schema";

/** What the list query narrows in SQL; the service re-checks tags and search exactly. */
export interface TaskQueryFilters {
  statuses?: readonly TaskStatus[];
  priorities?: readonly TaskPriority[];
  /** Any of these tags (case-insensitive). */
  tags?: readonly string[];
  hasDueDate?: boolean;
  search?: string;
}

/** Statuses that count as finished for the list order (open tasks come before finished ones). */
const FINISHED_STATUSES: readonly TaskStatus[] = ["completed", "cancelled"];

/** A listed task: every column but the owner's id and the task it follows, kept for the database. */
export type TaskListRow = Omit<TaskRow, "user_id" | "follows_task_id">;
/** The stored fields of a task but its owner, in the order exports give them (lists add remind_at). */
export const LIST_COLUMNS = [
  "id",
  "title",
  "description",
  "status",
  "priority",
  "due_date",
  "tags",
  "source_type",
  "source_origin",
  "source_filename",
  "created_at",
  "updated_at",
  "completed_at",
  "recurrence",
] as const satisfies ReadonlyArray<keyof TaskListRow>;

/**
 * Every column of a task row: what the one-task statements bind, in this order, and what reading
 * one task names (not `*`, so that the statement's result keeps its shape when a column is added).
 */
const TASK_ROW_COLUMNS = [...LIST_COLUMNS, "user_id", "follows_task_id", "remind_at"] as const;

/** Rows per INSERT: well below SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

/** `%`, `_` and the escape character itself match literally (used with ESCAPE '\'). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `lower(column) LIKE lower(pattern)`, portable. Both sides go through the database's own lower()
 * so they fold alike. SQLite's folds only ASCII letters, so the pattern stands `_` (any one
 * character) for each other character: "über" looks for "_ber", which finds "Über" and "aber"
 * alike, and the service keeps the exact matches (matchesExactly, which folds every letter). The
 * LIKE only pre-selects, and must never miss one.
 */
function lowerLike(column: "title" | "description" | "tags", pattern: string) {
  const anyNonAscii = pattern.replace(/[^\0-\x7f]/gu, "_");
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(cast(${anyNonAscii} as text)) escape '\\'`;
}

/**
 * Tags are a JSON array of strings, so a tag appears in the text as its JSON encoding with the
 * quotes (`"work"`). Matching on that is portable; it can over-match (a tag containing an escaped
 * quote), never under-match, and the service keeps only exact matches.
 */
function tagPattern(tag: string): string {
  return `%${escapeLike(JSON.stringify(tag))}%`;
}

function searchPatterns(search: string): { text: string; tags: string } {
  return {
    text: `%${escapeLike(search)}%`,
    // Inside the JSON text quotes and backslashes are escaped: search for the encoded form.
    tags: `%${escapeLike(JSON.stringify(search).slice(1, -1))}%`,
  };
}

function applyFilters(eb: ExpressionBuilder<Database, "tasks">, filters: TaskQueryFilters) {
  const conditions = [];
  if (filters.statuses?.length) conditions.push(eb("status", "in", filters.statuses));
  if (filters.priorities?.length) conditions.push(eb("priority", "in", filters.priorities));
  if (filters.tags?.length)
    conditions.push(eb.or(filters.tags.map((tag) => lowerLike("tags", tagPattern(tag)))));
  if (filters.hasDueDate !== undefined) {
    conditions.push(eb("due_date", filters.hasDueDate ? "is not" : "is", null));
  }
  if (filters.search) {
    const patterns = searchPatterns(filters.search);
    conditions.push(
      eb.or([
        lowerLike("title", patterns.text),
        lowerLike("description", patterns.text),
        lowerLike("tags", patterns.tags),
      ]),
    );
  }
  return eb.and(conditions);
}

/**
 * The user's tasks in the order of a to-do list: open (pending, in progress) before
 * finished (completed, cancelled); then by due date, earliest first, tasks without one last;
 * then newest first. The id breaks remaining ties so the order is stable between calls.
 */
export async function selectTasks(
  db: Db,
  userId: string,
  filters: TaskQueryFilters = {},
): Promise<TaskListRow[]> {
  const query = db
    .selectFrom("tasks")
    .select([...LIST_COLUMNS, "remind_at"])
    .where("user_id", "=", userId)
    .where((eb) => applyFilters(eb, filters));
  // PostgreSQL's sort of a long list (text compared under the database's collation) took longer
  // than reading the rows: 10,000 tasks 35–55 ms against 9–19 ms for the same sort here.
  if (isPostgres(db)) return (await query.execute()).sort(compareInListOrder);
  return query.$call(inListOrder).execute();
}

const isFinished = (status: string) => FINISHED_STATUSES.includes(status as TaskStatus);

/**
 * inListOrder as a comparison of rows. Dates are stored as UTC ISO text and ids are UUIDs,
 * compared as JavaScript strings (UTF-16 code units): the order of SQLite's BINARY collation and
 * of PostgreSQL's C ones, and, for text of one format, of a language collation too (a date past
 * year 9999, written "+010000-…", is where a language collation could have placed it otherwise).
 */
export function compareInListOrder(
  a: Pick<TaskRow, "status" | "due_date" | "created_at" | "id">,
  b: Pick<TaskRow, "status" | "due_date" | "created_at" | "id">,
): number {
  const finished = Number(isFinished(a.status)) - Number(isFinished(b.status));
  if (finished !== 0) return finished;
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** The to-do list's order (see selectTasks), for any query of the tasks table. */
function inListOrder<Q extends SelectQueryBuilder<Database, "tasks", object>>(query: Q): Q {
  return query
    .orderBy((eb) => eb.case().when("status", "in", FINISHED_STATUSES).then(eb.lit(1)).else(eb.lit(0)).end())
    .orderBy((eb) => eb.case().when("due_date", "is", null).then(eb.lit(1)).else(eb.lit(0)).end())
    .orderBy("due_date", "asc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc") as Q;
}

/** A list of known words as SQL literals: `'a', 'b'` (the values are the contract's constants). */
function literals(values: readonly string[]) {
  return sql.join(values.map((value) => sql.lit(value)));
}

/**
 * One task as the wire carries it (what toTaskJson makes of a row), built by SQLite's JSON
 * functions: the same keys in the same order, in_progress spelled so, an unknown status read as
 * pending and an unknown priority as medium, the source without its null fields (a manual one
 * only as its type), tags as stored (the JSON array of strings the service writes; a text that
 * is not a JSON array reads as [], as in toTaskJson — only an array holding non-strings, which
 * nothing writes, would differ: toTaskJson drops those elements).
 * SQLite escapes strings exactly as JSON.stringify does.
 */
const TASK_JSON_SQLITE = sql<string>`json_object(
  'id', id,
  'title', title,
  'description', description,
  'status', case status
    when 'inprogress' then 'in_progress' when 'in_progress' then 'in_progress'
    when 'pending' then 'pending' when 'completed' then 'completed' when 'cancelled' then 'cancelled'
    else 'pending' end,
  'priority', case when priority in (${literals(TASK_PRIORITIES)}) then priority
    else ${sql.lit(DEFAULT_TASK_PRIORITY)} end,
  'due_date', due_date,
  'tags', json(case when json_valid(tags) and json_type(tags) = 'array' then tags else '[]' end),
  'source', json(case
    when source_type = ${sql.lit(MANUAL_SOURCE.type)} then json_object('type', source_type)
    when source_origin is null and source_filename is null then json_object('type', source_type)
    when source_filename is null then json_object('type', source_type, 'origin', source_origin)
    when source_origin is null then json_object('type', source_type, 'filename', source_filename)
    else json_object('type', source_type, 'origin', source_origin, 'filename', source_filename) end),
  'created_at', created_at,
  'updated_at', updated_at,
  'completed_at', completed_at,
  'recurrence', recurrence,
  'remind_at', remind_at
)`;

/**
 * SQLite only: the user's tasks filtered by status, priority and due date (not by tags or
 * search, which the service re-checks exactly), as the JSON text of the list answer, in the order
 * of selectTasks. The database writes each task's JSON (one string per row instead of a
 * JavaScript object per row and another per task); they are only joined here.
 */
export async function selectTaskListJsonSqlite(
  db: Db,
  userId: string,
  filters: Omit<TaskQueryFilters, "tags" | "search">,
): Promise<string> {
  const rows = await inListOrder(
    db
      .selectFrom("tasks")
      .select(TASK_JSON_SQLITE.as("json"))
      .where("user_id", "=", userId)
      .where((eb) => applyFilters(eb, filters)),
  ).execute();
  return `[${rows.map((row) => row.json).join(",")}]`;
}

const taskQuery = preparedQuery((db: Db, userId: string, id: string) =>
  db.selectFrom("tasks").select(TASK_ROW_COLUMNS).where("user_id", "=", userId).where("id", "=", id),
);

export async function selectTask(db: Db, userId: string, id: string): Promise<TaskRow | undefined> {
  const prefetched = prefetchedTasks.get(db)?.get(taskKey(userId, id));
  if (prefetched !== undefined) return prefetched === null ? undefined : { ...prefetched };
  const [row] = await taskQuery(db, userId, id);
  return row;
}

/**
 * The tasks a group commit's batch read ahead (taskPrefetch), per transaction: by taskKey, the row
 * as the batch's writes so far have left it, or null when there is none. Every write of a task in
 * this module keeps it so (an update merges its changes, a delete leaves null, an insert drops
 * the key, which is then read again), so selectTask in that transaction answers from it as the
 * database would. Tasks are written nowhere else.
 */
const prefetchedTasks = new WeakMap<Db, Map<string, TaskRow | null>>();

const taskKey = (userId: string, id: string) => `${userId}\n${id}`;

const tasksByIdsQuery = preparedListQuery((db: Db, ids: string[]) =>
  db.selectFrom("tasks").select(TASK_ROW_COLUMNS).where("id", "in", ids),
);

/** Reads the tasks of `keys` (taskKey) in one statement and keeps them for the transaction. */
async function prefetchTasks(trx: Db, keys: readonly string[]): Promise<void> {
  // Batches with savepoints (SQLite) never prefetch: there a read costs microseconds.
  if (!isPostgres(trx)) return;
  if (keys.length === 0) {
    prefetchedTasks.delete(trx);
    return;
  }
  const ids = keys.map((key) => key.slice(key.indexOf("\n") + 1));
  const rows = await tasksByIdsQuery(trx, ids);
  const found = new Map(rows.map((row) => [taskKey(row.user_id, row.id), row]));
  prefetchedTasks.set(trx, new Map(keys.map((key) => [key, found.get(key) ?? null])));
}

/** What updating a task reads first (selectTask), for inTransaction: a batch of PUTs reads theirs at once. */
export function taskPrefetch(userId: string, id: string): Prefetch<Database> {
  return { load: prefetchTasks, key: taskKey(userId, id) };
}

/** Keeps the prefetched row of a task up to date with a write: `changes`, or null once deleted. */
function prefetchedWrite(db: Db, userId: string, id: string, changes: TaskUpdate | null): void {
  const prefetched = prefetchedTasks.get(db);
  const row = prefetched?.get(taskKey(userId, id));
  if (!prefetched || !row) return;
  prefetched.set(taskKey(userId, id), changes === null ? null : ({ ...row, ...changes } as TaskRow));
}

/** Inserted rows are read from the database again (a prefetched absent key never gets one: ids are new). */
function prefetchedInserts(db: Db, rows: ReadonlyArray<Pick<NewTask, "user_id" | "id">>): void {
  const prefetched = prefetchedTasks.get(db);
  if (prefetched) for (const row of rows) prefetched.delete(taskKey(row.user_id, row.id));
}

/** A task by id alone, whoever owns it (for work outside a request). */
export async function selectTaskById(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user's tasks among `ids` (ids of other users' tasks find nothing), in no particular order. */
export async function selectTasksByIds(db: Db, userId: string, ids: readonly string[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "in", [...ids])
    .execute();
}

export async function insertTasks(db: Db, rows: readonly NewTask[]): Promise<void> {
  prefetchedInserts(db, rows);
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto("tasks")
      .values(
        rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, version: versionNow(row.user_id) })),
      )
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
  prefetchedInserts(db, [row]);
  const result = await db
    .insertInto("tasks")
    .values({ ...row, version: versionNow(row.user_id) })
    .onConflict((conflict) => conflict.column("follows_task_id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** The user's stored timezone (the zone a repeating task's dates are counted in). */
export async function selectUserTimeZone(db: Db, userId: string): Promise<{ timezone: string } | undefined> {
  return db.selectFrom("users").select("timezone").where("id", "=", userId).executeTakeFirst();
}

/** true when a task of this user with this id existed. */
export async function deleteTaskRow(db: Db, userId: string, id: string): Promise<boolean> {
  prefetchedWrite(db, userId, id, null);
  const result = await db
    .deleteFrom("tasks")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface TaskCounts {
  total: number;
  pending: number;
  in_progress: number;
  completed: number;
  cancelled: number;
  overdue: number;
}

// One row per status, read from the (user_id, status, due_date) index alone.
const countsByStatusQuery = preparedQuery((db: Db, userId: string, nowIso: string) =>
  db
    .selectFrom("tasks")
    .where("user_id", "=", userId)
    .select((eb) => [
      "status",
      eb.fn.countAll<number>().as("count"),
      eb.fn.count<number>(eb.case().when("due_date", "<", nowIso).then(eb.lit(1)).end()).as("past_due"),
      eb.fn
        .min<string | null>(eb.case().when("due_date", ">=", nowIso).then(eb.ref("due_date")).end())
        .as("next_due"),
    ])
    .groupBy("status"),
);

/**
 * All counts in one pass, per status. Overdue means, literally: a due date before `nowIso` and a
 * status other than completed — so a cancelled task past its date counts (the SPA's
 * computeTaskStats does the same). `nextDue`: the earliest due date at or after `nowIso` of a task
 * that is not completed — until then the counts stay as they are (null: they never change by time
 * alone).
 */
export async function countTasks(
  db: Db,
  userId: string,
  nowIso: string,
): Promise<{ counts: TaskCounts; nextDue: string | null }> {
  const counts: TaskCounts = { total: 0, pending: 0, in_progress: 0, completed: 0, cancelled: 0, overdue: 0 };
  let nextDue: string | null = null;
  for (const row of await countsByStatusQuery(db, userId, nowIso)) {
    const count = Number(row.count);
    counts.total += count;
    if (row.status === "pending") counts.pending = count;
    else if (row.status === "inprogress") counts.in_progress = count;
    else if (row.status === "completed") counts.completed = count;
    else if (row.status === "cancelled") counts.cancelled = count;
    if (row.status === "completed") continue;
    counts.overdue += Number(row.past_due);
    if (row.next_due !== null && (nextDue === null || row.next_due < nextDue)) nextDue = row.next_due;
  }
  return { counts, nextDue };
}

/**
 * The columns a change to the user's tasks moves on: the version counts every change, so two
 * changes in one millisecond still differ (ETag); the span of versions whose every change wrote its
 * version follows it, and starts again at the version before this one when the change before was
 * made without one (by an instance of an older release, see migration 0011). SET reads the row as
 * it was before the statement.
 */
function bump(eb: ExpressionBuilder<Database, "users">, nowIso: string) {
  return {
    tasks_changed_at: nowIso,
    tasks_version: eb("tasks_version", "+", 1),
    tasks_versioned_from: eb
      .case()
      .when("tasks_versioned_to", "=", eb.ref("tasks_version"))
      .then(eb.ref("tasks_versioned_from"))
      .else(eb.ref("tasks_version"))
      .end(),
    tasks_versioned_to: eb("tasks_version", "+", 1),
  };
}

const touchQuery = compiledOnce((db: Db, userId: string, nowIso: string) =>
  db
    .updateTable("users")
    .set((eb) => bump(eb, nowIso))
    .where("id", "=", userId),
);

/**
 * Records that the user's task list changes: moves the data version on. Every task write runs it
 * first in its transaction and then sets the task's version (or the deletion's) to the user's
 * version then (versionNow), its own bump's: another transaction's bump waits for this one (the
 * user row's lock on PostgreSQL, the one writer on SQLite).
 */
async function touchTasksChangedAt(db: Db, userId: string, nowIso: string): Promise<void> {
  await executeWrite(db, touchQuery(db, userId, nowIso));
}

/** The user's data version now, as a value a write sets (after the bump of its transaction). */
function versionNow(userId: string) {
  return sql<number>`(select tasks_version from users where id = ${userId})`;
}

/**
 * PostgreSQL: the version bump as the CTE `bumped`, for one statement whose task write takes its
 * version from it. Not the other way round: the sub-statements of one statement see one snapshot,
 * so a task write reading users.tasks_version there would read the version before the bump.
 */
function withBump(db: Db, userId: string, nowIso: string) {
  return db.with("bumped", (cte) =>
    cte
      .updateTable("users")
      .set((eb) => bump(eb, nowIso))
      .where("id", "=", userId)
      .returning("tasks_version"),
  );
}

/**
 * New tasks and the version bump. On PostgreSQL, where every statement is a round trip (and the
 * writes of a group commit run one after another), a small insert and the bump are one statement
 * (a data-modifying CTE); SQLite has no such CTE and answers in microseconds.
 */
export async function insertTasksAndTouch(
  db: Db,
  rows: readonly NewTask[],
  userId: string,
  nowIso: string,
): Promise<void> {
  if (rows.length > 0 && rows.length <= INSERT_CHUNK && isPostgres(db)) {
    prefetchedInserts(db, rows);
    const [row] = rows;
    const statement =
      rows.length === 1 && row
        ? insertOneTaskAndTouchQuery(
            db,
            userId,
            nowIso,
            ...TASK_ROW_COLUMNS.map((column) => row[column] ?? null),
          )
        : withBump(db, userId, nowIso)
            .insertInto("tasks")
            .values((eb) =>
              rows.map((each) => ({ ...each, version: eb.selectFrom("bumped").select("tasks_version") })),
            )
            .compile();
    await executeWrite(db, statement);
    return;
  }
  await touchTasksChangedAt(db, userId, nowIso);
  const [row] = rows;
  if (rows.length === 1 && row) await insertOneTask(db, row);
  else await insertTasks(db, rows);
}

/** PostgreSQL: one task and the version bump in one statement (POST), compiled once. */
const insertOneTaskAndTouchQuery = compiledOnce(
  (db: Db, userId: string, nowIso: string, ...values: unknown[]) =>
    withBump(db, userId, nowIso)
      .insertInto("tasks")
      .values((eb) => ({
        ...(Object.fromEntries(TASK_ROW_COLUMNS.map((column, index) => [column, values[index]])) as NewTask),
        version: eb.selectFrom("bumped").select("tasks_version"),
      })),
  2 + TASK_ROW_COLUMNS.length,
);

// One task (POST /api/v1/tasks): built and compiled by Kysely once, not for every request.
const insertOneTaskQuery = preparedQuery(
  (
    db: Db,
    id: string,
    user_id: string,
    title: string,
    description: string | null,
    status: string,
    priority: string,
    due_date: string | null,
    tags: string,
    source_type: string,
    source_origin: string | null,
    source_filename: string | null,
    created_at: string,
    updated_at: string,
    completed_at: string | null,
    recurrence: string | null,
    follows_task_id: string | null,
    remind_at: string | null,
  ) =>
    db.insertInto("tasks").values({
      id,
      user_id,
      title,
      description,
      status,
      priority,
      due_date,
      tags,
      source_type,
      source_origin,
      source_filename,
      created_at,
      updated_at,
      completed_at,
      recurrence,
      follows_task_id,
      remind_at,
      version: versionNow(user_id),
    }),
);

/** insertTasks for one row (the optional columns of a NewTask, left out, are null). */
async function insertOneTask(db: Db, row: NewTask): Promise<void> {
  await insertOneTaskQuery(
    db,
    row.id,
    row.user_id,
    row.title,
    row.description ?? null,
    row.status,
    row.priority,
    row.due_date ?? null,
    row.tags,
    row.source_type,
    row.source_origin ?? null,
    row.source_filename ?? null,
    row.created_at,
    row.updated_at,
    row.completed_at ?? null,
    row.recurrence ?? null,
    row.follows_task_id ?? null,
    row.remind_at ?? null,
  );
}

/** Distinct sets of changed columns kept compiled, per statement; a PUT changes one of a few. */
const UPDATE_SHAPES_KEPT = 64;

/** `compile(columns)` once per set of changed columns (kept while fewer than UPDATE_SHAPES_KEPT). */
function perShape<Query>(compile: (columns: ReadonlyArray<keyof TaskUpdate>) => Query) {
  const kept = new Map<string, Query>();
  return (columns: ReadonlyArray<keyof TaskUpdate>): Query => {
    const key = columns.join(",");
    let query = kept.get(key);
    if (!query) {
      query = compile(columns);
      if (kept.size < UPDATE_SHAPES_KEPT) kept.set(key, query);
    }
    return query;
  };
}

const valuesOf = (columns: ReadonlyArray<keyof TaskUpdate>, values: unknown[]) =>
  Object.fromEntries(columns.map((column, index) => [column, values[index]])) as TaskUpdate;

/** PostgreSQL: the update of these columns and the version bump in one statement. */
const updateAndTouchQuery = perShape((columns) =>
  compiledOnce(
    (db: Db, userId: string, id: string, nowIso: string, ...values: unknown[]) =>
      withBump(db, userId, nowIso)
        .updateTable("tasks")
        .set((eb) => ({
          ...valuesOf(columns, values),
          version: eb.selectFrom("bumped").select("tasks_version"),
        }))
        .where("user_id", "=", userId)
        .where("id", "=", id),
    3 + columns.length,
  ),
);

/** SQLite: the update of these columns, at the version its transaction's bump (run before) set. */
const updateQuery = perShape((columns) =>
  compiledOnce(
    (db: Db, userId: string, id: string, ...values: unknown[]) =>
      db
        .updateTable("tasks")
        .set({ ...valuesOf(columns, values), version: versionNow(userId) })
        .where("user_id", "=", userId)
        .where("id", "=", id),
    2 + columns.length,
  ),
);

/** A task's changes and the version bump: on PostgreSQL one statement (see insertTasksAndTouch). */
export async function updateTaskRowAndTouch(
  db: Db,
  userId: string,
  id: string,
  changes: TaskUpdate,
  nowIso: string,
): Promise<void> {
  prefetchedWrite(db, userId, id, changes);
  const columns = Object.keys(changes) as Array<keyof TaskUpdate>;
  const values = columns.map((column) => changes[column]);
  if (isPostgres(db)) {
    await executeWrite(db, updateAndTouchQuery(columns)(db, userId, id, nowIso, ...values));
    return;
  }
  await touchTasksChangedAt(db, userId, nowIso);
  await executeWrite(db, updateQuery(columns)(db, userId, id, ...values));
}

/**
 * Deletes a task with the version bump, and records the deletion at the version it moved the data
 * to; drops the user's deletions `keptVersions` or more versions older (a list that old is read
 * whole, see list-changes.ts). true when a task of this user with this id existed (else the caller
 * throws, undoing the bump).
 */
export async function deleteTaskRowAndTouch(
  db: Db,
  userId: string,
  id: string,
  nowIso: string,
  keptVersions: number,
): Promise<boolean> {
  await touchTasksChangedAt(db, userId, nowIso);
  if (!(await deleteTaskRow(db, userId, id))) return false;
  await executeWrite(db, recordDeletionQuery(db, userId, id));
  await executeWrite(db, pruneDeletionsQuery(db, userId, keptVersions));
  return true;
}

const recordDeletionQuery = compiledOnce((db: Db, userId: string, taskId: string) =>
  db.insertInto("task_deletions").values({ user_id: userId, task_id: taskId, version: versionNow(userId) }),
);

const pruneDeletionsQuery = compiledOnce((db: Db, userId: string, keptVersions: number) =>
  db
    .deleteFrom("task_deletions")
    .where("user_id", "=", userId)
    .where("version", "<=", sql<number>`${versionNow(userId)} - ${keptVersions}`),
);

const tasksVersionQuery = preparedQuery((db: Db, userId: string) =>
  db.selectFrom("users").select("tasks_version").where("id", "=", userId),
);

/** The user's task data version now (0 when the user row is gone). */
export async function selectTasksVersion(db: Db, userId: string): Promise<number> {
  const [row] = await tasksVersionQuery(db, userId);
  return Number(row?.tasks_version ?? 0);
}

// Reads the user's rows (through tasks_user_status_due), no index on the version: see migration 0011.
const changedTasksQuery = preparedQuery((db: Db, userId: string, since: number, limit: number) =>
  db
    .selectFrom("tasks")
    .select(TASK_ROW_COLUMNS)
    .where("user_id", "=", userId)
    .where("version", ">", since)
    .limit(limit),
);

/** The user's tasks written since data version `since` (at most `limit` of them), in no particular order. */
export async function selectTasksChangedSince(
  db: Db,
  userId: string,
  since: number,
  limit: number,
): Promise<TaskRow[]> {
  return changedTasksQuery(db, userId, since, limit);
}

const deletionsSinceQuery = preparedQuery((db: Db, userId: string, since: number) =>
  db
    .selectFrom("users")
    .leftJoin("task_deletions", (join) =>
      join.onRef("task_deletions.user_id", "=", "users.id").on("task_deletions.version", ">", since),
    )
    .select([
      "users.tasks_version",
      "users.tasks_versioned_from",
      "users.tasks_versioned_to",
      "task_deletions.task_id",
    ])
    .where("users.id", "=", userId),
);

/**
 * The tasks deleted since data version `since` (of those still recorded) and the user's data
 * version, read in one statement: the deletions are those of that version.
 */
export async function selectDeletionsSince(
  db: Db,
  userId: string,
  since: number,
): Promise<{ version: number; versioned: { from: number; to: number }; taskIds: string[] }> {
  const rows = await deletionsSinceQuery(db, userId, since);
  return {
    version: Number(rows[0]?.tasks_version ?? 0),
    versioned: {
      from: Number(rows[0]?.tasks_versioned_from ?? 0),
      to: Number(rows[0]?.tasks_versioned_to ?? -1),
    },
    taskIds: rows.flatMap((row) => (row.task_id === null ? [] : [row.task_id])),
  };
}

export async function selectTasksChangedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("tasks_changed_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.tasks_changed_at ?? null;
}
