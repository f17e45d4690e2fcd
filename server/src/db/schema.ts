import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type { SessionsTable, SignInTables } from "./schema-sign-in";

export type * from "./schema-sign-in";

/**
 * Table types. Timestamps are ISO-8601 UTC strings (sortable as text on both engines);
 * booleans are integers 0/1 so SQLite and PostgreSQL share one migration.
 *
 * Columns no code reads or writes any more are left out here but stay in the database until the
 * release after the one that stopped using them, which may still be running during a rolling
 * upgrade (see migrations/index.ts): tasks.version, users.tasks_versioned_from and
 * users.tasks_versioned_to, and the table task_deletions (migration 0011; their defaults keep
 * them valid while nothing writes them); users.tasks_version, users.tasks_changed_at,
 * users.llm_usage_count and users.llm_usage_period (moved by migration 0020).
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
  created_at: string;
  updated_at: string;
  /** Minutes before a timed due date that a new task reminds by default; null = off (migration 0008). */
  default_reminder_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when reminders are also e-mailed (migration 0008). */
  email_reminders: ColumnType<number, number | undefined, number>;
  /** ISO weekdays the planner may fill, as "1,2,3,4,5" (migration 0015); null: Monday to Friday. */
  working_days: ColumnType<string | null, string | null | undefined, string | null>;
  /** HH:MM in the user's zone (migration 0015); null: 09:00 and 17:00. */
  working_start: ColumnType<string | null, string | null | undefined, string | null>;
  working_end: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minutes of task work the planner puts in a day (migration 0015); null: 360. */
  daily_capacity_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The estimate of a task without one (migration 0015); null: 30. */
  default_duration_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Completed tasks a day the user aims for; null = no goal (migration 0014). */
  daily_goal: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the weekly review is e-mailed on Monday mornings (migration 0014). */
  weekly_review_email: ColumnType<number, number | undefined, number>;
  /** When the operator disabled the account; null: in use (migration 0021). */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hour "morning" with no hour written means when tasks are read (migration 0027); null: 9. */
  morning_hour: ColumnType<number | null, number | null | undefined, number | null>;
  /** "dmy", "mdy" or "ymd" (migration 0026); null: the default of contract/date-format.ts. */
  date_order: ColumnType<string | null, string | null | undefined, string | null>;
  /** "12h" or "24h" (migration 0026); null: the default. */
  clock: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first day of the week, ISO weekday 1 or 7 (migration 0026); null: the default. */
  week_start: ColumnType<number | null, number | null | undefined, number | null>;
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
   * The project the task is in (migration 0013). Nullable so that the previous release, which
   * does not know it, can still insert tasks during a rolling upgrade; this release always writes
   * it (and moves such a task into the Inbox when it next lists the user's tasks).
   */
  project_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The task this one is a subtask of; null at the top level (migration 0013). */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The estimate in minutes (migration 0015); null: the owner's default. */
  duration_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the owner plans to work on it, UTC ISO (migration 0015); null: not planned. */
  scheduled_start: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * 1 when completed_at was not recorded at completion but taken from the last update (tasks
   * completed before migration 0014).
   */
  completed_at_approximate: ColumnType<number, number | undefined, number>;
  /** The member of its shared project it is assigned to (migration 0023); null: nobody. */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A subtask's place among its parent's subtasks, 0 first (migration 0028); null at the top level. */
  position: ColumnType<number | null, number | null | undefined, number | null>;
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

/** An ICS calendar the user reads, subscribed (url) or uploaded (url null) (migration 0015). */
export interface CalendarsTable {
  id: string;
  user_id: string;
  name: string;
  url: string | null;
  /** The last copy that read as iCalendar; kept when a later fetch fails. */
  body: string | null;
  last_synced_at: string | null;
  /** Why the last fetch failed; null after a success. */
  error: string | null;
  created_at: string;
}

/** What an accepted plan changed, to put back once (migration 0015). */
export interface PlanUndosTable {
  token: string;
  user_id: string;
  /** JSON: [{ task_id, scheduled_start, duration_minutes }] as they were before the plan. */
  previous: string;
  created_at: string;
  expires_at: string;
}

/** A deleted task kept for 30 days so it can be restored (migration 0025). */
export interface TrashedTasksTable {
  /** The task's id */
  id: string;
  user_id: string;
  /** The task the user deleted: itself, or the ancestor it was deleted with */
  root_id: string;
  /** The task write that deleted it (its purge job's subject) */
  batch_id: string;
  deleted_at: string;
  /** JSON: the task's row as it was */
  task: string;
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
  /** Whose network job it is (migration 0019): the runner limits each user's share. */
  user_id: string | null;
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
  /** The API token that made it (migration 0019): deleted with the token. Null: a session did. */
  api_token_id: string | null;
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
  /** Who made the change when a member did (migration 0023); null: the owner. */
  actor_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who else a project is shared with (migration 0023); the owner is projects.user_id. */
export interface ProjectMembersTable {
  id: string;
  project_id: string;
  user_id: string;
  /** viewer | editor | admin */
  role: string;
  invited_by: string;
  created_at: string;
  /** null while the invitation is open */
  accepted_at: string | null;
}

/** Comments on tasks (migration 0023), in Markdown. */
export interface TaskCommentsTable {
  id: string;
  task_id: string;
  project_id: string;
  author_id: string;
  body: string;
  created_at: string;
  edited_at: string | null;
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

/** A password made for one CalDAV device (migration 0017); only its hash is kept. */
export interface AppPasswordsTable {
  id: string;
  user_id: string;
  name: string;
  password_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** What a CalDAV client gave a task that Tasklane has no field for (migration 0017). */
export interface TaskIcalTable {
  task_id: string;
  user_id: string;
  /** The iCalendar UID. */
  uid: string;
  /** The resource's name in its collection ("abc.ics"). */
  href: string;
  /** JSON array of jCal properties and components given back on GET; null: none. */
  extra: string | null;
}

/** The change log of sync tokens (migration 0017): a task's last change in a collection. */
export interface TaskSyncTable {
  task_id: string;
  /** The collection (project) the change is in. */
  collection: string;
  user_id: string;
  /** The user's task-data version after the change (task_data_versions). */
  version: number;
  /** 1: the task is gone from this collection (deleted, or moved to another). */
  deleted: ColumnType<number, number | undefined, number>;
}

/** Personal API tokens (migration 0016): only the token's SHA-256 is stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** "read", "write" or "integrations" */
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
  /** The API token that made it (migration 0019): deleted with the token. Null: a session did. */
  api_token_id: string | null;
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
  /** What took the ticket (migration 0019): its stream ends when that is revoked. */
  session_id: string | null;
  api_token_id: string | null;
}

/** The live-update streams open now, on any instance (migration 0019). */
export interface LiveStreamsTable {
  id: string;
  user_id: string;
  opened_at: string;
  /** Refreshed while the stream is open: an older one was left by an instance that stopped. */
  seen_at: string;
}

/**
 * The user's task-data version (migration 0020), written by the tasks module only: moved on by
 * every change to their tasks, in the same transaction (the ETag of their list, the CalDAV sync
 * token). No row yet: version 0, never changed.
 */
export interface TaskDataVersionsTable {
  user_id: string;
  version: ColumnType<number, number | undefined, number>;
  /** When a task of the user was last created, updated or deleted. */
  changed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The AI uses counted against the user's monthly quota (migration 0020), written by the premium
 * module only: `count` uses in `period`, the month they were charged to ("2026-11", local to the
 * user when charged), which never moves backwards when the timezone changes. No row: none yet.
 */
export interface AiQuotaUsageTable {
  user_id: string;
  count: ColumnType<number, number | undefined, number>;
  period: string | null;
}

export interface Database extends SignInTables {
  users: UsersTable;
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
  calendars: CalendarsTable;
  plan_undos: PlanUndosTable;
  task_events: TaskEventsTable;
  project_members: ProjectMembersTable;
  task_comments: TaskCommentsTable;
  ai_use_months: AiUseMonthsTable;
  review_summaries: ReviewSummariesTable;
  app_passwords: AppPasswordsTable;
  task_ical: TaskIcalTable;
  task_sync: TaskSyncTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  event_tickets: EventTicketsTable;
  live_streams: LiveStreamsTable;
  trashed_tasks: TrashedTasksTable;
  task_data_versions: TaskDataVersionsTable;
  ai_quota_usage: AiQuotaUsageTable;
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
export type CalendarRow = Selectable<CalendarsTable>;
export type AppPasswordRow = Selectable<AppPasswordsTable>;
export type TaskIcalRow = Selectable<TaskIcalTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
