import type { ProfileRequest, SettingsRequest, User } from "@contract/auth";
import type { AppDeps } from "../../app-types";
import { inTransaction, type Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { scheduleJob, unscheduleJob } from "../../jobs/repository";
import { userTimeZone } from "../../lib/time-zone";
import { nextWeeklyReviewAt, WEEKLY_REVIEW_EMAIL_JOB } from "../../lib/weekly-review-schedule";
import { emptyToNull } from "./service";
import { toUserJson } from "./user-json";
import { updateUser } from "./user-repository";

/** What a signed-in user changes of their own account: zone, names and settings. */

type AuthDeps = Pick<AppDeps, "db" | "config" | "clock">;

/** POST /auth/timezone (the schema has already refused offsets such as +02:00). */
export async function setTimezone(
  deps: AuthDeps,
  user: Pick<UserRow, "id">,
  timezone: string,
): Promise<User> {
  const now = deps.clock.now();
  const updated = await inTransaction(deps.db, async (trx) => {
    const row = await updateUser(trx, user.id, { timezone, updated_at: now.toISOString() });
    await followWeeklyReviewEmail(trx, row, now);
    return row;
  });
  return toUserJson(deps, updated, now);
}

/**
 * The user's weekly review e-mail job follows the opt-in and the zone: queued for the next Monday
 * 08:00 where the user lives while it is on, dropped when it is turned off.
 */
async function followWeeklyReviewEmail(
  db: Db,
  user: Pick<UserRow, "id" | "timezone" | "weekly_review_email">,
  now: Date,
): Promise<void> {
  if (user.weekly_review_email !== 1) {
    await unscheduleJob(db, WEEKLY_REVIEW_EMAIL_JOB, user.id);
    return;
  }
  const runAt = nextWeeklyReviewAt(userTimeZone(user), now);
  await scheduleJob(db, {
    kind: WEEKLY_REVIEW_EMAIL_JOB,
    subject: user.id,
    runAt,
    nowIso: now.toISOString(),
  });
}

/** PUT /auth/profile: only the names provided change; an empty name clears it. */
export async function updateProfile(deps: AuthDeps, user: UserRow, request: ProfileRequest): Promise<User> {
  const now = deps.clock.now();
  const changes = {
    ...(request.first_name !== undefined ? { first_name: emptyToNull(request.first_name) } : {}),
    ...(request.last_name !== undefined ? { last_name: emptyToNull(request.last_name) } : {}),
  };
  const updated =
    Object.keys(changes).length > 0
      ? await updateUser(deps.db, user.id, { ...changes, updated_at: now.toISOString() })
      : user;
  return toUserJson(deps, updated, now);
}

/** PUT /auth/settings: only the settings sent change. */
export async function updateSettings(deps: AuthDeps, user: UserRow, request: SettingsRequest): Promise<User> {
  const now = deps.clock.now();
  const changes = {
    ...(request.default_reminder_minutes !== undefined
      ? { default_reminder_minutes: request.default_reminder_minutes }
      : {}),
    ...(request.email_reminders !== undefined ? { email_reminders: request.email_reminders ? 1 : 0 } : {}),
    ...(request.working_hours !== undefined
      ? {
          working_days: request.working_hours.days.join(","),
          working_start: request.working_hours.start,
          working_end: request.working_hours.end,
        }
      : {}),
    ...(request.daily_capacity_minutes !== undefined
      ? { daily_capacity_minutes: request.daily_capacity_minutes }
      : {}),
    ...(request.default_duration_minutes !== undefined
      ? { default_duration_minutes: request.default_duration_minutes }
      : {}),
    ...(request.daily_goal !== undefined ? { daily_goal: request.daily_goal } : {}),
    ...(request.weekly_review_email !== undefined
      ? { weekly_review_email: request.weekly_review_email ? 1 : 0 }
      : {}),
    ...(request.morning_hour !== undefined ? { morning_hour: request.morning_hour } : {}),
    ...(request.date_order !== undefined ? { date_order: request.date_order } : {}),
    ...(request.clock !== undefined ? { clock: request.clock } : {}),
    ...(request.week_start !== undefined ? { week_start: request.week_start } : {}),
  };
  if (Object.keys(changes).length === 0) return toUserJson(deps, user, now);
  const updated = await inTransaction(deps.db, async (trx) => {
    const row = await updateUser(trx, user.id, { ...changes, updated_at: now.toISOString() });
    if (row.weekly_review_email !== user.weekly_review_email) await followWeeklyReviewEmail(trx, row, now);
    return row;
  });
  return toUserJson(deps, updated, now);
}
