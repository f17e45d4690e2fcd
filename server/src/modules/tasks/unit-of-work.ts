import { inTransaction, type Db } from "../../db/database";
import type { NewTask, NewTaskEvent, TaskRow, TaskUpdate } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { recordSyncChangesAtBump } from "../caldav";
import { accessTo, type Access, type AccessTarget, type Need } from "./access";
import { announceTaskChanges, type TaskChange } from "./announce";
import { announceAssignment, checkAssignee } from "./assignees";
import { changeEvents, creationEvents, taskEvent, type TaskHistory } from "./history";
import { memberViews, reachMembers } from "./member-reach";
import { followReminder } from "./reminders";
import {
  deleteTaskRows,
  insertNextOccurrence,
  insertTaskEvents,
  insertTasks,
  lockUserTasks,
  updateTaskRow,
  updateTaskRows,
} from "./repository";
import { toTaskJson } from "./task-json";
import { insertTaskWithEvent } from "./task-insert-repository";
import { moveToTrash, takeFromTrash } from "./trash-writes";
import { bumpTaskDataVersion, taskDataVersionBump } from "./version-repository";

/** A task removed, with what its removal must undo: its reminder and its place in the sync log. */
type RemovedTask = Pick<TaskRow, "id" | "remind_at" | "project_id">;

/** What one unit of work did to a task, as it is announced: the last state wins. */
type Outcome = (
  | { type: "created"; row: TaskRow }
  | { type: "updated"; row: TaskRow; completed: boolean }
  | { type: "deleted"; task: RemovedTask }
) & { before: string | null };

/**
 * One change of a user's tasks in progress: its writes go through these methods, which record
 * what changed; when the work is done, `withTaskWrite` writes what every change owes, once.
 */
export class TaskWrite {
  readonly #events: NewTaskEvent[] = [];
  readonly #outcomes = new Map<string, Outcome>();
  readonly #reminders = new Map<string, string | null>();
  readonly #assigned = new Map<string, TaskRow>();
  readonly #neverShared = new Set<string>();
  #dataChanged = false;
  /** Who makes the change: the owner (`userId`), or a member of a shared project. */
  actorId: string;

  constructor(
    readonly trx: Db,
    readonly userId: string,
    readonly nowIso: string,
  ) {
    this.actorId = userId;
  }

