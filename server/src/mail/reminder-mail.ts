import type { OutgoingMail } from "./mailer";

/**
 * A reminder by e-mail: the bell's text as subject and first line, a link to the task, and how to
 * turn these e-mails off.
 */
export function reminderMail(
  to: string,
  reminder: { text: string; title: string; description: string | null; taskId: string | null },
  publicUrl: string,
): OutgoingMail {
  const taskLink = new URL(
    reminder.taskId ? `/tasks?task=${encodeURIComponent(reminder.taskId)}` : "/tasks",
    publicUrl,
  ).toString();
  return {
    to,
    subject: reminder.text,
    text: [
      reminder.text,
      ...(reminder.description ? ["", reminder.description] : []),
      "",
      `Open the task: ${taskLink}`,
      "",
      `You get these e-mails because e-mail reminders are on. Turn them off in Settings: ${new URL("/settings", publicUrl).toString()}`,
    ].join("\n"),
    logLine: `Reminder for ${to} not e-mailed (SMTP_URL is unset): ${reminder.title}`,
  };
}
