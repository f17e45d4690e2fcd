import { z } from "zod";

/**
 * A schema built the first time it is asked for rather than when its module is evaluated: for
 * the readers only the web app uses, so that a page pays for a schema when it first reads an
 * answer with it, not while its modules load (the Tasks screen's revisit shows the kept list
 * before anything is read). The schemas the server validates and documents are plain constants,
 * marked pure so that a bundle leaves out those it does not use.
 */
/* @__NO_SIDE_EFFECTS__ */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** Every error the server sends. */
export const errorBodySchema = /* @__PURE__ */ z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Text that is stored never holds the NUL character (U+0000): PostgreSQL's text type cannot store
 * it while SQLite can, so it is refused where text enters, the same on both, with the field named.
 * A regex rather than a refinement, so the OpenAPI description carries it as a pattern.
 */
// eslint-disable-next-line no-control-regex -- the control character is what this pattern is for
const WITHOUT_NUL = /^[^\u0000]*$/;

/* @__NO_SIDE_EFFECTS__ */
export function withoutNul(schema: z.ZodString, label: string): z.ZodString {
  return schema.regex(WITHOUT_NUL, { error: `${label} must not contain the NUL character (U+0000)` });
}

/** An ISO-8601 timestamp with an offset or Z, e.g. 2026-12-01T09:00:00.000Z. */
export const isoTimestampSchema = /* @__PURE__ */ z.iso.datetime({ offset: true });

/**
 * Due dates live between the first instant of 1900 and the last of 9999, in UTC (after the
 * offset is applied). Outside that range a date is a typo or a probe, and a five-digit year would
 * no longer sort as text next to the others (a year-10000 task would read as overdue).
 */
export const DUE_DATE_MIN_YEAR = 1900;
export const DUE_DATE_MAX_YEAR = 9999;
export const DUE_DATE_RANGE_MESSAGE = `Due date must be between the years ${DUE_DATE_MIN_YEAR} and ${DUE_DATE_MAX_YEAR}`;

export function isDueDateInRange(instant: Date): boolean {
  const time = instant.getTime();
  if (Number.isNaN(time)) return false;
  const year = instant.getUTCFullYear();
  return year >= DUE_DATE_MIN_YEAR && year <= DUE_DATE_MAX_YEAR;
}

/** A due date on the wire: an ISO timestamp whose instant lies within the range above. */
export const dueDateSchema = /* @__PURE__ */ isoTimestampSchema
  .refine((value) => isDueDateInRange(new Date(value)), { error: DUE_DATE_RANGE_MESSAGE })
  .meta({
    description: `ISO-8601 timestamp with an offset; the instant must fall in the years ${DUE_DATE_MIN_YEAR}–${DUE_DATE_MAX_YEAR} (UTC)`,
  });

/**
 * An IANA time-zone name such as Europe/Berlin or UTC. Plain offsets like +02:00 are not zone
 * names even though recent Intl implementations accept them.
 */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  const known = checkedTimeZones.get(value);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  if (checkedTimeZones.size < CHECKED_TIME_ZONES_MAX) checkedTimeZones.set(value, valid);
  return valid;
}

/**
 * Names already checked: building an Intl.DateTimeFormat costs far more than formatting a date,
 * and every due date shown asks about the same zone. Bounded, since names can come from input.
 */
const checkedTimeZones = new Map<string, boolean>();
const CHECKED_TIME_ZONES_MAX = 1_000;

export const DEFAULT_TIME_ZONE = "UTC";

/** The picker's list when the browser cannot enumerate its zones. */
export const FALLBACK_TIME_ZONES = [
  "UTC",
  "America/Los_Angeles",
  "America/New_York",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Sydney",
] as const;

export const timeZoneSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .refine(isValidTimeZone, { error: "Timezone must be an IANA time-zone name such as Europe/Berlin" })
  .meta({
    description: "An IANA time-zone name such as Europe/Berlin (plain offsets such as +02:00 are refused)",
    pattern: "^[A-Za-z][A-Za-z0-9_+\\-/]*$",
  });
