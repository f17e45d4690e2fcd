import { describe, expect, it } from "vitest";
import { isValidTimeZone, timeZoneSchema } from "./common";

describe("isValidTimeZone", () => {
  it("accepts IANA zone names", () => {
    for (const zone of [
      "UTC",
      "Europe/Berlin",
      "America/Los_Angeles",
      "America/Argentina/Buenos_Aires",
      "Etc/GMT+2",
    ]) {
      expect(isValidTimeZone(zone)).toBe(true);
    }
  });

  it("rejects a plain offset such as +02:00", () => {
    expect(isValidTimeZone("+02:00")).toBe(false);
    expect(isValidTimeZone("-05:00")).toBe(false);
  });

  it("rejects names that are not zones", () => {
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("Europe/Berlin; DROP TABLE")).toBe(false);
  });

  it("gives the schema's message for an offset", () => {
    const result = timeZoneSchema.safeParse("+02:00");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Timezone must be an IANA time-zone name such as Europe/Berlin",
    );
  });
});
