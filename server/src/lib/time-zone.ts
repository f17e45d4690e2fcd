import { isValidTimeZone } from "@contract/common";

/**
 * The zone a user's days and months are counted in: their own IANA zone, or UTC when the stored
 * value is not one (older rows, a zone the runtime no longer knows).
 */
export function userTimeZone(user: { timezone: string }): string {
  return isValidTimeZone(user.timezone) ? user.timezone : "UTC";
}
