import {
  MANUAL_SOURCE,
  TASK_PRIORITIES,
  completionRate,
  normalisePriority,
  normaliseStatus,
  parseStatusInput,
  taskPrioritySchema,
  toWireStatus,
  type CreateTaskInput,
  type TaskFiltersQuery,
  type TaskJson,
  type TaskPriority,
  type TaskSource,
  type TaskStats,
  type TaskStatus,
  type UpdateTaskInput,
} from "@contract/tasks";
import { inTransaction, isPostgres, type Db } from "../../db/database";
import type { TaskRow, UserRow } from "../../db/schema";
import { scheduleJob, unscheduleJob } from "../../jobs/repository";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound, Validation } from "../../lib/domain-errors";
import { newTimeOrderedId } from "../../lib/ids";
import {
  followingRecurrence,
  nextOccurrence,
  normaliseRecurrence,
  recurrenceProblem,
} from "../../lib/recurrence";
import { allDayDate, userTimeZone } from "../../lib/time-zone";
import {
  countTasks,
  deleteTaskRowAndTouch,
  insertNextOccurrence,
  insertTasksAndTouch,
  selectDeletionsSince,
  selectTask,
  selectTaskById,
  selectTaskListJsonSqlite,
  selectTasks,
  selectTasksByIds,
  selectTasksChangedAt,
  selectTasksChangedSince,
  selectTasksVersion,
  selectUserTimeZone,
  taskPrefetch,
  updateTaskRowAndTouch,
  type TaskListRow,
  type TaskQueryFilters,
} from "./repository";
import {
  DELETIONS_KEPT_VERSIONS,
  MAX_CHANGED_TASKS,
  spliceTaskList,
  taskStarts,
  type KeptList,
} from "./list-changes";

/** More tags than this in one filter is not a real list; it would only make the query huge. */
const FILTER_TAGS_MAX = 50;

const TASK_NOT_FOUND = "Task not found";

// ---------------------------------------------------------------------------------------------
// Rows and JSON
// ---------------------------------------------------------------------------------------------

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

function sourceOfRow(row: TaskListRow): TaskSource {
  if (row.source_type === MANUAL_SOURCE.type) return MANUAL_SOURCE;
  const source: TaskSource = { type: row.source_type as TaskSource["type"] };
  if (row.source_origin !== null) source.origin = row.source_origin;
  if (row.source_filename !== null) source.filename = row.source_filename;
  return source;
}

/** A stored task as the wire carries it: in_progress spelled so, source flat. */
export function toTaskJson(row: TaskListRow): TaskJson {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: toWireStatus(normaliseStatus(row.status)),
    priority: normalisePriority(row.priority),
    due_date: row.due_date,
    tags: parseTags(row.tags),
    source: sourceOfRow(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    recurrence: row.recurrence ?? null,
    remind_at: row.remind_at,
  };
}

/** Due dates are stored as UTC ISO with milliseconds, so they sort and compare as text. */
function normaliseDueDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new Validation("due_date: Invalid ISO datetime");
  return new Date(time).toISOString();
}

/**
 * A rule as stored (rrule's spelling), or a 400 naming the field: a rule no task can carry, or a
 * repeating task without a due date, since the rule's dates count from it.
 */
