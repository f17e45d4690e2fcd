import {
  DEFAULT_DAILY_CAPACITY_MINUTES,
  DEFAULT_TASK_DURATION_MINUTES,
  DEFAULT_WORKING_HOURS,
  type User,
  type WorkingHours,
} from "@contract/auth";
import { dateFormatOf } from "@contract/date-format";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { MORNING_HOUR } from "../extract";
import { usageOfUser } from "../premium/service";

/**
 * The user as the API sends it. llm_usage_count / llm_usage_limit come from the same
 * computation as /premium/limit, so the two always agree.
 */
export async function toUserJson(
  deps: Pick<AppDeps, "db" | "config">,
  user: UserRow,
  now: Date,
): Promise<User> {
  const usage = await usageOfUser(deps.db, deps.config, user, now);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    timezone: user.timezone,
    is_premium: user.is_premium === 1,
    llm_usage_count: usage.current_usage,
    llm_usage_limit: usage.usage_limit,
    created_at: user.created_at,
    default_reminder_minutes: user.default_reminder_minutes,
    email_reminders: user.email_reminders === 1,
    daily_goal: user.daily_goal,
    weekly_review_email: user.weekly_review_email === 1,
    morning_hour: user.morning_hour ?? MORNING_HOUR,
    ...planningSettingsOf(user),
    ...dateFormatOf(user),
  };
}

/** What the planner reads of a user; a column left null (or unreadable) is the default. */
export interface PlanningSettings {
  working_hours: WorkingHours;
  daily_capacity_minutes: number;
  default_duration_minutes: number;
}

type PlanningColumns = Pick<
  UserRow,
  "working_days" | "working_start" | "working_end" | "daily_capacity_minutes" | "default_duration_minutes"
>;

function workingDaysOf(text: string | null): number[] {
  if (text === null) return [...DEFAULT_WORKING_HOURS.days];
  if (text === "") return [];
  const days = text.split(",").map(Number);
  return days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7)
    ? days
    : [...DEFAULT_WORKING_HOURS.days];
}

export function planningSettingsOf(user: PlanningColumns): PlanningSettings {
  const start = user.working_start ?? DEFAULT_WORKING_HOURS.start;
  const end = user.working_end ?? DEFAULT_WORKING_HOURS.end;
  const hoursValid = start < end;
  return {
    working_hours: {
      days: workingDaysOf(user.working_days),
      start: hoursValid ? start : DEFAULT_WORKING_HOURS.start,
      end: hoursValid ? end : DEFAULT_WORKING_HOURS.end,
    },
    daily_capacity_minutes: user.daily_capacity_minutes ?? DEFAULT_DAILY_CAPACITY_MINUTES,
    default_duration_minutes: user.default_duration_minutes ?? DEFAULT_TASK_DURATION_MINUTES,
  };
}
