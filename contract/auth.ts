import { z } from "zod";
import { DEFAULT_TIME_ZONE, timeZoneSchema, withoutNul } from "./common";

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
export const emailSchema = z
  .string()
  .trim()
  .pipe(z.email({ error: messages.invalidEmail }))
  .meta({ format: "email", description: "An e-mail address (surrounding spaces are ignored)" });

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort });

/** Usernames become the local part of the inbound address, so only what can stand before an @. */
export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, { error: messages.usernameTooShort })
  .max(USERNAME_MAX_LENGTH, { error: `Username must be at most ${USERNAME_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.))*[A-Za-z0-9]$/, { error: messages.usernameCharacters });

const optionalName = withoutNul(
  z.string().trim().max(100, { error: "Names must be at most 100 characters" }),
  "Names",
);

export const userSchema = z.object({
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
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sendVerificationRequestSchema = z.object({ email: emailSchema });
export const sendVerificationResponseSchema = z.object({
  message: z.string(),
  /** minutes */
  expires_in: z.number().int(),
  /** Where the code went: "server_log" when the server has no mail server to send it with. */
  delivery: z.enum(["email", "server_log"]).optional(),
});
export type SendVerificationResponse = z.infer<typeof sendVerificationResponseSchema>;

export const registerRequestSchema = z.object({
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

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
/** The same answer whether or not the address has an account, so nobody can probe for accounts. */
export const forgotPasswordResponseSchema = sendVerificationResponseSchema;
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const INVALID_RESET_CODE_MESSAGE = "Invalid or expired code";

/** A new password follows the rules of registration; a malformed code is simply an invalid one. */
export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: INVALID_RESET_CODE_MESSAGE }),
  new_password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const resetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const timezoneRequestSchema = z.object({ timezone: timeZoneSchema });

/** A default reminder is at most a week before the due time. */
export const DEFAULT_REMINDER_MAX_MINUTES = 7 * 24 * 60;

/** Only the settings sent change; default_reminder_minutes null turns the default reminder off. */
export const settingsRequestSchema = z.object({
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
});
export type SettingsRequest = z.infer<typeof settingsRequestSchema>;

export const changePasswordRequestSchema = z.object({
  current_password: z.string().min(1, { error: "Current password is required" }),
  new_password: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Only the names provided are changed. */
export const profileRequestSchema = z.object({
  first_name: optionalName.optional(),
  last_name: optionalName.optional(),
});
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

/**
 * Reads any server's user tolerantly (the SPA must also work against the
 * existing API, whose user JSON has no id or created_at): missing or
 * malformed fields fall back instead of failing the sign-in.
 */
const userFromWireSchema = z.object({
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
}) satisfies z.ZodType<User>;

export function userFromWire(value: unknown): User {
  return userFromWireSchema.parse(typeof value === "object" && value !== null ? value : {});
}

/** The token and user of a login or register answer; a missing token is a failed sign-in. */
export const authResponseFromWireSchema = z.object({
  token: z.string().min(1),
  user: userFromWireSchema,
});
