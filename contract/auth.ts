import { z } from "zod";
import { timeZoneSchema, withoutNul } from "./common";

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
