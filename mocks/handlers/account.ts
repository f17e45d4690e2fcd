import {
  changePasswordRequestSchema,
  profileRequestSchema,
  settingsRequestSchema,
  timezoneRequestSchema,
  type User,
} from "@contract/auth";
import type { ErrorBody } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import { http, HttpResponse } from "msw";
import type { z } from "zod";
import { buildUser } from "../fixtures";

/**
 * An in-memory fake of the account calls the settings screen makes: POST
 * /auth/timezone, POST /auth/change-password, PUT /auth/profile, PUT /auth/settings. It answers like our server:
 * the updated user, or a 4xx `{ message }`.
 */

/** The signed-in account's password unless a test seeds another. */
export const FAKE_PASSWORD = "correct-horse-battery";

/** What the server says when the current password is wrong. A 400, not a 401: a 401 logs out. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";

interface FakeAccount {
  user: User;
  password: string;
}

let account: FakeAccount = { user: buildUser(), password: FAKE_PASSWORD };

/** Signs the fake in as `user` (the one a test renders with) with `password`. */
export function seedAccount(user: User, password = FAKE_PASSWORD): void {
  account = { user: { ...user }, password };
}

/** The fake's account as it stands, for asserting what the server now holds. */
export function currentAccount(): Readonly<FakeAccount> {
  return account;
}

function error(status: number, message: string) {
  return HttpResponse.json<ErrorBody>({ message }, { status });
}

/** 401 without a bearer token, 400 naming the first problem with the body, else the parsed body. */
async function readAuthorised<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ body: z.output<Schema> } | { failure: Response }> {
  if (!/^Bearer \S+/.test(request.headers.get("Authorization") ?? "")) {
    return { failure: error(401, "Not authenticated") };
  }
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return { failure: error(400, parsed.error.issues[0]?.message ?? "Invalid request") };
  return { body: parsed.data };
}

export const accountHandlers = [
  http.post(apiRoutes.timezone.path, async ({ request }) => {
    const read = await readAuthorised(request, timezoneRequestSchema);
    if ("failure" in read) return read.failure;
    account.user = { ...account.user, timezone: read.body.timezone };
    return HttpResponse.json(account.user);
  }),

  http.post(apiRoutes.changePassword.path, async ({ request }) => {
    const read = await readAuthorised(request, changePasswordRequestSchema);
    if ("failure" in read) return read.failure;
    if (read.body.current_password !== account.password) return error(400, WRONG_CURRENT_PASSWORD_MESSAGE);
    account.password = read.body.new_password;
    return HttpResponse.json(account.user);
  }),

  http.put(apiRoutes.profile.path, async ({ request }) => {
    const read = await readAuthorised(request, profileRequestSchema);
    if ("failure" in read) return read.failure;
    // Only the names provided change; an empty name clears it.
    const { first_name, last_name } = read.body;
    account.user = {
      ...account.user,
      ...(first_name !== undefined ? { first_name: first_name || null } : {}),
      ...(last_name !== undefined ? { last_name: last_name || null } : {}),
    };
    return HttpResponse.json(account.user);
  }),

  http.put(apiRoutes.settings.path, async ({ request }) => {
    const read = await readAuthorised(request, settingsRequestSchema);
    if ("failure" in read) return read.failure;
    // Only the settings provided change.
    const {
      default_reminder_minutes,
      email_reminders,
      daily_goal,
      weekly_review_email,
      working_hours,
      daily_capacity_minutes,
      default_duration_minutes,
      morning_hour,
      ...dateFormat
    } = read.body;
    account.user = {
      ...account.user,
      ...(daily_goal !== undefined ? { daily_goal } : {}),
      ...(weekly_review_email !== undefined ? { weekly_review_email } : {}),
      ...(default_reminder_minutes !== undefined ? { default_reminder_minutes } : {}),
      ...(email_reminders !== undefined ? { email_reminders } : {}),
      ...(working_hours !== undefined ? { working_hours } : {}),
      ...Object.fromEntries(Object.entries(dateFormat).filter(([, value]) => value !== undefined)),
      ...(daily_capacity_minutes !== undefined ? { daily_capacity_minutes } : {}),
      // null goes back to the built-in 30 minutes.
      ...(default_duration_minutes !== undefined
        ? { default_duration_minutes: default_duration_minutes ?? 30 }
        : {}),
      // null goes back to the built-in 9 o'clock.
      ...(morning_hour !== undefined ? { morning_hour: morning_hour ?? 9 } : {}),
    };
    return HttpResponse.json(account.user);
  }),
];
