import { zonedWallTimeToUtc } from "../extract";

/** A calendar day as todo.txt and spreadsheets write it. */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-12-10", and a day that exists (not 2026-02-30). */
export function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A task due all day on a calendar day ("2026-12-10") is due at its last second where the user lives. */
export function endOfDayIn(date: string, timeZone: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return zonedWallTimeToUtc({ year, month, day, hour: 23, minute: 59, second: 59 }, timeZone).toISOString();
}