  /** New tasks, each with the past it brings (an import) or none. */
  async insert(rows: readonly TaskRow[], histories: ReadonlyArray<TaskHistory | undefined> = []) {
    for (const row of rows) if (row.assignee_id !== null) await this.#assign(row);
    const [only] = rows;
    const [event, ...more] = only && rows.length === 1 ? creationEvents(only, histories[0]) : [];
    if (only && event && more.length === 0) {
      // A create's task and its history row go together (one statement on PostgreSQL); the actor
      // is known before any write (withTaskWriteAs sets it first).
      await insertTaskWithEvent(this.trx, only, { ...event, actor_id: this.#actor() });
      this.#created(only, []);
      return;
    }
    await insertTasks(this.trx, rows);
    rows.forEach((row, index) => this.#created(row, creationEvents(row, histories[index])));
  }

  /** A repeating task's next occurrence, unless the completed one has one already; true when inserted. */
  async insertNextOccurrence(row: TaskRow & NewTask & { follows_task_id: string }): Promise<boolean> {
    if (!(await insertNextOccurrence(this.trx, row))) return false;
    this.#created(row, creationEvents(row, undefined));
    return true;
  }

  /** Changes one task (an empty change still counts: saved now); the task as it is after. */
  async update(before: TaskRow, changes: TaskUpdate): Promise<TaskRow> {
    const saved = { ...changes, updated_at: this.nowIso };
    if (changes.assignee_id != null && changes.assignee_id !== before.assignee_id)
      await this.#assign({ ...before, ...saved } as TaskRow);
    await updateTaskRow(this.trx, this.userId, before.id, saved);
    return this.#updated(before, saved);
  }

  /** The same changes to several tasks; the tasks as they are after. */
  async updateMany(rows: readonly TaskRow[], changes: TaskUpdate): Promise<TaskRow[]> {
    if (rows.length === 0) return [];
    const saved = { ...changes, updated_at: this.nowIso };
    await updateTaskRows(
      this.trx,
      this.userId,
      rows.map((row) => row.id),
      saved,
    );
    return rows.map((row) => this.#updated(row, saved));
  }

  /** Deletes tasks into the trash, whole rows as they are; how many there were. */
  async remove(tasks: readonly TaskRow[]): Promise<number> {
    await moveToTrash(this.trx, this.userId, tasks, this.nowIso);
    const deleted = await deleteTaskRows(
      this.trx,
      this.userId,
      tasks.map((task) => task.id),
    );
    for (const task of tasks) {
      const at = this.nowIso;
      this.#events.push(
        taskEvent({ id: task.id, user_id: this.userId }, "deleted", { from: null, to: null, at }),
      );
      if (task.remind_at !== null) this.#reminders.set(task.id, null);
      const before = this.#outcomes.get(task.id)?.before ?? task.project_id;
      this.#outcomes.set(task.id, { type: "deleted", task, before });
    }
    this.#dataChanged ||= tasks.length > 0;
    return deleted;
  }

  /** Tasks back from the trash, as they were but for their place (`rows`); their deletion is forgotten. */
  async restore(rows: readonly TaskRow[]): Promise<void> {
    await takeFromTrash(this.trx, this.userId, rows);
    await insertTasks(this.trx, rows);
    for (const row of rows) {
      // A reminder whose time passed while the task was in the trash is not sent late.
      if (row.remind_at !== null && row.remind_at > this.nowIso) this.#reminders.set(row.id, row.remind_at);
      this.#outcomes.set(row.id, { type: "created", row, before: null });
    }
    this.#dataChanged ||= rows.length > 0;
  }

  /** A project known to be the owner's Inbox, which is never shared: its members are not read. */
  neverShared(projectId: string): void {
    this.#neverShared.add(projectId);
  }

  /** A change of the user's task data that is no task's (a project created, renamed or archived). */
  dataChanged(): void {
    this.#dataChanged = true;
  }

  /** A task created, with the history rows still to be written (none when written with it). */
  #created(row: TaskRow, events: readonly NewTaskEvent[]): void {
    this.#events.push(...events);
    if (row.remind_at !== null) this.#reminders.set(row.id, row.remind_at);
    this.#outcomes.set(row.id, { type: "created", row, before: null });
    this.#dataChanged = true;
  }

  /** The history's actor: null for the owner, else the member making the change. */
  #actor(): string | null {
    return this.actorId === this.userId ? null : this.actorId;
  }

  async #assign(row: TaskRow): Promise<void> {
    await checkAssignee(this.trx, row);
    this.#assigned.set(row.id, row);
  }

