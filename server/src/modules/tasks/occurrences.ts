import { isOpenStatus, type TaskStatus } from "@contract/tasks";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { newTimeOrderedId } from "../../lib/ids";
import { firstDueOnOrAfter, followingRecurrence, nextOccurrence } from "../../lib/recurrence";
import { userTimeZone } from "../../lib/time-zone";
import { selectUserTimeZone } from "./repository";
import type { TaskWrite } from "./unit-of-work";

/** Repeating tasks: a rule's dates, and the next occurrence completing one creates. */

/**
 * An open task's due date where a rule is set is one of the rule's dates (firstDueOnOrAfter, in
 * the user's zone): "every Monday and Thursday 7am" typed on a Friday is due Monday 07:00, not
 * Saturday. Its reminder moves with it, the same time ahead. A rule whose dates have all passed
 * leaves the date as given.
 */
export function alignedToRule(
  recurrence: string | null,
  dates: { dueDate: string | null; remindAt: string | null },
  context: { status: string; timeZone: string; nowIso: string },
): { dueDate: string | null; remindAt: string | null } {
  const { dueDate, remindAt } = dates;
  if (!recurrence || !dueDate || !isOpenStatus(context.status as TaskStatus)) {
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
export async function timeZoneOf(db: Db, userId: string): Promise<string> {
  return userTimeZone((await selectUserTimeZone(db, userId)) ?? { timezone: "UTC" });
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
export async function createNextOccurrence(
  write: TaskWrite,
  completed: TaskRow,
  remindAt: string | null,
): Promise<void> {
  const { nowIso } = write;
  if (!completed.recurrence || !completed.due_date) return;
  const dueDate = nextOccurrence(
    completed.recurrence,
    completed.due_date,
    await timeZoneOf(write.trx, write.userId),
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
    completed_at_approximate: 0,
    remind_at: nextRemindAt(completed.due_date, remindAt, dueDate, nowIso),
    follows_task_id: completed.id,
    // The estimate carries over; when to do the next one is planned anew.
    scheduled_start: null,
  };
  await write.insertNextOccurrence(next);
}

/** The same lead time before `nextDue` as `remindAt` was before `due`; null without one or when past. */
function nextRemindAt(due: string, remindAt: string | null, nextDue: string, nowIso: string): string | null {
  if (remindAt === null) return null;
  const time = Date.parse(nextDue) - (Date.parse(due) - Date.parse(remindAt));
  return time > Date.parse(nowIso) ? new Date(time).toISOString() : null;
}
