import {
  MANUAL_SOURCE,
  TASK_MAX_DEPTH,
  TASK_PRIORITIES,
  completionRate,
  normalisePriority,
  normaliseStatus,
  parseStatusInput,
  taskMessages,
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
import type { TaskEventJson, TaskEventKind } from "@contract/analytics";
import { inTransaction, type Db } from "../../db/database";
import type { NewTaskEvent, TaskRow, UserRow } from "../../db/schema";
import { scheduleJob, unscheduleJob } from "../../jobs/repository";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound, Validation } from "../../lib/domain-errors";
import { newTimeOrderedId } from "../../lib/ids";
import {
  firstDueOnOrAfter,
  followingRecurrence,
  nextOccurrence,
  normaliseRecurrence,
  recurrenceProblem,
} from "../../lib/recurrence";
import { allDayDate, userTimeZone } from "../../lib/time-zone";
import { announceTaskChanges, type TaskChange } from "./announce";
import { selectTaskPage, type TaskPage } from "./page-repository";
import { parseTaskPage } from "./task-page";
import {
  adoptTasksWithoutProject,
  countTasks,
  deleteTaskRows,
  hasTasksWithoutProject,
  insertInboxIfMissing,
  insertNextOccurrence,
  insertTaskEvents,
  insertTasks,
  lockUserTasks,
  selectChildren,
  selectInboxId,
  selectOwnProjectIds,
  selectTask,
  selectTaskById,
  selectTaskEvents,
  selectTasks,
  selectTasksByIds,
  selectTasksChangedAt,
  selectUserTimeZone,
  recordRemovals,
  selectTaskDataVersion,
  touchTasks,
  updateTaskRow,
  updateTaskRows,
  type TaskQueryFilters,
} from "./repository";

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

function sourceOfRow(row: TaskRow): TaskSource {
  if (row.source_type === MANUAL_SOURCE.type) return MANUAL_SOURCE;
  const source: TaskSource = { type: row.source_type as TaskSource["type"] };
  if (row.source_origin !== null) source.origin = row.source_origin;
  if (row.source_filename !== null) source.filename = row.source_filename;
  return source;
}