  #updated(before: TaskRow, changes: TaskUpdate): TaskRow {
    const after = { ...before, ...changes } as TaskRow;
    this.#events.push(...changeEvents(before, changes, this.nowIso));
    if (changes.remind_at !== undefined && changes.remind_at !== before.remind_at)
      this.#reminders.set(before.id, after.remind_at);
    const completed = before.status !== "completed" && after.status === "completed";
    const known = this.#outcomes.get(before.id);
    const placedBefore = known ? known.before : before.project_id;
    if (known?.type === "created")
      this.#outcomes.set(before.id, { type: "created", row: after, before: null });
    else
      this.#outcomes.set(before.id, {
        type: "updated",
        row: after,
        completed: completed || (known?.type === "updated" && known.completed),
        before: placedBefore,
      });
    this.#dataChanged = true;
    return after;
  }

  /** History, reminders, the version, the sync log and the announcements of everything recorded. */
  async finish(): Promise<void> {
    if (!this.#dataChanged) return;
    const { trx, userId, nowIso } = this;
    const actorId = this.#actor();
    await insertTaskEvents(
      trx,
      this.#events.map((event) => ({ ...event, actor_id: actorId })),
    );
    for (const [id, remindAt] of this.#reminders) await followReminder(trx, id, remindAt, nowIso);
    const outcomes = [...this.#outcomes.values()];
    // Read before the version: a write taking the user's lock last holds it for what follows only.
    await announceTaskChanges(trx, userId, outcomes.map(announced), nowIso);
    const members = await memberViews(
      trx,
      userId,
      outcomes.map((outcome) => ({
        change: announced(outcome),
        before: outcome.before,
        after: placeOf(outcome),
      })),
      this.#neverShared,
    );
    const bump = {
      query: taskDataVersionBump,
      nowIso,
      alone: () => bumpTaskDataVersion(trx, userId, nowIso),
    };
    await recordSyncChangesAtBump(trx, userId, bump, {
      created: outcomes.flatMap((outcome) => (outcome.type === "created" ? [outcome.row] : [])),
      saved: outcomes.flatMap((outcome) => (outcome.type === "updated" ? [outcome.row] : [])),
      removed: outcomes.flatMap((outcome) => (outcome.type === "deleted" ? [outcome.task] : [])),
    });
    await reachMembers(trx, members, nowIso);
    for (const row of this.#assigned.values()) await announceAssignment(trx, row, this.actorId, nowIso);
  }
}

function placeOf(outcome: Outcome): string | null {
  return outcome.type === "deleted" ? null : outcome.row.project_id;
}

function announced(outcome: Outcome): TaskChange {
  switch (outcome.type) {
    case "created":
      return { type: "created", task: toTaskJson(outcome.row) };
    case "updated":
      return { type: "updated", task: toTaskJson(outcome.row), completed: outcome.completed };
    case "deleted":
      return { type: "deleted", id: outcome.task.id };
  }
}

/**
 * When a write takes the lock of the user's tasks. "first", before anything is read: every write
 * that reads tasks or projects to change them. "last", at the version bump just before COMMIT
 * (PostgreSQL), so one user's creates overlap instead of queueing for the whole transaction: only
 * for new top-level tasks in the Inbox, in a transaction of their own: no other write can be
 * changing the Inbox (it is never deleted), and none sees the new tasks before they are committed.
 */
export type LockOrder = "first" | "last";

/** The task write each open transaction is part of, so a write inside another joins it. */
const writesInProgress = new WeakMap<Db, TaskWrite>();

/**
 * The one way to change a user's tasks. It takes the lock of the user's tasks first (see
 * lockUserTasks: one lock order for every write, that lock before task rows; `lock` "last" only
 * for a create of top-level tasks, see LockOrder), runs `work`, whose
 * writes go through the TaskWrite it is given, and then, in the same transaction, writes what the
 * change owes: its history (task_events), the reminders' jobs, the user's task-data version, the
 * CalDAV sync log, and the webhook deliveries and live updates announcing it, each once. A write
 * called inside another's work (on its `trx`) joins it, and all is written once when the outer one
 * ends; a change rolled back leaves none of it.
 */
export async function withTaskWrite<T>(
  db: Db,
  userId: string,
  clock: Clock,
  work: (write: TaskWrite) => Promise<T>,
  lock: LockOrder = "first",
): Promise<T> {
  const joined = writesInProgress.get(db);
  if (joined) {
    if (joined.userId !== userId) throw new Error("A task write cannot join another user's");
    return work(joined);
  }
  return inTransaction(db, async (trx) => {
    if (lock === "first") await lockUserTasks(trx, userId);
    const write = new TaskWrite(trx, userId, isoNow(clock));
    writesInProgress.set(trx, write);
    try {
      const result = await work(write);
      await write.finish();
      return result;
    } finally {
      writesInProgress.delete(trx);
    }
  });
}

/**
 * A task write made by `callerId` on a target that may be another's shared project: the caller's
 * standing is checked first (404 for an outsider, 403 for a role short of `need`), then the work
 * runs as a write of the owner's data, recorded as the caller's doing. Every write a member may
 * make goes through here, so no route checks permissions of its own.
 */
export async function withTaskWriteAs<T>(
  db: Db,
  callerId: string,
  clock: Clock,
  target: AccessTarget,
  need: Need,
  work: (write: TaskWrite, access: Access) => Promise<T>,
  lock: LockOrder = "first",
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const access = await accessTo(trx, callerId, target, need);
    return withTaskWrite(
      trx,
      access.ownerId,
      clock,
      (write) => {
        write.actorId = callerId;
        return work(write, access);
      },
      lock,
    );
  });
}
