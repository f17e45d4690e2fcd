import {
  completionRate,
  isOpenStatus,
  OPEN_STATUSES,
  type CreateTaskInput,
  type TaskFiltersQuery,
  type TaskJson,
  type TaskStats,
  type TaskStatus,
  type UpdateTaskInput,
} from "@contract/tasks";
import { inTransaction, type Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { Forbidden, NotFound } from "../../lib/domain-errors";
import { existingInboxId } from "../projects";
import { selectReviewRows } from "./figures-repository";
import { exactMatcher, parseTaskFilters } from "./filters";
import type { NewTaskInput } from "./history";
import { createNextOccurrence, timeZoneOf } from "./occurrences";
import {
  adoptTasksWithoutProject,
  countTasks,
  hasTasksWithoutProject,
  lockUserTasks,
  selectTask,
  selectTaskById,
  selectTaskDataVersion,
  selectTasks,
  selectTasksByIds,
  selectTasksChangedAt,
  selectProjectEvents,
  selectTasksOfProject,
  type TaskQueryFilters,
} from "./repository";
import { changesOf, newTaskRow, normaliseDueDate, TASK_NOT_FOUND } from "./rows";
import { toTaskJson, type TaskWireRow } from "./task-json";
import { descendantsByLevel, placementsOf, treeChangesOf } from "./tree";
import { selectListContext, selectTaskPage, type ListContext, type TaskPage } from "./page-repository";
import { positionChangesOf } from "./positions";
import { parseTaskPage } from "./task-page";
import { withTaskWrite, withTaskWriteAs, type LockOrder, type TaskWrite } from "./unit-of-work";
import { projectAccess, taskAccess, type Access, type Need } from "./access";
import { withTaskWritesAs } from "./bulk-writes";
import { sharedProjectsOf } from "../sharing";

export { getTaskHistories, type NewTaskInput } from "./history";
export { TASK_REMINDER_JOB, withDefaultReminder } from "./reminders";
export { withTaskWrite, withTaskWriteAs } from "./unit-of-work";
export { projectAccess, taskAccess, type Access } from "./access";
export { TASK_ASSIGNED_JOB } from "./assignees";

/**
 * GET /api/v1/tasks: the user's tasks, filtered, in to-do order (see sortedInListOrder). A
 * project_id that is not one of the user's projects is a 404, as any other user's id is.
 * `context`: the shared projects, when the caller has read them already (taskListContext).
 */
export async function listTasks(
  db: Db,
  userId: string,
  query: TaskFiltersQuery,
  context?: Pick<ListContext, "sharedProjectIds">,
): Promise<TaskJson[]> {
  const filters = parseTaskFilters(query);
  if (filters.projectId !== undefined) await projectAccess(db, userId, filters.projectId, "read");
  const sharedProjectIds =
    context?.sharedProjectIds ?? (await sharedProjectsOf(db, userId)).map((shared) => shared.projectId);
  const list = () => listFilteredTasks(db, userId, { ...filters, sharedProjectIds }, parseTaskPage(query));
  const tasks = await list();
  // Checked on the answer rather than before it: one statement less for every list.
  if (!tasks.some((task) => task.project_id === "")) return tasks;
  return (await adoptStrayTasks(db, userId)) ? list() : tasks;
}

/**
 * Tasks the previous release wrote during a rolling upgrade have no project: once a list would
 * answer one, they move to the Inbox and the list is read again (a user that release signed up
 * gets the Inbox with a first task). true when some moved.
 */
async function adoptStrayTasks(db: Db, userId: string): Promise<boolean> {
  if (!(await hasTasksWithoutProject(db, userId))) return false;
  return inTransaction(db, async (trx) => {
    await lockUserTasks(trx, userId);
    const inboxId = await existingInboxId(trx, userId);
    if (inboxId) await adoptTasksWithoutProject(trx, userId, inboxId);
    return inboxId !== undefined;
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
  const matches = exactMatcher(filters);
  const exact = (rows: TaskWireRow[]) => rows.map(toTaskJson).filter(matches);
  const { limit, ...uncut } = page;
  // The exact check drops some of what SQL pre-selected, so a page is cut after it, not before.
  if (limit === undefined || page.order !== "completed_at")
    return exact(await selectTaskPage(db, userId, filters, uncut)).slice(0, limit);
  // A page of the history reads a page of candidates at a time, from where the last one ended,
  // rather than every task that matches.
  const tasks: TaskJson[] = [];
  for (let after = page.after; ;) {
    const rows = await selectTaskPage(db, userId, filters, { ...page, ...(after ? { after } : {}) });
    tasks.push(...exact(rows));
    const last = rows.at(-1);
    if (tasks.length >= limit || rows.length < limit || !last) return tasks.slice(0, limit);
    after = { completedAt: last.completed_at, id: last.id };
  }
}

/**
 * The pending and in-progress tasks that are the user's to do and plan, in list order (the daily
 * plan and the calendar's proposed plan work on these): their own but those assigned to another
 * member, and the tasks assigned to them in projects shared with them as an editor or admin (not
 * the ones assigned to nobody; a viewer cannot schedule a task).
 */
export async function listOpenTasks(db: Db, userId: string): Promise<TaskJson[]> {
  const sharedProjectIds = (await sharedProjectsOf(db, userId))
    .filter((shared) => shared.role !== "viewer")
    .map((shared) => shared.projectId);
  const rows = await selectTasks(db, userId, { statuses: OPEN_STATUSES, sharedProjectIds });
  return rows
    .filter((row) => (row.assignee_id === null ? row.user_id === userId : row.assignee_id === userId))
    .map(toTaskJson);
}

/**
 * The weekly review's tasks: those completed in the range, and those open and created before its
 * end (the review sorts them into its lists).
 */
export async function reviewTasks(
  db: Db,
  userId: string,
  range: { startIso: string; endIso: string },
): Promise<{ completed: TaskJson[]; open: TaskJson[] }> {
  const rows = await selectReviewRows(db, userId, range);
  return { completed: rows.completed.map(toTaskJson), open: rows.open.map(toTaskJson) };
}

/** The user's tasks among `ids`, by id, with those of projects shared with the user; others are left out. */
export async function getTasksByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, TaskJson>> {
  const sharedProjectIds = (await sharedProjectsOf(db, userId)).map((shared) => shared.projectId);
  const rows = await selectTasksByIds(db, userId, ids, { sharedProjectIds });
  return new Map(rows.map((row) => [row.id, toTaskJson(row)]));
}

/** A task the user owns or may read in a shared project (the unit of work's read twin checks). */
export async function getTask(db: Db, userId: string, id: string): Promise<TaskJson> {
  return toTaskJson((await taskAccess(db, userId, id, "read")).task);
}

/** A task and its owner by the task's id alone, for work outside a request (a reminder's job). */
export async function getTaskWithOwner(
  db: Db,
  id: string,
): Promise<{ userId: string; task: TaskJson } | undefined> {
  const row = await selectTaskById(db, id);
  return row ? { userId: row.user_id, task: toTaskJson(row) } : undefined;
}

/**
 * Creates tasks from already validated input (createTaskRequestSchema's output), all or none.
 * Pass a transaction in a task write (withTaskWrite) to make them part of a larger one.
 */
export async function createTasks(
  db: Db,
  clock: Clock,
  userId: string,
  inputs: readonly NewTaskInput[],
): Promise<TaskJson[]> {
  if (inputs.length === 0) return [];
  return withTaskWrite(db, userId, clock, async (write) => {
    const { trx, nowIso } = write;
    // The zone only places a repeating task's first date.
    const timeZone = inputs.some((input) => input.recurrence) ? await timeZoneOf(trx, userId) : "UTC";
    const placements = await placementsOf(trx, userId, inputs, nowIso);
    const rows = inputs.map((input, index) => {
      const placement = placements[index];
      if (!placement) throw new Error("placementsOf returned fewer placements than inputs");
      if (placement.inbox) write.neverShared(placement.project_id);
      return newTaskRow(userId, input, placement, nowIso, timeZone);
    });
    await write.insert(
      rows,
      inputs.map((input) => input.history),
    );
    return rows.map(toTaskJson);
  });
}

/**
 * POST /api/v1/tasks: one task typed by hand (or added from extraction with its source), in one
 * of the user's projects or one shared with the user as an editor or admin.
 */
export async function createTask(
  db: Db,
  clock: Clock,
  userId: string,
  input: CreateTaskInput,
): Promise<TaskJson> {
  const target = input.project_id
    ? { projectId: input.project_id }
    : input.parent_id
      ? { parentId: input.parent_id }
      : { own: true as const };
  // Inside another transaction, which may hold rows already, the lock comes first as ever.
  const inInbox = !input.project_id && !input.parent_id && !input.assignee_id;
  const lock: LockOrder = inInbox && !db.isTransaction ? "last" : "first";
  return withTaskWriteAs(
    db,
    userId,
    clock,
    target,
    "edit",
    async (write) => {
      const [task] = await createTasks(write.trx, clock, write.userId, [input]);
      if (!task) throw new Error("createTasks returned no task for one input");
      return task;
    },
    lock,
  );
}

/** PUT is partial; a request that changes nothing leaves updated_at alone. */
export async function updateTask(
  db: Db,
  clock: Clock,
  userId: string,
  id: string,
  input: UpdateTaskInput,
): Promise<TaskJson> {
  const row = await withTaskWriteAs(db, userId, clock, { taskId: id }, "edit", async (write, access) => {
    const { trx, nowIso } = write;
    const ownerId = access.ownerId;
    const current = await selectTask(trx, ownerId, id, { forUpdate: true });
    if (!current) throw new NotFound(TASK_NOT_FOUND);
    // Moving a task needs the same right in the project it goes to.
    if (input.project_id !== undefined) await projectAccess(trx, userId, input.project_id, "edit");
    const timeZone = input.recurrence ? await timeZoneOf(trx, ownerId) : "UTC";
    const tree = await treeChangesOf(trx, ownerId, current, input, nowIso);
    const place = await positionChangesOf(trx, ownerId, current, input, tree.changes.parent_id);
    const changes = { ...changesOf(current, input, { nowIso, timeZone }), ...tree.changes, ...place.changes };
    const completeBelow = input.status === "completed" && input.complete_subtasks === true;
    const below = completeBelow ? (await descendantsByLevel(trx, ownerId, id)).flat() : [];
    const subtreeChanges = below.some((task) => isOpenStatus(task.status as TaskStatus));
    if (Object.keys(changes).length === 0 && !subtreeChanges && place.siblings.length === 0) return current;
    const updated = Object.keys(changes).length > 0 ? await write.update(current, changes) : current;
    for (const sibling of place.siblings) await write.update(sibling.row, { position: sibling.position });
    if (tree.changes.project_id !== undefined) {
      // The whole subtree follows: a subtask is always in its parent's project.
      await write.updateMany(tree.subtree, { project_id: tree.changes.project_id });
    }
    if (changes.status === "completed") await createNextOccurrence(write, updated, current.remind_at);
    if (completeBelow) await completeOpenTasks(write, below);
    return updated;
  });
  return toTaskJson(row);
}

/** Completes the open tasks among `tasks` (a parent's subtree), each as completing it alone would. */
async function completeOpenTasks(write: TaskWrite, tasks: readonly TaskRow[]): Promise<void> {
  const open = tasks.filter((task) => isOpenStatus(task.status as TaskStatus));
  const completed = await write.updateMany(open, {
    status: "completed",
    completed_at: write.nowIso,
    completed_at_approximate: 0,
    remind_at: null,
  });
  for (const [index, task] of completed.entries())
    await createNextOccurrence(write, task, open[index]?.remind_at ?? null);
}

/** DELETE: the task and its whole subtree. */
export async function deleteTask(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  await withTaskWriteAs(db, userId, clock, { taskId: id }, "edit", async (write) => {
    const task = await selectTask(write.trx, write.userId, id, { forUpdate: true });
    if (!task) throw new NotFound(TASK_NOT_FOUND);
    const subtree = (await descendantsByLevel(write.trx, write.userId, id)).flat();
    await write.remove([task, ...subtree]);
  });
}

/** Deletes every task of a project (the project is being deleted with them); how many. */
export async function removeTasksOfProject(write: TaskWrite, projectId: string): Promise<number> {
  return write.remove(await selectTasksOfProject(write.trx, write.userId, projectId));
}

/** A member left a project: its tasks assigned to them are assigned to nobody. */
export async function unassignInProject(
  db: Db,
  clock: Clock,
  ownerId: string,
  projectId: string,
  userId: string,
): Promise<void> {
  await withTaskWrite(db, ownerId, clock, async (write) => {
    const tasks = await selectTasksOfProject(write.trx, ownerId, projectId);
    await write.updateMany(
      tasks.filter((task) => task.assignee_id === userId),
      { assignee_id: null },
    );
  });
}

/** Moves every task of a project into another (subtrees stay whole); how many moved. */
export async function moveTasksOfProject(write: TaskWrite, fromId: string, toId: string): Promise<number> {
  const tasks = await selectTasksOfProject(write.trx, write.userId, fromId);
  return (await write.updateMany(tasks, { project_id: toId })).length;
}

/**
 * Records a change of a task that none of its fields show (what a CalDAV client keeps on it
 * changed): it counts as updated now, for the ETag, the sync change log and whoever follows
 * the user's changes.
 */
export async function markTaskChanged(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  await withTaskWriteAs(db, userId, clock, { taskId: id }, "edit", async (write) => {
    const current = await selectTask(write.trx, write.userId, id, { forUpdate: true });
    if (!current) throw new NotFound(TASK_NOT_FOUND);
    await write.update(current, {});
  });
}

/**
 * The user's task-data version: moved on by every change to their tasks, in the change's own
 * transaction (the CalDAV sync token and collection tag).
 */
export async function taskDataVersion(db: Db, userId: string): Promise<number> {
  return selectTaskDataVersion(db, userId);
}

/** The version and the shared projects a list call needs, read together (see listTasks). */
export async function taskListContext(db: Db, userId: string): Promise<ListContext> {
  return selectListContext(db, userId);
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
 * Sets the planned start and estimate of several tasks at once: the user's, and those of projects
 * shared with them as an editor or admin (each in a task write of its owner's, all in one
 * transaction: the caller's own, when it is in one, but not inside another task write).
 * `missing: "fail"` refuses the whole change (404, or 403 for a viewer's) when a task is none of
 * these; "skip" leaves out tasks deleted or out of reach since (an undo). Returns each task's
 * values before.
 */
export async function setTaskTimes(
  db: Db,
  clock: Clock,
  userId: string,
  times: readonly TaskTime[],
  { missing }: { missing: "fail" | "skip" },
): Promise<TaskTime[]> {
  if (times.length === 0) return [];
  const before: TaskTime[] = [];
  const standing = async (trx: Db, time: TaskTime, need: Need) => {
    try {
      return await taskAccess(trx, userId, time.id, need);
    } catch (error) {
      const gone = error instanceof NotFound || error instanceof Forbidden;
      if (missing === "skip" && gone) return { ownerId: userId };
      throw error;
    }
  };
  await withTaskWritesAs(db, userId, clock, times, "edit", standing, async (write, owned) => {
    for (const time of owned) {
      const current = await selectTask(write.trx, write.userId, time.id, { forUpdate: true });
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
      await write.update(current, {
        scheduled_start: scheduledStart,
        duration_minutes: time.duration_minutes,
      });
    }
  });
  return before;
}

/** One event of a project's history: who made it, what, on which task, when. */
export interface ProjectEvent {
  actorId: string;
  kind: string;
  taskId: string;
  taskTitle: string;
  at: string;
  from: string | null;
  to: string | null;
}

/** The newest history of the tasks in a project (access already checked by the caller's read). */
export async function projectHistory(db: Db, access: Access, limit: number): Promise<ProjectEvent[]> {
  const rows = await selectProjectEvents(db, access.ownerId, access.projectId, limit);
  return rows.map((row) => ({
    actorId: row.actor_id ?? row.user_id,
    kind: row.kind,
    taskId: row.task_id,
    taskTitle: row.title,
    at: row.at,
    from: row.from_value,
    to: row.to_value,
  }));
}
