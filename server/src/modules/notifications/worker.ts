import type { JobKind } from "../../jobs/runner";
import { TASK_REMINDER_JOB } from "../tasks/service";
import {
  deliverReminder,
  REMINDER_EMAIL_JOB,
  REMINDER_PUSH_JOB,
  sendReminderEmail,
  sendReminderPush,
} from "./service";

/**
 * Reminders: the tasks module schedules one job per task with a reminder, at its remind_at; the
 * instance whose runner claims it turns it into a notification (and queues the e-mail).
 */
export const taskReminderJob: JobKind = {
  kind: TASK_REMINDER_JOB,
  // Database work only.
  deadlineMs: 30_000,
  staleAfterMs: 60_000,
  maxAttempts: 3,
  run: (deps, job) => deliverReminder(deps, job),
};

/**
 * A reminder's e-mail, retried with growing pauses while the mail server refuses it. A claim is
 * only taken for abandoned after a long while, as an SMTP exchange may be slow; a process that
 * died after sending and before recording it sends the e-mail again (at least once, by nature of
 * SMTP).
 */
export const reminderEmailJob: JobKind = {
  kind: REMINDER_EMAIL_JOB,
  // One SMTP exchange, which may be slow.
  deadlineMs: 2 * 60_000,
  staleAfterMs: 15 * 60_000,
  maxAttempts: 5,
  run: (deps, job) => sendReminderEmail(deps, job),
};

/**
 * A reminder's push to the user's browsers. One attempt only: a claim abandoned mid-way (the
 * process died) is given up rather than run again, so no browser is ever pushed a reminder twice;
 * the bell still holds it.
 */
export const reminderPushJob: JobKind = {
  kind: REMINDER_PUSH_JOB,
  // Every browser at once, each push service given 15 s.
  deadlineMs: 60_000,
  staleAfterMs: 5 * 60_000,
  maxAttempts: 1,
  run: (deps, job, log) => sendReminderPush(deps, job, log),
};
