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
  /** reminder | email_tasks | plan_ready | webhook_disabled */
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

/** Personal API tokens (migration 0016): only the token's SHA-256 is stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** "read" or "write" */
  scope: string;
  token_hash: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/** Webhooks (migration 0016): `events` is a JSON array of event names. */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  events: string;
  /** The signing secret as given out, `whsec_<base64>`. */
  secret: string;
  created_at: string;
  /** When the first of the failures in a row happened; null while deliveries succeed. */
  failing_since: string | null;
  disabled_at: string | null;
}

/** One event for one webhook (migration 0016); the id is the `webhook-id` it is signed with. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  payload: string;
  created_at: string;
  /** "pending" (attempts remain), "delivered" or "failed" */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  last_attempt_at: string | null;
  response_status: number | null;
  last_error: string | null;
}

/** One-use tickets that open a live-update stream (migration 0016). */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: string;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  password_reset_codes: PasswordResetCodesTable;
  rate_limits: RateLimitsTable;
  tasks: TasksTable;
  generation_requests: GenerationRequestsTable;
  daily_reports: DailyReportsTable;
  inbound_messages: InboundMessagesTable;
  calendar_feeds: CalendarFeedsTable;
  task_imports: TaskImportsTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  event_tickets: EventTicketsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type TaskUpdate = Updateable<TasksTable>;
export type SessionRow = Selectable<SessionsTable>;
export type GenerationRequestRow = Selectable<GenerationRequestsTable>;
export type DailyReportRow = Selectable<DailyReportsTable>;
export type JobRow = Selectable<JobsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
