import { z } from "zod";

/**
 * How a user reads and writes dates, one choice for every screen, the CSV files and the numeric
 * dates quick add reads ("12/03"): the order of day, month and year, a 12- or 24-hour clock, and
 * the first day of the week (ISO weekday: 1 = Monday, 7 = Sunday).
 */
export const DATE_ORDERS = ["dmy", "mdy", "ymd"] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const CLOCKS = ["12h", "24h"] as const;
export type Clock = (typeof CLOCKS)[number];
export const WEEK_STARTS = [1, 7] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

export interface DateFormatSettings {
  date_order: DateOrder;
  clock: Clock;
  week_start: WeekStart;
}

/** What a user who never chose reads (the formats the app showed most before the choice). */
export const DEFAULT_DATE_FORMAT: DateFormatSettings = { date_order: "mdy", clock: "12h", week_start: 1 };

/** A null or unknown stored value is the default, so rows of an older release read correctly. */
export function dateFormatOf(stored: {
  date_order?: string | null;
  clock?: string | null;
  week_start?: number | null;
}): DateFormatSettings {
  return {
    date_order: DATE_ORDERS.find((order) => order === stored.date_order) ?? DEFAULT_DATE_FORMAT.date_order,
    clock: CLOCKS.find((clock) => clock === stored.clock) ?? DEFAULT_DATE_FORMAT.clock,
    week_start: WEEK_STARTS.find((day) => day === stored.week_start) ?? DEFAULT_DATE_FORMAT.week_start,
  };
}

/** A calendar day ("2026-12-10") written numerically in `order`: "10/12/2026", "12/10/2026" or as is. */
export function formatNumericDate(day: string, order: DateOrder): string {
  const [year, month, date] = day.split("-");
  if (order === "dmy") return `${date}/${month}/${year}`;
  return order === "mdy" ? `${month}/${date}/${year}` : day;
}

/**
 * A numeric calendar day written in `order` ("03/12/2026", "3.12.2026", "2026-12-03") as
 * "2026-12-03"; null when it is not one or names no real day. A year-first date is read as such
 * in any order, as nobody writes the year in the middle.
 */
export function readNumericDate(text: string, order: DateOrder): string | null {
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  const yearLast = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  let parts: [string, string, string] | null = null;
  if (yearFirst) parts = [yearFirst[1]!, yearFirst[2]!, yearFirst[3]!];
  else if (yearLast && order !== "ymd") {
    const [first, second, year] = [yearLast[1]!, yearLast[2]!, yearLast[3]!];
    parts = order === "dmy" ? [year, second, first] : [year, first, second];
  }
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? `${parts[0]}-${parts[1].padStart(2, "0")}-${parts[2].padStart(2, "0")}` : null;
}

/** The settings on input: each optional, only those sent change. */
export const dateFormatInputFields = {
  date_order: /* @__PURE__ */ z
    .enum(DATE_ORDERS, { error: 'date_order must be "dmy", "mdy" or "ymd"' })
    .optional(),
  clock: /* @__PURE__ */ z.enum(CLOCKS, { error: 'clock must be "12h" or "24h"' }).optional(),
  week_start: /* @__PURE__ */ z
    .union([z.literal(1), z.literal(7)], { error: "week_start must be 1 (Monday) or 7 (Sunday)" })
    .optional(),
};

/** The settings as the server sends them. */
export const dateFormatJsonFields = {
  /** The order of day, month and year in dates shown and read. */
  date_order: /* @__PURE__ */ z.enum(DATE_ORDERS),
  /** A 12- or 24-hour clock. */
  clock: /* @__PURE__ */ z.enum(CLOCKS),
  /** The first day of the week: 1 = Monday, 7 = Sunday. */
  week_start: /* @__PURE__ */ z.union([z.literal(1), z.literal(7)]),
};
