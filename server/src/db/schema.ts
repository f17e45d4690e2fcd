import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types. Timestamps are ISO-8601 UTC strings (sortable as text on both engines);
 * booleans are integers 0/1 so SQLite and PostgreSQL share one migration.
 *
 * Columns no code reads or writes any more are left out here but stay in the database until the
 * release after the one that stopped using them, which may still be running during a rolling
 * upgrade (see migrations/index.ts): tasks.version, users.tasks_versioned_from and
 * users.tasks_versioned_to, and the table task_deletions (migration 0011; their defaults keep
 * them valid while nothing writes them).
 */

export interface UsersTable {
  id: string;
  email: string;
  email_lower: string;
  username: string;
  username_lower: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  timezone: ColumnType<string, string | undefined, string>;
  is_premium: ColumnType<number, number | undefined, number>;
  /**
   * AI uses counted in llm_usage_period: the month they were charged to ("2026-11", local to the
   * user when charged); it never moves backwards when the timezone changes (premium/quota.ts).
   */
  llm_usage_count: ColumnType<number, number | undefined, number>;
  llm_usage_period: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  /** When a task of the user was last created, updated or deleted (migration 0002). */
  tasks_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Moved on by every change to the user's tasks, in the same transaction: the version in their
   * ETag (migration 0006).
   */
  tasks_version: ColumnType<number, number | undefined, number>;
  /** Minutes before a timed due date that a new task reminds by default; null = off (migration 0008). */
  default_reminder_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when reminders are also e-mailed (migration 0008). */
  email_reminders: ColumnType<number, number | undefined, number>;
  /** Completed tasks a day the user aims for; null = no goal (migration 0014). */
  daily_goal: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the weekly review is e-mailed on Monday mornings (migration 0014). */
  weekly_review_email: ColumnType<number, number | undefined, number>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface VerificationCodesTable {
  email_lower: string;
  code_hash: string;
  expires_at: string;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_sent_at: string;
}

/** The codes of "Forgot password?" (migration 0009), shaped like the sign-up codes. */
export type PasswordResetCodesTable = VerificationCodesTable;

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: string;
}

export interface TasksTable {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  /** pending | inprogress | completed | cancelled */
  status: string;
  /** low | medium | high | urgent */
  priority: string;
  due_date: string | null;
  /** JSON array of strings */
  tags: string;
  source_type: string;
  source_origin: string | null;
  source_filename: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** RFC 5545 RRULE value of a repeating task (migration 0007) */
  recurrence: ColumnType<string | null, string | null | undefined, string | null>;
  /** The task whose completion created this one; unique, so each task has one next occurrence */
  follows_task_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When to remind the owner (migration 0008); cleared when the task is completed. */
  remind_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * 1 when completed_at was not recorded at completion but taken from the last update (tasks
   * completed before migration 0014).
   */
  completed_at_approximate: ColumnType<number, number | undefined, number>;
  /**
   * The project the task is in (migration 0013). Nullable so that the previous release, which
   * does not know it, can still insert tasks during a rolling upgrade; this release always writes
   * it (and moves such a task into the Inbox when it next lists the user's tasks).
   */
  project_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The task this one is a subtask of; null at the top level (migration 0013). */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A user's project (migration 0013); every user has one Inbox. */
export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  /** The name lower-cased: unique per user, so names differ by more than case. */
  name_lower: string;
  /** One of PROJECT_COLORS */
  color: string;
  /** 1 for the user's Inbox (one per user), else 0 */
  is_inbox: ColumnType<number, number | undefined, number>;
  /** 1 when archived (hidden from the sidebar and pickers), else 0 */
  archived: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface GenerationRequestsTable {
  id: string;
  user_id: string;
  /** queued | running | completed | failed */
  status: string;
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface DailyReportsTable {
  id: string;
  user_id: string;
  local_date: string;
  /** JSON: { prioritized: [{task_id, reason}], remaining: [task_id] } */
  report: string;
  generated_at: string;
}

export interface InboundMessagesTable {
  id: string;
  user_id: string;
  message_id: string;
  subject: string | null;
  tasks_created: number;
  received_at: string;
}

/** A user's private calendar address (migration 0005). */
export interface CalendarFeedsTable {
  user_id: string;
  secret: string;
  created_at: string;
}

/** What an import created, by fingerprint, so the same file imported twice adds nothing. */
export interface TaskImportsTable {
  user_id: string;
  fingerprint: string;
  imported_at: string;
}

/** Work outside a request, claimed by one instance at a time (server/src/jobs, migration 0008). */
export interface JobsTable {
  id: string;
  /** What the job does (daily_plan, task_reminder, reminder_email); one handler per kind. */
  kind: string;
  /** What it is about (a generation request, a task, a notification): one job per kind and subject. */
  subject: string;
  /** queued | running | done | failed */
  status: string;
  /** Not claimed before this time. */
  run_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_by: string | null;
  claimed_at: string | null;
  /** When it was last (re)scheduled. */
  scheduled_at: string;
  finished_at: string | null;
  last_error: string | null;
}

/** What the bell lists (migration 0008). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  /** reminder | email_tasks | plan_ready */
  kind: string;
  task_id: string | null;
  text: string;
  /** 1 for a reminder delivered well after its time (the server was down). */
  late: ColumnType<number, number | undefined, number>;
  created_at: string;
  read_at: string | null;
}

/** Secrets the server made for itself, shared by every instance (migration 0012). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** A browser subscribed to reminders by Web Push (migration 0012). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  /** The browser's P-256 public key and auth secret, base64url, that payloads are encrypted to. */
  p256dh: string;
  auth: string;
  created_at: string;
}

/** One change in a task's history (migration 0014); kept when the task is deleted. */
export interface TaskEventsTable {
  id: string;
  user_id: string;
  task_id: string;
  /** created | status_changed | due_changed | rescheduled | deleted */
  kind: string;
  /** The value before (a status, a due date), short text; null when there was none. */
  from_value: string | null;
  to_value: string | null;
  at: string;
}

/** AI uses per user and local month ("2026-11"), for the analytics (migration 0014). */
export interface AiUseMonthsTable {
  user_id: string;
  month: string;
  count: number;
}

/** A weekly review's written summary, kept while the user's tasks stay as they were (migration 0014). */
export interface ReviewSummariesTable {
  user_id: string;
  /** ISO week, "2026-W48" */
  week: string;
  tasks_version: number;
  summary: string;
  generated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  password_reset_codes: PasswordResetCodesTable;
  rate_limits: RateLimitsTable;
  tasks: TasksTable;
  projects: ProjectsTable;
  generation_requests: GenerationRequestsTable;
  daily_reports: DailyReportsTable;
  inbound_messages: InboundMessagesTable;
  calendar_feeds: CalendarFeedsTable;
  task_imports: TaskImportsTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  task_events: TaskEventsTable;
  ai_use_months: AiUseMonthsTable;
  review_summaries: ReviewSummariesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type TaskUpdate = Updateable<TasksTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type GenerationRequestRow = Selectable<GenerationRequestsTable>;
export type DailyReportRow = Selectable<DailyReportsTable>;
export type TaskEventRow = Selectable<TaskEventsTable>;
export type NewTaskEvent = Insertable<TaskEventsTable>;
export type JobRow = Selectable<JobsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
