import { z } from "zod";

/** Every error the server sends (ARCHITECTURE.md, server rules). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An ISO-8601 timestamp with an offset or Z, e.g. 2026-12-01T09:00:00.000Z. */
export const isoTimestampSchema = z.iso.datetime({ offset: true });

/**
 * An IANA time-zone name such as Europe/Berlin or UTC. Plain offsets like +02:00 are not zone
 * names (spec §5) even though recent Intl implementations accept them.
 */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIME_ZONE = "UTC";

/** spec §9: the picker's list when the browser cannot enumerate its zones. */
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

export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isValidTimeZone, { error: "Timezone must be an IANA time-zone name such as Europe/Berlin" });
