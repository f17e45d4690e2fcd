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
