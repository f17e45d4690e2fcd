import type { User } from "@contract/auth";
import { DEFAULT_DATE_FORMAT } from "@contract/date-format";
import { taskJsonSchema, type TaskJson } from "@contract/tasks";

let sequence = 0;

/** A user as the server sends it; override what the test is about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: "user-1",
    email: "ada@example.com",
    username: "ada",
    first_name: "Ada",
    last_name: "Lovelace",
    timezone: "UTC",
    is_premium: false,
    llm_usage_count: 3,
    llm_usage_limit: 20,
    created_at: "2026-11-01T09:00:00.000Z",
    default_reminder_minutes: null,
    email_reminders: false,
    working_hours: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    daily_capacity_minutes: 360,
    default_duration_minutes: 30,
    daily_goal: null,
    weekly_review_email: false,
    morning_hour: 9,
    ...DEFAULT_DATE_FORMAT,
    ...overrides,
  };
}

/** Every field of a task as null: what a task the fake makes has unless it is given. */
export function emptyTaskJson(): Record<keyof TaskJson, null> {
  return Object.fromEntries(Object.keys(taskJsonSchema.shape).map((key) => [key, null])) as Record<
    keyof TaskJson,
    null
  >;
}

/** A task as our server sends it (status in_progress on the wire). */
export function buildTask(overrides: Partial<TaskJson> = {}): TaskJson {
  sequence += 1;
  return {
    ...emptyTaskJson(),
    id: `task-${sequence}`,
    title: `Task ${sequence}`,
    status: "pending",
    priority: "medium",
    tags: [],
    source: { type: "Manual" },
    created_at: "2026-11-20T09:00:00.000Z",
    updated_at: "2026-11-20T09:00:00.000Z",
    project_id: "project-inbox",
    completed_at_approximate: false,
    ...overrides,
  };
}