/** A stored task as the wire carries it: in_progress spelled so, source flat. */
export function toTaskJson(row: TaskRow): TaskJson {
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
    completed_at_approximate: row.completed_at_approximate === 1,
    recurrence: row.recurrence ?? null,
    remind_at: row.remind_at,
    // Only a task the previous release wrote during an upgrade has none; listing moves it to the Inbox.
    project_id: row.project_id ?? "",
    parent_id: row.parent_id,
    duration_minutes: row.duration_minutes ?? null,
    scheduled_start: row.scheduled_start ?? null,
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
    // An empty project_id (a client's form left blank) filters nothing, as an empty status does.
    ...(query.project_id ? { projectId: query.project_id } : {}),
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
// History: every create, status change, due-date change and delete leaves an event, written in
// the same transaction as the change itself.
// ---------------------------------------------------------------------------------------------

/** What an import knows of a task's past (the JSON export carries it). */
export interface TaskHistory {
  created_at?: string;
  completed_at?: string | null;
  completed_at_approximate?: boolean;
  events?: readonly TaskEventJson[];
}

/** A task to create, with its past when it comes from an export. */
export type NewTaskInput = CreateTaskInput & { history?: TaskHistory };

function taskEvent(
  row: Pick<TaskRow, "id" | "user_id">,
  kind: TaskEventKind,
  change: { from: string | null; to: string | null; at: string },
): NewTaskEvent {
  return {
    id: newTimeOrderedId(Date.parse(change.at)),
    user_id: row.user_id,
    task_id: row.id,
    kind,
    from_value: change.from,
    to_value: change.to,
    at: change.at,
  };
}

/** A new due date is "due_changed" when one was set or cleared, "rescheduled" when it moved. */
function dueChangeKind(from: string | null, to: string | null): TaskEventKind {
  return from !== null && to !== null ? "rescheduled" : "due_changed";
}

/** The events of a task just created: those it brought along, or its creation. */
function creationEvents(row: TaskRow, history: TaskHistory | undefined): NewTaskEvent[] {
  if (history?.events?.length) return history.events.map((event) => taskEvent(row, event.kind, event));
  return [taskEvent(row, "created", { from: null, to: row.status, at: row.created_at })];
}

/** A task's history in the shape of the JSON export, by task id, oldest first. */
export async function getTaskHistories(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<Map<string, TaskEventJson[]>> {
  const histories = new Map<string, TaskEventJson[]>(taskIds.map((id) => [id, []]));
  for (const event of await selectTaskEvents(db, userId, taskIds)) {
    histories.get(event.task_id)?.push({
      kind: event.kind as TaskEventKind,
      from: event.from_value,
      to: event.to_value,
      at: event.at,
    });
  }
  return histories;
}

/** A timestamp an import brings, as stored (ISO UTC), no later than now; undefined when unreadable. */
function pastInstant(value: string | null | undefined, nowIso: string): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  return new Date(Math.min(time, Date.parse(nowIso))).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/v1/tasks: the user's tasks, filtered, in to-do order (see compareInListOrder). A
 * project_id that is not one of the user's projects is a 404, as any other user's id is.
 */
export async function listTasks(db: Db, userId: string, query: TaskFiltersQuery): Promise<TaskJson[]> {
  const filters = parseTaskFilters(query);
  if (filters.projectId !== undefined) await assertOwnProjects(db, userId, [filters.projectId]);
  await adoptStrayTasks(db, userId);
  return listFilteredTasks(db, userId, filters, parseTaskPage(query));
}

/**
 * Tasks the previous release wrote during a rolling upgrade have no project: they move to the
 * Inbox before the list is read (a user that release signed up gets the Inbox with a first task).
 */
async function adoptStrayTasks(db: Db, userId: string): Promise<void> {
  if (!(await hasTasksWithoutProject(db, userId))) return;
  await inTransaction(db, async (trx) => {
    await lockUserTasks(trx, userId);
    const inboxId = await selectInboxId(trx, userId);
    if (inboxId) await adoptTasksWithoutProject(trx, userId, inboxId);
  });
}

async function listFilteredTasks(
  db: Db,
  userId: string,
  filters: TaskQueryFilters,
  page: TaskPage,
): Promise<TaskJson[]> {
  if (!filters.tags?.length && !filters.search)
    return (await selectTaskPage(db, userId, filters, page)).map(toTaskJson);
  // The exact check drops some of what SQL pre-selected: the page is cut after it, not before.
  const { limit, ...uncut } = page;
  const tasks = (await selectTaskPage(db, userId, filters, uncut)).map(toTaskJson);
  return tasks.filter((task) => matchesExactly(task, filters)).slice(0, limit);
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

// ---------------------------------------------------------------------------------------------
// Projects and subtasks: where a task is, and the tree it is part of
// ---------------------------------------------------------------------------------------------

/**
 * The id of the user's Inbox, made first when the account has none (every account gets one on
 * sign-up and from the migration; one the previous release signed up during an upgrade does not).
 */
export async function inboxIdOf(db: Db, userId: string, nowIso: string): Promise<string> {
  const known = await selectInboxId(db, userId);
  if (known) return known;
  await insertInboxIfMissing(db, userId, nowIso);
  const made = await selectInboxId(db, userId);
  if (!made) throw new Error(`The user ${userId} has no Inbox after one was made`);
  return made;
}

/** A 404 naming project_id unless every one of `ids` is the user's project. */
async function assertOwnProjects(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const own = await selectOwnProjectIds(db, userId, unique);
  if (own.size !== unique.length) throw new NotFound(taskMessages.projectNotFound);
}

/**
 * How deep each of `rows` sits (a top-level task is 1), reading the ancestors they need in one
 * query per level. A chain longer than the limit (never written by this code) counts as too deep.
 */
async function depthsOf(db: Db, userId: string, rows: readonly TaskRow[]): Promise<Map<string, number>> {
  const known = new Map(rows.map((row) => [row.id, row]));
  let missing = [...new Set(rows.flatMap((row) => row.parent_id ?? []))].filter((id) => !known.has(id));
  for (let level = 0; missing.length > 0 && level <= TASK_MAX_DEPTH; level += 1) {
    const found = await selectTasksByIds(db, userId, missing);
    for (const row of found) known.set(row.id, row);
    missing = [...new Set(found.flatMap((row) => row.parent_id ?? []))].filter((id) => !known.has(id));
  }
  const depths = new Map<string, number>();
  const depthOf = (row: TaskRow): number => {
    let depth = 1;
    let current: TaskRow | undefined = row;
    while (current?.parent_id && depth <= TASK_MAX_DEPTH) {
      current = known.get(current.parent_id);
      if (current) depth += 1;
    }
    return current?.parent_id ? TASK_MAX_DEPTH + 1 : depth;
  };
  for (const row of rows) depths.set(row.id, depthOf(row));
  return depths;
}

/** The tasks above `task`, its parent first (bounded: a longer chain is refused as too deep). */
async function ancestorsOf(db: Db, userId: string, task: TaskRow): Promise<TaskRow[]> {
  const chain: TaskRow[] = [];
  let parentId = task.parent_id;
  while (parentId !== null && chain.length <= TASK_MAX_DEPTH) {
    const parent = await selectTask(db, userId, parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parent_id;
  }
  return chain;
}

/** Every task below `id`, one list per level, nearest first. */
async function descendantsByLevel(db: Db, userId: string, id: string): Promise<TaskRow[][]> {
  const levels: TaskRow[][] = [];
  const seen = new Set([id]);
  let frontier = [id];
  // A tree is at most TASK_MAX_DEPTH deep; the bound only guards against a broken one.
  while (frontier.length > 0 && levels.length < TASK_MAX_DEPTH * 2) {
    const children = (await selectChildren(db, userId, frontier)).filter((row) => !seen.has(row.id));
    if (children.length === 0) break;
    for (const child of children) seen.add(child.id);
    levels.push(children);
    frontier = children.map((child) => child.id);
  }
  return levels;
}

interface Placement {
  project_id: string;
  parent_id: string | null;
}

/**
 * Where each new task goes: under its parent and in the parent's project; else in the project
 * named; else in the Inbox. A parent or project that is not the user's is a 404 naming the field;
 * a parent already at the deepest level is a 400.
 */
async function placementsOf(
  db: Db,
  userId: string,
  inputs: readonly CreateTaskInput[],
  nowIso: string,
): Promise<Placement[]> {
  const parentIds = [...new Set(inputs.flatMap((input) => input.parent_id ?? []))];
  const parents = new Map((await selectTasksByIds(db, userId, parentIds)).map((row) => [row.id, row]));
  if (parents.size !== parentIds.length) throw new NotFound(taskMessages.parentNotFound);
  const depths = await depthsOf(db, userId, [...parents.values()]);
  for (const depth of depths.values()) {
    if (depth >= TASK_MAX_DEPTH) throw new Validation(taskMessages.tooDeep);
  }
  await assertOwnProjects(
    db,
    userId,
    inputs.flatMap((input) => (input.parent_id ? [] : (input.project_id ?? []))),
  );
  let inbox: string | undefined;
  const inboxId = async () => (inbox ??= await inboxIdOf(db, userId, nowIso));
  const placements: Placement[] = [];
  for (const input of inputs) {
    const parent = input.parent_id ? parents.get(input.parent_id) : undefined;
    if (parent) {
      placements.push({ parent_id: parent.id, project_id: parent.project_id ?? (await inboxId()) });
    } else {
      placements.push({ parent_id: null, project_id: input.project_id ?? (await inboxId()) });
    }
  }
  return placements;
}

/**
 * What an update does to the task's place: a new parent (checked for cycles and depth) takes the
 * task and its subtree into the parent's project; a new project alone moves the subtree, and a
 * subtask moved on its own leaves its parent. `subtree` is every task below, when it must move.
 */
async function treeChangesOf(
  db: Db,
  userId: string,
  current: TaskRow,
  input: UpdateTaskInput,
  nowIso: string,
): Promise<{ changes: Partial<TaskRow>; subtree: TaskRow[] }> {
  let parentId = current.parent_id;
  let projectId = current.project_id;
  let levels: TaskRow[][] | undefined;
  const newParent = input.parent_id !== undefined && input.parent_id !== current.parent_id;
  if (newParent && input.parent_id !== null && input.parent_id !== undefined) {
    if (input.parent_id === current.id) throw new Validation(taskMessages.cycle);
    const parent = await selectTask(db, userId, input.parent_id);
    if (!parent) throw new NotFound(taskMessages.parentNotFound);
    const ancestors = await ancestorsOf(db, userId, parent);
    if (ancestors.some((ancestor) => ancestor.id === current.id)) throw new Validation(taskMessages.cycle);
    levels = await descendantsByLevel(db, userId, current.id);
    // The parent's depth, this task's level below it, and the levels of its own subtree.
    if (ancestors.length + 1 + 1 + levels.length > TASK_MAX_DEPTH) throw new Validation(taskMessages.tooDeep);
    parentId = parent.id;
    projectId = parent.project_id;
  } else {
    if (newParent) parentId = null;
    if (input.project_id !== undefined && input.project_id !== current.project_id) {
      await assertOwnProjects(db, userId, [input.project_id]);
      projectId = input.project_id;
      // A subtask is always in its parent's project: moved alone, it leaves its parent.
      parentId = null;
    }
  }
  projectId ??= await inboxIdOf(db, userId, nowIso);
  const changes: Partial<TaskRow> = {};
  if (parentId !== current.parent_id) changes.parent_id = parentId;
  if (projectId !== current.project_id) changes.project_id = projectId;
  if (changes.project_id === undefined) return { changes, subtree: [] };
  levels ??= await descendantsByLevel(db, userId, current.id);
  return { changes, subtree: levels.flat() };
}

/** Completes the open tasks among `tasks` (a parent's subtree), each as completing it alone would. */
async function completeOpenTasks(
  trx: Db,
  userId: string,
  tasks: readonly TaskRow[],
  nowIso: string,
): Promise<void> {
  const open = tasks.filter((task) => task.status === "pending" || task.status === "inprogress");
  if (open.length === 0) return;
  await updateTaskRows(
    trx,
    userId,
    open.map((task) => task.id),
    {
      status: "completed",
      completed_at: nowIso,
      completed_at_approximate: 0,
      remind_at: null,
      updated_at: nowIso,
    },
  );
  await insertTaskEvents(
    trx,
    open.map((task) => taskEvent(task, "status_changed", { from: task.status, to: "completed", at: nowIso })),
  );
  await announceTaskChanges(
    trx,
    userId,
    open.map((task) => ({
      type: "updated",
      task: toTaskJson({
        ...task,
        status: "completed",
        completed_at: nowIso,
        completed_at_approximate: 0,
        remind_at: null,
        updated_at: nowIso,
      }),
      completed: true,
    })),
    nowIso,
  );
  for (const task of open) {
    if (task.remind_at !== null) await followReminder(trx, task.id, null, nowIso);
    await createNextOccurrence(
      trx,
      userId,
      { ...task, status: "completed", completed_at: nowIso, remind_at: null },
      task.remind_at,
      nowIso,
    );
  }
}

export async function getTask(db: Db, userId: string, id: string): Promise<TaskJson> {
  const row = await selectTask(db, userId, id);
  if (!row) throw new NotFound(TASK_NOT_FOUND);
  return toTaskJson(row);
}

/**
 * The fields stored as the client gives them: a create copies them (null when left out) and an
 * update changes those it sends. A new task field without rules of its own is added here.
 */
const PLAIN_FIELDS = [
  "title",
  "description",
  "priority",
  "duration_minutes",
] as const satisfies ReadonlyArray<keyof CreateTaskInput & keyof TaskRow>;

function plainFieldsOf(input: CreateTaskInput): Pick<TaskRow, (typeof PLAIN_FIELDS)[number]> {
  return Object.fromEntries(PLAIN_FIELDS.map((field) => [field, input[field] ?? null])) as Pick<
    TaskRow,
    (typeof PLAIN_FIELDS)[number]
  >;
}

function newTaskRow(
  userId: string,
  input: NewTaskInput,
  placement: Placement,
  nowIso: string,
  timeZone: string,
): TaskRow {
  const status = input.status ?? "pending";
  const source = input.source ?? MANUAL_SOURCE;
  const recurrence = checkedRecurrence(input.recurrence, normaliseDueDate(input.due_date));
  const { dueDate, remindAt } = alignedToRule(
    recurrence,
    { dueDate: normaliseDueDate(input.due_date), remindAt: normaliseDueDate(input.remind_at) },
    { status, timeZone, nowIso },
  );
  // An imported task keeps when it was created and completed.
  const createdAt = pastInstant(input.history?.created_at, nowIso) ?? nowIso;
  const completedAt = pastInstant(input.history?.completed_at, nowIso);
  return {
    // Time-ordered, from the time of writing: a new task's key lands at the end of the primary-key index.
    id: newTimeOrderedId(Date.parse(nowIso)),
    user_id: userId,
    ...plainFieldsOf(input),
    status,
    due_date: dueDate,
    tags: JSON.stringify(input.tags),
    source_type: source.type,
    source_origin: source.origin ?? null,
    source_filename: source.filename ?? null,
    created_at: createdAt,
    updated_at: nowIso,
    completed_at: status === "completed" ? (completedAt ?? nowIso) : null,
    completed_at_approximate:
      status === "completed" && completedAt !== undefined && input.history?.completed_at_approximate ? 1 : 0,
    recurrence,
    follows_task_id: null,
    // A completed task has nothing left to remind of.
    remind_at: status === "completed" ? null : remindAt,
    project_id: placement.project_id,
    parent_id: placement.parent_id,
    scheduled_start: normaliseDueDate(input.scheduled_start),
  };
}

/**
 * An open task's due date where a rule is set is one of the rule's dates (firstDueOnOrAfter, in
 * the user's zone): "every Monday and Thursday 7am" typed on a Friday is due Monday 07:00, not
 * Saturday. Its reminder moves with it, the same time ahead. A rule whose dates have all passed
 * leaves the date as given.
 */
function alignedToRule(
  recurrence: string | null,
  dates: { dueDate: string | null; remindAt: string | null },
  context: { status: string; timeZone: string; nowIso: string },
): { dueDate: string | null; remindAt: string | null } {
  const { dueDate, remindAt } = dates;
  if (!recurrence || !dueDate || context.status === "completed" || context.status === "cancelled") {
    return dates;
  }
  const aligned = firstDueOnOrAfter(recurrence, dueDate, context.timeZone, context.nowIso);
  if (!aligned || aligned === dueDate) return dates;
  const shift = Date.parse(aligned) - Date.parse(dueDate);
  return {
    dueDate: aligned,
    remindAt: remindAt === null ? null : new Date(Date.parse(remindAt) + shift).toISOString(),
  };
}

/** The zone a user's dates are counted in (UTC when the user is gone). */
async function timeZoneOf(db: Db, userId: string): Promise<string> {
  return userTimeZone((await selectUserTimeZone(db, userId)) ?? { timezone: "UTC" });
}

/**
 * Creates tasks from already validated input (createTaskRequestSchema's output), all or none.
 * Pass a transaction to make them part of a larger unit of work.
 */
export async function createTasks(
  db: Db,
  clock: Clock,
  userId: string,
  inputs: readonly NewTaskInput[],
): Promise<TaskJson[]> {
  if (inputs.length === 0) return [];
  const nowIso = isoNow(clock);
  return inTransaction(db, async (trx) => {
    await lockUserTasks(trx, userId);
    // The zone only places a repeating task's first date.
    const timeZone = inputs.some((input) => input.recurrence) ? await timeZoneOf(trx, userId) : "UTC";
    const placements = await placementsOf(trx, userId, inputs, nowIso);
    const rows = inputs.map((input, index) => {
      const placement = placements[index];
      if (!placement) throw new Error("placementsOf returned fewer placements than inputs");
      return newTaskRow(userId, input, placement, nowIso, timeZone);
    });
    await insertTasks(trx, rows);
    await insertTaskEvents(
      trx,
      rows.flatMap((row, index) => creationEvents(row, inputs[index]?.history)),
    );
    for (const row of rows)
      if (row.remind_at !== null) await followReminder(trx, row.id, row.remind_at, nowIso);
    await touchTasks(trx, userId, nowIso);
    const tasks = rows.map(toTaskJson);
    await announceTaskChanges(
      trx,
      userId,
      tasks.map((task) => ({ type: "created", task })),
      nowIso,
    );
    return tasks;
  });
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
function changesOf(
  current: TaskRow,
  input: UpdateTaskInput,
  context: { nowIso: string; timeZone: string },
): Partial<TaskRow> {
  const { nowIso } = context;
  const changes: Partial<TaskRow> = {};
  for (const field of PLAIN_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
  }
  if (input.due_date !== undefined) {
    const dueDate = normaliseDueDate(input.due_date);
    if (dueDate !== current.due_date) changes.due_date = dueDate;
  }
  if (input.scheduled_start !== undefined) {
    const scheduledStart = normaliseDueDate(input.scheduled_start);
    if (scheduledStart !== current.scheduled_start) changes.scheduled_start = scheduledStart;
  }
  if (input.tags !== undefined) {
    const tags = JSON.stringify(input.tags);
    if (tags !== current.tags) changes.tags = tags;
  }
  if (input.status !== undefined && input.status !== current.status) {
    changes.status = input.status;
    if (input.status === "completed") changes.completed_at = nowIso;
    else if (current.completed_at !== null) changes.completed_at = null;
    if (current.completed_at_approximate !== 0) changes.completed_at_approximate = 0;
  }
  if (input.recurrence !== undefined || input.due_date !== undefined) {
    const rule = input.recurrence === undefined ? current.recurrence : input.recurrence;
    const recurrence = checkedRecurrence(
      rule,
      changes.due_date === undefined ? current.due_date : changes.due_date,
    );
    if (recurrence !== current.recurrence) changes.recurrence = recurrence;
  }
  if (changes.recurrence) {
    const dueDate = changes.due_date === undefined ? current.due_date : changes.due_date;
    const remindAt = input.remind_at === undefined ? current.remind_at : normaliseDueDate(input.remind_at);
    const aligned = alignedToRule(
      changes.recurrence,
      { dueDate, remindAt },
      { status: changes.status ?? current.status, timeZone: context.timeZone, nowIso },
    );
    if (aligned.dueDate !== current.due_date) changes.due_date = aligned.dueDate;
    if (aligned.remindAt !== current.remind_at) changes.remind_at = aligned.remindAt;
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
  const dueDate = nextOccurrence(completed.recurrence, completed.due_date, await timeZoneOf(trx, userId));
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
    completed_at_approximate: 0,
    remind_at: nextRemindAt(completed.due_date, remindAt, dueDate, nowIso),
    follows_task_id: completed.id,
    // The estimate carries over; when to do the next one is planned anew.
    scheduled_start: null,
  };
  if (!(await insertNextOccurrence(trx, next))) return;
  await insertTaskEvents(trx, creationEvents(next, undefined));
  await followReminder(trx, next.id, next.remind_at, nowIso);
  await announceTaskChanges(trx, userId, [{ type: "created", task: toTaskJson(next) }], nowIso);
}

/** The same lead time before `nextDue` as `remindAt` was before `due`; null without one or when past. */
function nextRemindAt(due: string, remindAt: string | null, nextDue: string, nowIso: string): string | null {
  if (remindAt === null) return null;
  const time = Date.parse(nextDue) - (Date.parse(due) - Date.parse(remindAt));
  return time > Date.parse(nowIso) ? new Date(time).toISOString() : null;
}

/** The history a change leaves: its status and due-date moves. */
function changeEvents(current: TaskRow, changes: Partial<TaskRow>, at: string): NewTaskEvent[] {
  const events: NewTaskEvent[] = [];
  if (changes.status !== undefined)
    events.push(taskEvent(current, "status_changed", { from: current.status, to: changes.status, at }));
  if (changes.due_date !== undefined) {
    const kind = dueChangeKind(current.due_date, changes.due_date);
    events.push(taskEvent(current, kind, { from: current.due_date, to: changes.due_date, at }));
  }
  return events;
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
  const row = await inTransaction(db, async (trx) => {
    await lockUserTasks(trx, userId);
    const current = await selectTask(trx, userId, id, { forUpdate: true });
    if (!current) throw new NotFound(TASK_NOT_FOUND);
    const timeZone = input.recurrence ? await timeZoneOf(trx, userId) : "UTC";
    const tree = await treeChangesOf(trx, userId, current, input, nowIso);
    const changes = { ...changesOf(current, input, { nowIso, timeZone }), ...tree.changes };
    const completeBelow = input.status === "completed" && input.complete_subtasks === true;
    const below = completeBelow ? (await descendantsByLevel(trx, userId, id)).flat() : [];
    const subtreeChanges = below.some((task) => task.status === "pending" || task.status === "inprogress");
    if (Object.keys(changes).length === 0 && !subtreeChanges) return current;
    const updated = { ...current, ...changes, updated_at: nowIso };
    if (Object.keys(changes).length > 0) {
      await updateTaskRow(trx, userId, id, { ...changes, updated_at: nowIso });
      await insertTaskEvents(trx, changeEvents(current, changes, nowIso));
    }
    const completed = changes.status === "completed";
    const announced: TaskChange[] =
      Object.keys(changes).length > 0 ? [{ type: "updated", task: toTaskJson(updated), completed }] : [];
    if (tree.changes.project_id !== undefined && tree.subtree.length > 0) {
      // The whole subtree follows: a subtask is always in its parent's project.
      const projectId = tree.changes.project_id;
      await updateTaskRows(
        trx,
        userId,
        tree.subtree.map((task) => task.id),
        { project_id: projectId, updated_at: nowIso },
      );
      for (const task of tree.subtree)
        announced.push({
          type: "updated",
          task: toTaskJson({ ...task, project_id: projectId, updated_at: nowIso }),
          completed: false,
        });
    }
    await announceTaskChanges(trx, userId, announced, nowIso);
    if (completed) await createNextOccurrence(trx, userId, updated, current.remind_at, nowIso);
    if (changes.remind_at !== undefined) await followReminder(trx, id, changes.remind_at, nowIso);
    if (completeBelow) await completeOpenTasks(trx, userId, below, nowIso);
    await touchTasks(trx, userId, nowIso);
    return updated;
  });
  return toTaskJson(row);
}

/** DELETE: the task and its whole subtree. */
export async function deleteTask(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  const nowIso = isoNow(clock);
  await inTransaction(db, async (trx) => {
    await lockUserTasks(trx, userId);
    const task = await selectTask(trx, userId, id, { forUpdate: true });
    if (!task) throw new NotFound(TASK_NOT_FOUND);
    const subtree = (await descendantsByLevel(trx, userId, id)).flat();
    await removeTasks(trx, userId, [task, ...subtree], nowIso);
    await touchTasks(trx, userId, nowIso);
  });
}

/**
 * Deletes tasks with their reminders, as part of the caller's transaction (which records the
 * change with recordTaskChange): a task's delete, or a project deleted with its tasks.
 */
export async function removeTasks(
  trx: Db,
  userId: string,
  tasks: ReadonlyArray<Pick<TaskRow, "id" | "remind_at">>,
  nowIso: string,
): Promise<number> {
  await recordRemovals(
    trx,
    userId,
    tasks.map((task) => task.id),
  );
  const deleted = await deleteTaskRows(
    trx,
    userId,
    tasks.map((task) => task.id),
  );
  await insertTaskEvents(
    trx,
    tasks.map((task) =>
      taskEvent({ id: task.id, user_id: userId }, "deleted", { from: null, to: null, at: nowIso }),
    ),
  );
  for (const task of tasks) if (task.remind_at !== null) await followReminder(trx, task.id, null, nowIso);
  await announceTaskChanges(
    trx,
    userId,
    tasks.map((task) => ({ type: "deleted", id: task.id })),
    nowIso,
  );
  return deleted;
}

/**
 * Announces tasks another module moved to `projectId` (a deleted project's tasks going to the
 * Inbox) as updated, to the user's webhooks and live updates, in the caller's transaction.
 */
export async function announceTasksMoved(
  trx: Db,
  userId: string,
  taskIds: readonly string[],
  nowIso: string,
): Promise<void> {
  // In slices: a project may hold more tasks than one statement takes parameters.
  for (let start = 0; start < taskIds.length; start += 500) {
    const moved = await selectTasksByIds(trx, userId, taskIds.slice(start, start + 500));
    await announceTaskChanges(
      trx,
      userId,
      moved.map((task) => ({ type: "updated", task: toTaskJson(task), completed: false })),
      nowIso,
    );
  }
}

/** Orders a write outside this module with the user's task writes (see lockUserTasks): call it first. */
export async function lockTaskTree(trx: Db, userId: string): Promise<void> {
  await lockUserTasks(trx, userId);
}

/** Moves the user's task data version on (the list's ETag) for a write outside this module. */
export async function recordTaskChange(trx: Db, userId: string, nowIso: string): Promise<void> {
  await touchTasks(trx, userId, nowIso);
}

/**
 * Records a change of a task that none of its fields show (what a CalDAV client keeps on it
 * changed): it counts as updated now, for the ETag, the sync change log and whoever follows
 * the user's changes.
 */
export async function markTaskChanged(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  const nowIso = isoNow(clock);
  await inTransaction(db, async (trx) => {
    await lockUserTasks(trx, userId);
    if (!(await selectTask(trx, userId, id, { forUpdate: true }))) throw new NotFound(TASK_NOT_FOUND);
    await updateTaskRow(trx, userId, id, { updated_at: nowIso });
    await touchTasks(trx, userId, nowIso);
  });
}

/**
 * The user's task-data version: moved on by every change to their tasks, in the change's own
 * transaction (the CalDAV sync token and collection tag).
 */
export async function taskDataVersion(db: Db, userId: string): Promise<number> {
  return selectTaskDataVersion(db, userId);
}

/** GET /api/v1/tasks/stats: total, per-status, overdue and completion-rate counts, computed by the database. */
export async function taskStats(db: Db, clock: Clock, userId: string): Promise<TaskStats> {
  const counts = await countTasks(db, userId, isoNow(clock));
  return { ...counts, completion_rate: completionRate(counts.completed, counts.total) };
}

/**
 * When the user's task list last changed: the latest create, update or delete, as ISO UTC; null
 * when it never has. The daily plan compares it with its report's time (cache_is_valid).
 */
export async function lastTaskChangeAt(db: Db, userId: string): Promise<string | null> {
  return selectTasksChangedAt(db, userId);
}

/** When a task is planned and for how long, as the day planner sets and restores it. */
export interface TaskTime {
  id: string;
  scheduled_start: string | null;
  duration_minutes: number | null;
}

/**
 * Sets the planned start and estimate of several of the user's tasks at once, in the caller's
 * transaction when given one. `missing: "fail"` refuses the whole change (404) when a task is not
 * the user's; "skip" leaves out tasks deleted since (an undo). Returns each task's values before.
 */
export async function setTaskTimes(
  db: Db,
  clock: Clock,
  userId: string,
  times: readonly TaskTime[],
  { missing }: { missing: "fail" | "skip" },
): Promise<TaskTime[]> {
  if (times.length === 0) return [];
  const nowIso = isoNow(clock);
  return inTransaction(db, async (trx) => {
    const before: TaskTime[] = [];
    for (const time of times) {
      const current = await selectTask(trx, userId, time.id, { forUpdate: true });
      if (!current) {
        if (missing === "fail") throw new NotFound(TASK_NOT_FOUND);
        continue;
      }
      before.push({
        id: current.id,
        scheduled_start: current.scheduled_start,
        duration_minutes: current.duration_minutes,
      });
      const scheduledStart = normaliseDueDate(time.scheduled_start);
      if (scheduledStart === current.scheduled_start && time.duration_minutes === current.duration_minutes)
        continue;
      await updateTaskRow(trx, userId, time.id, {
        scheduled_start: scheduledStart,
        duration_minutes: time.duration_minutes,
        updated_at: nowIso,
      });
    }
    await touchTasks(trx, userId, nowIso);
    return before;
  });
}
