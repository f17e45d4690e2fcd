import { sql, type ExpressionBuilder, type SqlBool } from "kysely";
import type { TaskPriority, TaskStatus } from "@contract/tasks";
import type { Db } from "../../db/database";
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

/** Rows per INSERT: well below SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

/** `%`, `_` and the escape character itself match literally (used with ESCAPE '\'). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `lower(column) LIKE lower(pattern)`, portable. Both sides go through the database's own lower()
 * so they fold alike; SQLite's folds only ASCII letters, so there "über" does not find "Über"
 * (PostgreSQL's folds all letters).
 */
function lowerLike(column: "title" | "description" | "tags", pattern: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(cast(${pattern} as text)) escape '\\'`;
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
  return db
    .selectFrom("tasks")
    .select([...LIST_COLUMNS, "remind_at"])
    .where("user_id", "=", userId)
    .where((eb) => applyFilters(eb, filters))
    .orderBy((eb) => eb.case().when("status", "in", FINISHED_STATUSES).then(eb.lit(1)).else(eb.lit(0)).end())
    .orderBy((eb) => eb.case().when("due_date", "is", null).then(eb.lit(1)).else(eb.lit(0)).end())
    .orderBy("due_date", "asc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function selectTask(db: Db, userId: string, id: string): Promise<TaskRow | undefined> {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
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

/** The user's stored timezone (the zone a repeating task's dates are counted in). */
export async function selectUserTimeZone(db: Db, userId: string): Promise<{ timezone: string } | undefined> {
  return db.selectFrom("users").select("timezone").where("id", "=", userId).executeTakeFirst();
}

export async function updateTaskRow(db: Db, userId: string, id: string, changes: TaskUpdate): Promise<void> {
  await db.updateTable("tasks").set(changes).where("user_id", "=", userId).where("id", "=", id).execute();
}

/** true when a task of this user with this id existed. */
export async function deleteTaskRow(db: Db, userId: string, id: string): Promise<boolean> {
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

/**
 * All counts in one pass: COUNT over CASE (portable to SQLite and PostgreSQL). Overdue means,
 * literally: a due date before `nowIso` and a status other than completed — so a
 * cancelled task past its date counts (the SPA's computeTaskStats does the same).
 */
export async function countTasks(db: Db, userId: string, nowIso: string): Promise<TaskCounts> {
  const row = await db
    .selectFrom("tasks")
    .where("user_id", "=", userId)
    .select((eb) => {
      const countWhere = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.count(eb.case().when(condition).then(eb.lit(1)).end());
      const statusIs = (status: TaskStatus) => countWhere(eb.and([eb("status", "=", status)]));
      return [
        eb.fn.countAll().as("total"),
        statusIs("pending").as("pending"),
        statusIs("inprogress").as("in_progress"),
        statusIs("completed").as("completed"),
        statusIs("cancelled").as("cancelled"),
        countWhere(
          eb.and([
            eb("due_date", "is not", null),
            eb("due_date", "<", nowIso),
            eb("status", "!=", "completed"),
          ]),
        ).as("overdue"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    pending: Number(row.pending),
    in_progress: Number(row.in_progress),
    completed: Number(row.completed),
    cancelled: Number(row.cancelled),
    overdue: Number(row.overdue),
  };
}

/** Records that the user's task list changed (deletions leave no row to look at). */
export async function touchTasksChangedAt(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable("users")
    // The version counts every change, so two changes in one millisecond still differ (ETag).
    .set((eb) => ({ tasks_changed_at: nowIso, tasks_version: eb("tasks_version", "+", 1) }))
    .where("id", "=", userId)
    .execute();
}

export async function selectTasksChangedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("tasks_changed_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.tasks_changed_at ?? null;
}
