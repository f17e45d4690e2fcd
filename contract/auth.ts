import { z } from "zod";
import { timeZoneSchema, withoutNul } from "./common";
import { dateFormatInputFields, dateFormatJsonFields } from "./date-format";
import { apiTokenListSchema } from "./integrations";
import { DEFAULT_TASK_DURATION_MINUTES, durationMinutesSchema } from "./tasks";

// Sign-up and sign-in rules
export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
export const VERIFICATION_CODE_LENGTH = 6;

export const messages = {
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  usernameTooShort: "Username must be at least 3 characters",
  usernameCharacters:
    "Username may only use letters, digits, dots, hyphens and underscores, and must start and end with a letter or digit",
  verificationCodeRequired: "Verification code is required",
  passwordsDontMatch: "Passwords don't match",
} as const;

/** Trimmed before it is checked; the description says so, as the check itself is not visible there. */
export const emailSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .pipe(z.email({ error: messages.invalidEmail }))
  .meta({ format: "email", description: "An e-mail address (surrounding spaces are ignored)" });

export const passwordSchema = /* @__PURE__ */ z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort });

/** Usernames become the local part of the inbound address, so only what can stand before an @. */
export const usernameSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, { error: messages.usernameTooShort })
  .max(USERNAME_MAX_LENGTH, { error: `Username must be at most ${USERNAME_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.))*[A-Za-z0-9]$/, { error: messages.usernameCharacters });

/** "HH:MM", 00:00–23:59. */
const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const DEFAULT_WORKING_HOURS = { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };
export const DEFAULT_DAILY_CAPACITY_MINUTES = 360;
export const DAILY_CAPACITY_MIN_MINUTES = 15;
export const DAILY_CAPACITY_MAX_MINUTES = 1440;
export { DEFAULT_TASK_DURATION_MINUTES };

/** Working hours as the server sends them. */
export const workingHoursJsonSchema = /* @__PURE__ */ z.object({
  /** ISO weekday numbers: 1 = Monday … 7 = Sunday, ascending. */
  days: z.array(z.number().int()),
  /** "HH:MM" in the user's time zone. */
  start: z.string(),
  /** "HH:MM" in the user's time zone, after start. */
  end: z.string(),
});
export type WorkingHours = z.infer<typeof workingHoursJsonSchema>;

const clockTimeSchema = (label: string) =>
  z
    .string()
    .regex(CLOCK_TIME, { error: `working_hours.${label} must be a time of day as HH:MM (00:00–23:59)` });

/** Working hours on input: days without repeats (sorted on the way in), start before end. */
export const workingHoursInputSchema = /* @__PURE__ */ z
  .object({
    days: z
      .array(
        z
          .number({ error: "working_hours.days must hold ISO weekday numbers 1 (Monday) to 7 (Sunday)" })
          .int({ error: "working_hours.days must hold ISO weekday numbers 1 (Monday) to 7 (Sunday)" })
          .min(1, { error: "working_hours.days must hold ISO weekday numbers 1 (Monday) to 7 (Sunday)" })
          .max(7, { error: "working_hours.days must hold ISO weekday numbers 1 (Monday) to 7 (Sunday)" }),
      )
      .max(7, { error: "working_hours.days must hold at most 7 days" })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    start: clockTimeSchema("start"),
    end: clockTimeSchema("end"),
  })
  .refine((hours) => hours.start < hours.end, {
    error: "working_hours.end must be after working_hours.start",
    path: ["end"],
  })
  .meta({
    description:
      "The days (ISO weekday numbers, 1 = Monday) and the hours (HH:MM, start before end) the planner may fill, in the user's time zone",
    example: DEFAULT_WORKING_HOURS,
  });

const optionalName = /* @__PURE__ */ withoutNul(
  z.string().trim().max(100, { error: "Names must be at most 100 characters" }),
  "Names",
);

export const userSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  timezone: z.string(),
  is_premium: z.boolean(),
  llm_usage_count: z.number().int(),
  llm_usage_limit: z.number().int(),
  created_at: z.string(),
  /** Minutes before a timed due date that new tasks remind by default; null = no default reminder. */
  default_reminder_minutes: z.number().int().nullable(),
  /** Whether reminders are also e-mailed. */
  email_reminders: z.boolean(),
  /** The days and hours the planner may fill with tasks, in the user's time zone. */
  working_hours: workingHoursJsonSchema,
  /** How many minutes of task work the planner puts in one day at most. */
  daily_capacity_minutes: z.number().int(),
  /** The estimate of a task whose duration_minutes is null (30 unless the user set another). */
  default_duration_minutes: z.number().int(),
  /** Completed tasks a day the user aims for; null = no goal. */
  daily_goal: z.number().int().nullable(),
  /** Whether the weekly review is e-mailed on Monday mornings. */
  weekly_review_email: z.boolean(),
  /** The hour (0-23) "morning" with no hour written means in quick add and mail reading. */
  morning_hour: z.number().int(),
  ...dateFormatJsonFields,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = /* @__PURE__ */ z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const loginRequestSchema = /* @__PURE__ */ z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sendVerificationRequestSchema = /* @__PURE__ */ z.object({ email: emailSchema });
export const sendVerificationResponseSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  /** minutes */
  expires_in: z.number().int(),
  /** Where the code went: "server_log" when the server has no mail server to send it with. */
  delivery: z.enum(["email", "server_log"]).optional(),
});
export type SendVerificationResponse = z.infer<typeof sendVerificationResponseSchema>;

export const registerRequestSchema = /* @__PURE__ */ z.object({
  email: emailSchema,
  verification_code: z
    .string()
    .trim()
    .min(1, { error: messages.verificationCodeRequired })
    .regex(/^\d{6}$/, { error: "Verification code must be 6 digits" }),
  username: usernameSchema,
  password: passwordSchema,
  first_name: optionalName.optional(),
  last_name: optionalName.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgotPasswordRequestSchema = /* @__PURE__ */ z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
/** The same answer whether or not the address has an account, so nobody can probe for accounts. */
export const forgotPasswordResponseSchema = sendVerificationResponseSchema;
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const INVALID_RESET_CODE_MESSAGE = "Invalid or expired code";

/** A new password follows the rules of registration; a malformed code is simply an invalid one. */
export const resetPasswordRequestSchema = /* @__PURE__ */ z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: INVALID_RESET_CODE_MESSAGE }),
  new_password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const resetPasswordResponseSchema = /* @__PURE__ */ z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const timezoneRequestSchema = /* @__PURE__ */ z.object({ timezone: timeZoneSchema });

/** A default reminder is at most a week before the due time. */
export const DEFAULT_REMINDER_MAX_MINUTES = 7 * 24 * 60;

/** A daily goal of completed tasks is at most this many. */
export const DAILY_GOAL_MAX = 100;

/** Only the settings sent change; default_reminder_minutes null turns the default reminder off. */
export const settingsRequestSchema = /* @__PURE__ */ z.object({
  default_reminder_minutes: z
    .number({ error: "default_reminder_minutes must be a whole number of minutes or null" })
    .int({ error: "default_reminder_minutes must be a whole number of minutes or null" })
    .min(0, { error: "default_reminder_minutes must not be negative" })
    .max(DEFAULT_REMINDER_MAX_MINUTES, {
      error: `default_reminder_minutes must be at most ${DEFAULT_REMINDER_MAX_MINUTES} (a week)`,
    })
    .nullable()
    .optional(),
  email_reminders: z.boolean({ error: "email_reminders must be true or false" }).optional(),
  working_hours: workingHoursInputSchema.optional(),
  daily_capacity_minutes: z
    .number({ error: "daily_capacity_minutes must be a whole number of minutes" })
    .int({ error: "daily_capacity_minutes must be a whole number of minutes" })
    .min(DAILY_CAPACITY_MIN_MINUTES, {
      error: `daily_capacity_minutes must be at least ${DAILY_CAPACITY_MIN_MINUTES}`,
    })
    .max(DAILY_CAPACITY_MAX_MINUTES, {
      error: `daily_capacity_minutes must be at most ${DAILY_CAPACITY_MAX_MINUTES} (a day)`,
    })
    .optional(),
  /** null goes back to the built-in default (30 minutes). */
  default_duration_minutes: durationMinutesSchema.nullable().optional(),
  daily_goal: z
    .number({ error: "daily_goal must be a whole number of tasks or null" })
    .int({ error: "daily_goal must be a whole number of tasks or null" })
    .min(1, { error: "daily_goal must be at least 1" })
    .max(DAILY_GOAL_MAX, { error: `daily_goal must be at most ${DAILY_GOAL_MAX}` })
    .nullable()
    .optional(),
  weekly_review_email: z.boolean({ error: "weekly_review_email must be true or false" }).optional(),
  /** null goes back to the built-in default (9). */
  morning_hour: z
    .number({ error: "morning_hour must be a whole hour from 0 to 23 or null" })
    .int({ error: "morning_hour must be a whole hour from 0 to 23 or null" })
    .min(0, { error: "morning_hour must be a whole hour from 0 to 23 or null" })
    .max(23, { error: "morning_hour must be a whole hour from 0 to 23 or null" })
    .nullable()
    .optional(),
  ...dateFormatInputFields,
});
export type SettingsRequest = z.infer<typeof settingsRequestSchema>;

export const changePasswordRequestSchema = /* @__PURE__ */ z.object({
  current_password: z.string().min(1, { error: "Current password is required" }),
  new_password: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Only the names provided are changed. */
export const profileRequestSchema = /* @__PURE__ */ z.object({
  first_name: optionalName.optional(),
  last_name: optionalName.optional(),
});
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

export { authResponseFromWire, userFromWire } from "./auth-answers";

/**
 * The answer to a password change: the user, and the API tokens still live. App passwords and
 * other sessions end with the old password; tokens are the person's to keep or revoke at once
 * (`DELETE /api/v1/tokens`).
 */
export const passwordChangedSchema = /* @__PURE__ */ userSchema.extend({
  api_tokens: apiTokenListSchema.describe(
    "Still live: keep them, or revoke them all with DELETE /api/v1/tokens",
  ),
});
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;
