import { z } from "zod";
import type { User } from "./auth";
import { DEFAULT_TIME_ZONE, onFirstUse } from "./common";
import { CLOCKS, DATE_ORDERS, DEFAULT_DATE_FORMAT } from "./date-format";

// Kept here rather than imported from ./auth, whose schemas this module must not build.
const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5];

/*
 * The web app's readers of the server's sign-in answers and user, apart from contract/auth.ts: the
 * signed-in screens read the user with them, and need none of the sign-in forms' schemas, which
 * are built when contract/auth.ts is evaluated. Re-exported by contract/auth.ts.
 */

/**
 * Reads any server's user tolerantly (the SPA must also work against the
 * existing API, whose user JSON has no id or created_at): missing or
 * malformed fields fall back instead of failing the sign-in.
 */
const userFromWireSchema = onFirstUse(
  () =>
    z.object({
      id: z.union([z.string(), z.number()]).transform(String).catch(""),
      email: z.string().catch(""),
      username: z.string().catch(""),
      first_name: z.string().nullable().catch(null),
      last_name: z.string().nullable().catch(null),
      timezone: z.string().min(1).catch(DEFAULT_TIME_ZONE),
      is_premium: z.boolean().catch(false),
      llm_usage_count: z.number().catch(0),
      llm_usage_limit: z.number().catch(0),
      created_at: z.string().catch(""),
      default_reminder_minutes: z.number().int().nullable().catch(null),
      email_reminders: z.boolean().catch(false),
      working_hours: z
        .object({
          days: z.array(z.number().int().min(1).max(7)),
          start: z.string().regex(/^\d\d:\d\d$/),
          end: z.string().regex(/^\d\d:\d\d$/),
        })
        .catch(() => ({ days: [...DEFAULT_WORKING_DAYS], start: "09:00", end: "17:00" })),
      daily_capacity_minutes: z.number().int().positive().catch(360),
      default_duration_minutes: z.number().int().positive().catch(30),
      daily_goal: z.number().int().nullable().catch(null),
      weekly_review_email: z.boolean().catch(false),
      morning_hour: z.number().int().min(0).max(23).catch(9),
      date_order: z.enum(DATE_ORDERS).catch(DEFAULT_DATE_FORMAT.date_order),
      clock: z.enum(CLOCKS).catch(DEFAULT_DATE_FORMAT.clock),
      week_start: z.union([z.literal(1), z.literal(7)]).catch(DEFAULT_DATE_FORMAT.week_start),
    }) satisfies z.ZodType<User>,
);

export function userFromWire(value: unknown): User {
  return userFromWireSchema().parse(typeof value === "object" && value !== null ? value : {});
}

const authResponseFromWireSchema = onFirstUse(() =>
  z.object({
    token: z.string().min(1),
    user: userFromWireSchema(),
  }),
);

/** The token and user of a login or register answer; a missing token is a failed sign-in (throws). */
export function authResponseFromWire(value: unknown): { token: string; user: User } {
  return authResponseFromWireSchema().parse(value);
}
