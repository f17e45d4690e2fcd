import {
  DAILY_CAPACITY_MAX_MINUTES,
  DAILY_CAPACITY_MIN_MINUTES,
  messages,
  PASSWORD_MIN_LENGTH,
  profileRequestSchema,
  type ProfileRequest,
  type SettingsRequest,
  type User,
} from "@contract/auth";
import { TASK_DURATION_MAX_MINUTES, TASK_DURATION_MIN_MINUTES } from "@contract/tasks";
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

/** The planning card as typed: working days, hours "HH:MM", capacity in hours, default in minutes. */
export interface PlanningForm {
  days: number[];
  start: string;
  end: string;
  capacityHours: string;
  defaultDuration: string;
}

export const planningMessages = {
  endAfterStart: "The end must be after the start",
  capacity: `Enter hours from ${DAILY_CAPACITY_MIN_MINUTES / 60} to ${DAILY_CAPACITY_MAX_MINUTES / 60}`,
  defaultDuration: `Enter whole minutes from ${TASK_DURATION_MIN_MINUTES} to ${TASK_DURATION_MAX_MINUTES}`,
} as const;

export function planningFormValues(user: User): PlanningForm {
  return {
    days: [...user.working_hours.days],
    start: user.working_hours.start,
    end: user.working_hours.end,
    capacityHours: String(Math.round((user.daily_capacity_minutes / 60) * 100) / 100),
    defaultDuration: String(user.default_duration_minutes),
  };
}

export type PlanningErrors = Partial<Record<"end" | "capacityHours" | "defaultDuration", string>>;

/** What the planning card would send (only what changed), or what is wrong with it. */
export function planningSettingsChanges(
  user: User,
  form: PlanningForm,
): { changes: SettingsRequest; errors: PlanningErrors } {
  const errors: PlanningErrors = {};
  if (!(form.start < form.end)) errors.end = planningMessages.endAfterStart;
  const capacity = Math.round(Number(form.capacityHours) * 60);
  if (
    form.capacityHours.trim() === "" ||
    !Number.isFinite(capacity) ||
    capacity < DAILY_CAPACITY_MIN_MINUTES ||
    capacity > DAILY_CAPACITY_MAX_MINUTES
  )
    errors.capacityHours = planningMessages.capacity;
  const duration = Number(form.defaultDuration);
  if (
    !Number.isInteger(duration) ||
    duration < TASK_DURATION_MIN_MINUTES ||
    duration > TASK_DURATION_MAX_MINUTES
  )
    errors.defaultDuration = planningMessages.defaultDuration;

  const changes: SettingsRequest = {};
  const days = [...new Set(form.days)].sort((a, b) => a - b);
  const hours = user.working_hours;
  if (days.join() !== hours.days.join() || form.start !== hours.start || form.end !== hours.end)
    changes.working_hours = { days, start: form.start, end: form.end };
  if (!errors.capacityHours && capacity !== user.daily_capacity_minutes)
    changes.daily_capacity_minutes = capacity;
  if (!errors.defaultDuration && duration !== user.default_duration_minutes)
    changes.default_duration_minutes = duration;
  return { changes, errors };
}
