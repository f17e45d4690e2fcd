import type { User } from "@contract/auth";
import type { Config } from "../../config";
import type { UserRow } from "../../db/schema";
import { usageOf } from "../premium/service";

/**
 * The user as the API sends it. llm_usage_count / llm_usage_limit come from the same
 * computation as /premium/limit, so the two always agree.
 */
export function toUserJson(config: Config, user: UserRow, now: Date): User {
  const usage = usageOf(config, user, now);
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
  };
}
