import type { UserRow } from "../../db/schema";
import type { Db } from "../../db/database";
import { scheduleJob, unscheduleJob } from "../../jobs/repository";
import { allDayDate, userTimeZone } from "../../lib/time-zone";

/** The job that turns a task's reminder into a notification; its subject is the task's id. */
export const TASK_REMINDER_JOB = "task_reminder";

/** A task's reminder job follows its remind_at: moved to the new time, or dropped with it. */
export async function followReminder(
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