function checkedRecurrence(rule: string | null | undefined, dueDate: string | null): string | null {
  const problem = recurrenceProblem(rule, dueDate);
  if (problem) throw new Validation(problem);
  return rule === null || rule === undefined ? null : normaliseRecurrence(rule);
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

function listValues(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return [
    ...new Set(
      raw
        .split(",")
        .map((value) => value.trim())
        .filter((value) => value.length > 0),
    ),
  ];
}

function quoted(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

function parseStatuses(raw: string | undefined): TaskStatus[] {
  return listValues(raw).map((value) => {
    const status = parseStatusInput(value);
    if (!status) {
      throw new Validation(
        `status: unknown value ${quoted(value)} (use pending, in_progress, completed or cancelled)`,
        "invalid_filter",
      );
    }
    return status;
  });
}

function parsePriorities(raw: string | undefined): TaskPriority[] {
  return listValues(raw).map((value) => {
    const parsed = taskPrioritySchema.safeParse(value.toLowerCase());
    if (!parsed.success) {
      throw new Validation(
        `priority: unknown value ${quoted(value)} (use ${TASK_PRIORITIES.join(", ")})`,
        "invalid_filter",
      );
    }
    return parsed.data;
  });
}

function parseTagFilter(raw: string | undefined): string[] {
  const tags = listValues(raw);
  if (tags.length > FILTER_TAGS_MAX) {
    throw new Validation(
      `tags: at most ${FILTER_TAGS_MAX} tags can be filtered on at once`,
      "invalid_filter",
    );
  }
  return tags;
}

/** The query string read into filters; an unknown value is a 400 naming the parameter. */
export function parseTaskFilters(query: TaskFiltersQuery): TaskQueryFilters {
  const search = query.search?.trim();
  return {
    statuses: parseStatuses(query.status),
    priorities: parsePriorities(query.priority),
    tags: parseTagFilter(query.tags),
    hasDueDate: query.has_due_date === undefined ? undefined : query.has_due_date === "true",
    search: search ? search : undefined,
  };
}

/**
 * The exact rules behind the SQL's LIKE pre-selection: a tag filter matches whole tags, and a
 * search matches inside one field or one tag (never across the JSON text of two tags).
 */
function matchesExactly(task: TaskJson, filters: TaskQueryFilters): boolean {
  if (filters.tags?.length) {
    const wanted = new Set(filters.tags.map((tag) => tag.toLowerCase()));
    if (!task.tags.some((tag) => wanted.has(tag.toLowerCase()))) return false;
  }
  if (filters.search) {
    const needle = filters.search.toLowerCase();
    const fields = [task.title, task.description ?? "", ...task.tags];
    if (!fields.some((field) => field.toLowerCase().includes(needle))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reminders
// ---------------------------------------------------------------------------------------------

/** The job that turns a task's reminder into a notification; its subject is the task's id. */
export const TASK_REMINDER_JOB = "task_reminder";

/** A task's reminder job follows its remind_at: moved to the new time, or dropped with it. */
async function followReminder(
  db: Db,
  taskId: string,
  remindAt: string | null,
  nowIso: string,
): Promise<void> {
  if (remindAt === null) await unscheduleJob(db, TASK_REMINDER_JOB, taskId);
  else await scheduleJob(db, { kind: TASK_REMINDER_JOB, subject: taskId, runAt: remindAt, nowIso });
}

/**
 * A new task's reminder when the client gave none: the user's default lead time before a due
 * date that has a time (an all-day due date has none to count from). A reminder whose time has
 * already passed is not added.
 */
export function withDefaultReminder<Input extends { due_date?: string | null; remind_at?: string | null }>(
  input: Input,
  user: Pick<UserRow, "timezone" | "default_reminder_minutes">,
  now: Date,
): Input {
  const minutes = user.default_reminder_minutes;
  if (input.remind_at !== undefined || minutes === null || !input.due_date) return input;
  if (allDayDate(input.due_date, userTimeZone(user))) return input;
  const remindAt = new Date(new Date(input.due_date).getTime() - minutes * 60_000);
  return remindAt > now ? { ...input, remind_at: remindAt.toISOString() } : input;
}

/** A task and its owner by the task's id alone, for work outside a request (a reminder's job). */
export async function getTaskWithOwner(
  db: Db,
  id: string,
): Promise<{ userId: string; task: TaskJson } | undefined> {
  const row = await selectTaskById(db, id);
  return row ? { userId: row.user_id, task: toTaskJson(row) } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** GET /api/v1/tasks: the user's tasks, filtered, in to-do order (see selectTasks). */
export async function listTasks(db: Db, userId: string, query: TaskFiltersQuery): Promise<TaskJson[]> {
  return listFilteredTasks(db, userId, parseTaskFilters(query));
}

/**
 * GET /api/v1/tasks as the JSON text sent: what JSON.stringify writes of listTasks, byte for byte.
 * On SQLite, unless the tags or a search narrow it, the database writes it (see
 * selectTaskListJsonSqlite): a 10,000-task list in a fraction of the time of reading the rows.
 */
export async function listTasksJson(db: Db, userId: string, query: TaskFiltersQuery): Promise<string> {
  const filters = parseTaskFilters(query);
  if (!filters.tags?.length && !filters.search && !isPostgres(db)) {
    return selectTaskListJsonSqlite(db, userId, filters);
  }
  return JSON.stringify(await listFilteredTasks(db, userId, filters));
}

/**
 * GET /api/v1/tasks without a filter, for a user whose data version was `version` when the
 * session was read: the text listTasksJson writes (as UTF-8), the version it shows when known
 * exactly, and where its tasks start when known. From `kept` (the last whole list kept for the
 * user) and the tasks written and deleted since its version, when they are few and the version
 * read after them still is `version` (see list-changes.ts); else read whole.
 */
export async function listAllTasksText(
  db: Db,
  userId: string,
  version: number,
  kept: KeptList | undefined,
): Promise<KeptList> {
  if (kept?.version !== undefined) {
    if (kept.version === version) return kept;
    const since = kept.version;
    if (since < version && version - since <= DELETIONS_KEPT_VERSIONS) {
      const rows = await selectTasksChangedSince(db, userId, since, MAX_CHANGED_TASKS + 1);
      // Read after the rows, in one statement with the deletions: the same version as with the
      // session means nothing changed in between (it only grows), so the rows are that version's.
      const deleted =
        rows.length > MAX_CHANGED_TASKS ? undefined : await selectDeletionsSince(db, userId, since);
      if (
        deleted?.version === version &&
        // Every change from `since` to `version` wrote its version (see migration 0011).
        deleted.versioned.from <= since &&
        deleted.versioned.to === version &&
        rows.length + deleted.taskIds.length <= MAX_CHANGED_TASKS
      ) {
        kept.starts ??= taskStarts(kept.body);
        const changedIds = [...rows.map((row) => row.id), ...deleted.taskIds];
        const tasks = rows.map((row) => ({ row, text: Buffer.from(JSON.stringify(toTaskJson(row))) }));
        const list = spliceTaskList({ body: kept.body, starts: kept.starts }, changedIds, tasks);
        if (list) return { ...list, version };
      }
    }
  }
  const body = Buffer.from(await listTasksJson(db, userId, {}));
  // The version read before the list (with the session) and after it: the same, no change came between.
  return { body, version: (await selectTasksVersion(db, userId)) === version ? version : undefined };
}

async function listFilteredTasks(db: Db, userId: string, filters: TaskQueryFilters): Promise<TaskJson[]> {
  const tasks = (await selectTasks(db, userId, filters)).map(toTaskJson);
  return filters.tags?.length || filters.search
    ? tasks.filter((task) => matchesExactly(task, filters))
    : tasks;
}

/** The pending and in-progress tasks, in list order (the daily plan works on these). */
export async function listOpenTasks(db: Db, userId: string): Promise<TaskJson[]> {
  return (await selectTasks(db, userId, { statuses: ["pending", "inprogress"] })).map(toTaskJson);
}

/** The user's tasks among `ids`, by id; ids that are not the user's tasks are left out. */
export async function getTasksByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, TaskJson>> {
  const rows = await selectTasksByIds(db, userId, ids);
  return new Map(rows.map((row) => [row.id, toTaskJson(row)]));
}

export async function getTask(db: Db, userId: string, id: string): Promise<TaskJson> {
  const row = await selectTask(db, userId, id);
  if (!row) throw new NotFound(TASK_NOT_FOUND);
  return toTaskJson(row);
}

function newTaskRow(userId: string, input: CreateTaskInput, nowIso: string): TaskRow {
  const status = input.status ?? "pending";
  const source = input.source ?? MANUAL_SOURCE;
  const dueDate = normaliseDueDate(input.due_date);
  return {
    // Time-ordered, from created_at: a new task's key lands at the end of the primary-key index.
    id: newTimeOrderedId(Date.parse(nowIso)),
    user_id: userId,
    title: input.title,
    description: input.description ?? null,
    status,
    priority: input.priority,
    due_date: dueDate,
    tags: JSON.stringify(input.tags),
    source_type: source.type,
    source_origin: source.origin ?? null,
    source_filename: source.filename ?? null,
    created_at: nowIso,
    updated_at: nowIso,
    completed_at: status === "completed" ? nowIso : null,
    recurrence: checkedRecurrence(input.recurrence, dueDate),
    follows_task_id: null,
    // A completed task has nothing left to remind of.
    remind_at: status === "completed" ? null : normaliseDueDate(input.remind_at),
  };
}

/**
 * Creates tasks from already validated input (createTaskRequestSchema's output), all or none.
 * Pass a transaction to make them part of a larger unit of work.
 */
export async function createTasks(
  db: Db,
  clock: Clock,
  userId: string,
  inputs: readonly CreateTaskInput[],
): Promise<TaskJson[]> {
  if (inputs.length === 0) return [];
  const nowIso = isoNow(clock);
  const rows = inputs.map((input) => newTaskRow(userId, input, nowIso));
  await inTransaction(db, async (trx) => {
    await insertTasksAndTouch(trx, rows, userId, nowIso);
    // A task just made has no reminder job to unschedule: only one to schedule, when it has a time.
    for (const row of rows)
      if (row.remind_at !== null) await followReminder(trx, row.id, row.remind_at, nowIso);
  });
  return rows.map(toTaskJson);
}

/** POST /api/v1/tasks: one task typed by hand (or added from extraction with its source). */
export async function createTask(
  db: Db,
  clock: Clock,
  userId: string,
  input: CreateTaskInput,
): Promise<TaskJson> {
  const [task] = await createTasks(db, clock, userId, [input]);
  if (!task) throw new Error("createTasks returned no task for one input");
  return task;
}

/** What a partial update really changes; completed_at follows the status. */
function changesOf(current: TaskRow, input: UpdateTaskInput, nowIso: string): Partial<TaskRow> {
  const changes: Partial<TaskRow> = {};
  if (input.title !== undefined && input.title !== current.title) changes.title = input.title;
  if (input.description !== undefined && input.description !== current.description) {
    changes.description = input.description;
  }
  if (input.priority !== undefined && input.priority !== current.priority) changes.priority = input.priority;
  if (input.due_date !== undefined) {
    const dueDate = normaliseDueDate(input.due_date);
    if (dueDate !== current.due_date) changes.due_date = dueDate;
  }
  if (input.tags !== undefined) {
    const tags = JSON.stringify(input.tags);
    if (tags !== current.tags) changes.tags = tags;
  }
  if (input.status !== undefined && input.status !== current.status) {
    changes.status = input.status;
    if (input.status === "completed") changes.completed_at = nowIso;
    else if (current.status === "completed") changes.completed_at = null;
  }
  if (input.recurrence !== undefined || input.due_date !== undefined) {
    const rule = input.recurrence === undefined ? current.recurrence : input.recurrence;
    const recurrence = checkedRecurrence(
      rule,
      changes.due_date === undefined ? current.due_date : changes.due_date,
    );
    if (recurrence !== current.recurrence) changes.recurrence = recurrence;
  }
  if (input.remind_at !== undefined) {
    const remindAt = normaliseDueDate(input.remind_at);
    if (remindAt !== current.remind_at) changes.remind_at = remindAt;
  }
  // A completed task has no reminder: completing one clears it.
  if ((changes.status ?? current.status) === "completed") {
    if (current.remind_at === null) delete changes.remind_at;
    else changes.remind_at = null;
  }
  return changes;
}

/**
 * Completing a repeating task keeps it as history and creates the next one: the same title,
 * description, priority, tags and rule, pending, due at the rule's next date after this one's due
 * date, counted in the user's timezone. At most one per completed task, enforced by the database
 * (insertNextOccurrence), so a double click, two tabs or two server instances make one; completing
 * it again after un-completing it makes none, and un-completing leaves the next one alone.
 *
 * `remindAt` is the completed one's reminder before completing cleared it: the next one is
 * reminded the same time ahead of its own due date, when that time is still to come (a reminder
 * already past, for a next one that is itself overdue, is not added, as with the default one).
 */
async function createNextOccurrence(
  trx: Db,
  userId: string,
  completed: TaskRow,
  remindAt: string | null,
  nowIso: string,
): Promise<void> {
  if (!completed.recurrence || !completed.due_date) return;
  const user = await selectUserTimeZone(trx, userId);
  const dueDate = nextOccurrence(
    completed.recurrence,
    completed.due_date,
    userTimeZone(user ?? { timezone: "UTC" }),
  );
  if (!dueDate) return;
  const next = {
    ...completed,
    id: newTimeOrderedId(Date.parse(nowIso)),
    status: "pending",
    due_date: dueDate,
    recurrence: followingRecurrence(completed.recurrence),
    created_at: nowIso,
    updated_at: nowIso,
    completed_at: null,
    remind_at: nextRemindAt(completed.due_date, remindAt, dueDate, nowIso),
    follows_task_id: completed.id,
  };
  if (await insertNextOccurrence(trx, next)) await followReminder(trx, next.id, next.remind_at, nowIso);
}

/** The same lead time before `nextDue` as `remindAt` was before `due`; null without one or when past. */
function nextRemindAt(due: string, remindAt: string | null, nextDue: string, nowIso: string): string | null {
  if (remindAt === null) return null;
  const time = Date.parse(nextDue) - (Date.parse(due) - Date.parse(remindAt));
  return time > Date.parse(nowIso) ? new Date(time).toISOString() : null;
}

/** PUT is partial; a request that changes nothing leaves updated_at alone. */
export async function updateTask(
  db: Db,
  clock: Clock,
  userId: string,
  id: string,
  input: UpdateTaskInput,
): Promise<TaskJson> {
  const nowIso = isoNow(clock);
  // What the transaction returns, not what it sets aside: on PostgreSQL a batch that failed runs
  // each of its writes again (GroupCommit), and only the last run committed.
  const row = await inTransaction(
    db,
    async (trx) => {
      const current = await selectTask(trx, userId, id);
      if (!current) throw new NotFound(TASK_NOT_FOUND);
      const changes = changesOf(current, input, nowIso);
      if (Object.keys(changes).length === 0) return current;
      const updated = { ...changes, updated_at: nowIso };
      // The version bump goes with the update (one statement on PostgreSQL), before the next
      // occurrence's insert, which takes the same version.
      await updateTaskRowAndTouch(trx, userId, id, updated, nowIso);
      const row = { ...current, ...updated };
      if (changes.status === "completed")
        await createNextOccurrence(trx, userId, row, current.remind_at, nowIso);
      if (changes.remind_at !== undefined) await followReminder(trx, id, changes.remind_at, nowIso);
      return row;
    },
    taskPrefetch(userId, id),
  );
  return toTaskJson(row);
}

export async function deleteTask(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  const nowIso = isoNow(clock);
  await inTransaction(db, async (trx) => {
    if (!(await deleteTaskRowAndTouch(trx, userId, id, nowIso, DELETIONS_KEPT_VERSIONS))) {
      throw new NotFound(TASK_NOT_FOUND);
    }
    await followReminder(trx, id, null, nowIso);
  });
}

/** GET /api/v1/tasks/stats: total, per-status, overdue and completion-rate counts, computed by the database. */
export async function taskStats(db: Db, clock: Clock, userId: string): Promise<TaskStats> {
  return (await taskStatsAndExpiry(db, clock, userId)).stats;
}

/**
 * The statistics as of `madeAt`, and the instant until which they hold as long as the tasks do
 * not change: the next due date still to come of a task that is not completed, after which
 * "overdue" grows (null: time alone never changes them).
 */
export async function taskStatsAndExpiry(
  db: Db,
  clock: Clock,
  userId: string,
): Promise<{ stats: TaskStats; madeAt: string; holdsUntil: string | null }> {
  const madeAt = isoNow(clock);
  const { counts, nextDue } = await countTasks(db, userId, madeAt);
  return {
    stats: { ...counts, completion_rate: completionRate(counts.completed, counts.total) },
    madeAt,
    holdsUntil: nextDue,
  };
}

/**
 * When the user's task list last changed: the latest create, update or delete, as ISO UTC; null
 * when it never has. The daily plan compares it with its report's time (cache_is_valid).
 */
export async function lastTaskChangeAt(db: Db, userId: string): Promise<string | null> {
  return selectTasksChangedAt(db, userId);
}

/** The fields of a task, in order (the CSV export's columns). */
export { LIST_COLUMNS as TASK_FIELDS } from "./repository";
