import {
  messages,
  PASSWORD_MIN_LENGTH,
  profileRequestSchema,
  type ProfileRequest,
  type SettingsRequest,
  type User,
} from "@contract/auth";
import { z } from "zod";

/** The profile form: the names as the contract accepts them (trimmed, bounded). */
export const profileFormSchema = z.object({
  first_name: profileRequestSchema.shape.first_name.unwrap(),
  last_name: profileRequestSchema.shape.last_name.unwrap(),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export function profileFormValues(user: User): ProfileFormValues {
  return { first_name: user.first_name ?? "", last_name: user.last_name ?? "" };
}

/**
 * Only the names the user changed are sent (an emptied name is sent as "" to clear it);
 * an empty result means nothing changed and the update button stays disabled.
 */
export function profileChanges(user: User, values: ProfileFormValues): ProfileRequest {
  const changes: ProfileRequest = {};
  const firstName = values.first_name.trim();
  const lastName = values.last_name.trim();
  if (firstName !== (user.first_name ?? "").trim()) changes.first_name = firstName;
  if (lastName !== (user.last_name ?? "").trim()) changes.last_name = lastName;
  return changes;
}

export const passwordMessages = {
  fillInAllFields: "Please fill in all fields",
  doNotMatch: "Passwords do not match",
  tooShort: messages.passwordTooShort,
} as const;

const passwordFields = ["current_password", "new_password", "confirm_password"] as const;

/**
 * The change-password form, checked in a fixed order so the user sees one message at a time:
 * all three required, then new and confirmation equal, then the new one at least 6 characters.
 */
export const passwordFormSchema = z
  .object({ current_password: z.string(), new_password: z.string(), confirm_password: z.string() })
  .superRefine((values, context) => {
    const empty = passwordFields.find((field) => values[field] === "");
    if (empty) {
      context.addIssue({ code: "custom", message: passwordMessages.fillInAllFields, path: [empty] });
    } else if (values.new_password !== values.confirm_password) {
      context.addIssue({ code: "custom", message: passwordMessages.doNotMatch, path: ["confirm_password"] });
    } else if (values.new_password.length < PASSWORD_MIN_LENGTH) {
      context.addIssue({ code: "custom", message: passwordMessages.tooShort, path: ["new_password"] });
    }
  });
export type PasswordFormValues = z.input<typeof passwordFormSchema>;

export const emptyPasswordForm: PasswordFormValues = {
  current_password: "",
  new_password: "",
  confirm_password: "",
};

export type ReminderSettings = Pick<User, "default_reminder_minutes" | "email_reminders">;

/** Only the reminder settings that differ from the user's are sent; empty means nothing changed. */
export function reminderSettingsChanges(user: User, choice: ReminderSettings): SettingsRequest {
  const changes: SettingsRequest = {};
  if (choice.default_reminder_minutes !== user.default_reminder_minutes) {
    changes.default_reminder_minutes = choice.default_reminder_minutes;
  }
  if (choice.email_reminders !== user.email_reminders) changes.email_reminders = choice.email_reminders;
  return changes;
}

export type ProgressSettings = Pick<User, "daily_goal" | "weekly_review_email">;

/** Only the progress settings that differ from the user's are sent; empty means nothing changed. */
export function progressSettingsChanges(user: User, choice: ProgressSettings): SettingsRequest {
  const changes: SettingsRequest = {};
  if (choice.daily_goal !== user.daily_goal) changes.daily_goal = choice.daily_goal;
  if (choice.weekly_review_email !== user.weekly_review_email)
    changes.weekly_review_email = choice.weekly_review_email;
  return changes;
}
