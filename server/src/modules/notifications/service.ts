import { formatInTimeZone } from "date-fns-tz";
import {
  NOTIFICATIONS_LISTED,
  type MarkNotificationsReadRequest,
  type NotificationJson,
  type NotificationKind,
  type NotificationList,
} from "@contract/notifications";
import { isOpenStatus, normaliseStatus, type TaskJson } from "@contract/tasks";
import type { AppDeps } from "../../app-types";
import type { Db } from "../../db/database";
import type { NotificationRow } from "../../db/schema";
import { scheduleJob, type ClaimedJob } from "../../jobs/repository";
import { exactlyOnce, type JobLogger } from "../../jobs/runner";
import { isoNow, type Clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { reminderDelivered } from "../../lib/metrics";
import { allDayDate, userTimeZone } from "../../lib/time-zone";
import { reminderMail } from "../../mail/reminder-mail";
import { getUserById } from "../auth/service";
import { pushToUser, wantsPush, type PushDeps } from "../push/service";
import { getTaskWithOwner } from "../tasks/service";
import {
  countUnread,
  insertNotification,
  markRead,
  pruneNotifications,
  selectNotificationById,
  selectNotifications,
} from "./repository";

/** Notifications kept per user; older ones are deleted as new ones arrive. */
const NOTIFICATIONS_KEPT_PER_USER = 100;

/** The job that e-mails a reminder; its subject is the reminder notification's id. */
export const REMINDER_EMAIL_JOB = "reminder_email";
/** The job that pushes a reminder to the user's subscribed browsers; its subject is the notification's id. */
export const REMINDER_PUSH_JOB = "reminder_push";

/**
 * A reminder delivered more than this after its time (or after it was set, for a time already
 * past then) was missed while no server ran, and says so.
 */
export const REMINDER_LATE_AFTER_MS = 60_000;

function toNotificationJson(row: NotificationRow): NotificationJson {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    task_id: row.task_id,
    text: row.text,
    created_at: row.created_at,
    read_at: row.read_at,
    late: row.late === 1,
  };
}

/** GET /api/v1/notifications: the newest few, and how many of all are unread. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    selectNotifications(db, userId, NOTIFICATIONS_LISTED),
    countUnread(db, userId),
  ]);
  return { items: rows.map(toNotificationJson), unread };
}

/** POST /api/v1/notifications/read: ids that are not the user's own are ignored. */
export async function markNotificationsRead(
  db: Db,
  clock: Clock,
  userId: string,
  request: MarkNotificationsReadRequest,
): Promise<NotificationList> {
  await markRead(db, userId, request.all ? "all" : (request.ids ?? []), isoNow(clock));
  return listNotifications(db, userId);
}

/** Adds a notification to a user's bell (pass a transaction to make it part of other writes). */
export async function addNotification(
  db: Db,
  notification: {
    userId: string;
    kind: NotificationKind;
    taskId: string | null;
    text: string;
    nowIso: string;
    late?: boolean;
  },
): Promise<string> {
  const id = newId();
  await insertNotification(db, {
    id,
    user_id: notification.userId,
    kind: notification.kind,
    task_id: notification.taskId,
    text: notification.text,
    late: notification.late ? 1 : 0,
    created_at: notification.nowIso,
    read_at: null,
  });
  await pruneNotifications(db, notification.userId, NOTIFICATIONS_KEPT_PER_USER);
  return id;
}

/** The bell's entry for tasks made from an inbound e-mail. */
export function emailTasksText(count: number, subject: string): string {
  const what = count === 1 ? "1 task" : `${count} tasks`;
  const trimmed = subject.trim();
  const from = trimmed
    ? `the e-mail "${trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed}"`
    : "an e-mail";
  return `${what} created from ${from}`;
}

function whenText(iso: string, timeZone: string): string {
  const day = allDayDate(iso, timeZone);
  return day
    ? formatInTimeZone(new Date(iso), timeZone, "EEE d MMM")
    : formatInTimeZone(new Date(iso), timeZone, "EEE d MMM, HH:mm");
}

