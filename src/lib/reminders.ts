import { dayFromToday } from "./due-dates";
import { fromZonedInputValue } from "./time-zones";

/** The lead times offered before a due time: in the task dialog and as the Settings default. */
export const REMINDER_LEAD_MINUTES = [0, 5, 10, 15, 30, 60, 120, 1440] as const;

/** "At the due time", "15 minutes before", "1 hour before", "1 day before". */
export function reminderLeadLabel(minutes: number): string {
  if (minutes === 0) return "At the due time";
  const [amount, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, "day"]
      : minutes % 60 === 0
        ? [minutes / 60, "hour"]
        : [minutes, "minute"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"} before`;
}

/** How long the bell can put a reminder off: 10 minutes, an hour, or until tomorrow morning. */
export const SNOOZE_CHOICES = [
  { id: "10m", label: "10 min" },
  { id: "1h", label: "1 hour" },
  { id: "tomorrow", label: "Tomorrow" },
] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number]["id"];

/** The hour of tomorrow that "Tomorrow" snoozes to, in the user's zone. */
const TOMORROW_AT = "09:00";

/** When a reminder snoozed now rings again, as an ISO instant. */
export function snoozedUntil(
  choice: SnoozeChoice,
  timeZone: string | null | undefined,
  now = new Date(),
): string {
  if (choice === "10m") return new Date(now.getTime() + 10 * 60_000).toISOString();
  if (choice === "1h") return new Date(now.getTime() + 60 * 60_000).toISOString();
  return fromZonedInputValue(`${dayFromToday(1, timeZone, now)}T${TOMORROW_AT}`, timeZone)!;
}