/** "Reminder: Call the plumber (due Sat 21 Nov, 14:30)"; a late one says when it was set for. */
export function reminderText(task: TaskJson, remindAt: string, late: boolean, timeZone: string): string {
  const due = task.due_date ? ` (due ${whenText(task.due_date, timeZone)})` : "";
  return late
    ? `Late reminder, set for ${whenText(remindAt, timeZone)}: ${task.title}${due}`
    : `Reminder: ${task.title}${due}`;
}

type Deps = Pick<AppDeps, "db" | "clock" | "config" | "mailer">;

/**
 * The task reminder job (subject: the task's id, run at its remind_at): a notification in the
 * owner's bell, and an e-mail job when they want reminders e-mailed, written in one transaction
 * with the job's completion, so each reminder is delivered exactly once whichever instance runs
 * it. A task deleted, completed, cancelled or given another reminder time meanwhile is left alone.
 */
export async function deliverReminder(deps: Deps, job: ClaimedJob): Promise<void> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  await exactlyOnce(deps.db, job, nowIso, async (trx) => {
    const found = await getTaskWithOwner(trx, job.subject);
    if (!found) return;
    const { userId, task } = found;
    if (task.remind_at !== job.run_at || !isOpenStatus(normaliseStatus(task.status))) return;
    const user = await getUserById(trx, userId);
    if (!user) return;
    const dueSince = Math.max(Date.parse(job.run_at), Date.parse(job.scheduled_at));
    const late = now.getTime() - dueSince > REMINDER_LATE_AFTER_MS;
    reminderDelivered(now.getTime() - dueSince, late);
    await notifyUser(trx, {
      userId,
      kind: "reminder",
      taskId: task.id,
      text: reminderText(task, job.run_at, late, userTimeZone(user)),
      nowIso,
      late,
    });
  });
}

/**
 * A notification in the bell that also goes out as a reminder does: by e-mail when the user has
 * e-mailed reminders on, and pushed to their browsers. Part of the caller's transaction.
 */
export async function notifyUser(db: Db, notification: Parameters<typeof addNotification>[1]): Promise<void> {
  const { userId, nowIso } = notification;
  const notificationId = await addNotification(db, notification);
  const user = await getUserById(db, userId);
  if (user?.email_reminders === 1) {
    await scheduleJob(db, {
      kind: REMINDER_EMAIL_JOB,
      subject: notificationId,
      runAt: nowIso,
      nowIso,
      userId,
    });
  }
  if (await wantsPush(db, userId)) {
    await scheduleJob(db, {
      kind: REMINDER_PUSH_JOB,
      subject: notificationId,
      runAt: nowIso,
      nowIso,
      userId,
    });
  }
}

/** The reminder push job (subject: the notification's id): to every browser the user subscribed. */
export async function sendReminderPush(deps: PushDeps, job: ClaimedJob, log: JobLogger): Promise<void> {
  const notification = await selectNotificationById(deps.db, job.subject);
  if (!notification) return;
  await pushToUser(
    deps,
    notification.user_id,
    { title: "Tasklane", body: notification.text, tag: notification.id, url: "/tasks" },
    log,
  );
}

/**
 * The reminder e-mail job (subject: the notification's id). Sent only if the user still wants
 * reminders e-mailed; a failure to send throws, and the job is tried again later.
 */
export async function sendReminderEmail(deps: Deps, job: ClaimedJob): Promise<void> {
  const notification = await selectNotificationById(deps.db, job.subject);
  if (!notification) return;
  const user = await getUserById(deps.db, notification.user_id);
  if (!user || user.email_reminders !== 1) return;
  const task = notification.task_id
    ? (await getTaskWithOwner(deps.db, notification.task_id))?.task
    : undefined;
  await deps.mailer.send(
    reminderMail(
      user.email,
      {
        text: notification.text,
        title: task?.title ?? notification.text,
        description: task?.description ?? null,
        taskId: notification.task_id,
      },
      deps.config.publicUrl,
    ),
  );
}
