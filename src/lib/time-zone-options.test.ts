import { describe, expect, it } from "vitest";
import { filterTimeZoneOptions, timeZoneOptions, utcOffsetLabel } from "./time-zone-options";

const winter = new Date("2026-01-15T12:00:00Z");
const summer = new Date("2026-07-15T12:00:00Z");

describe("utcOffsetLabel", () => {
  it("gives the offset in force at that moment, following daylight saving time", () => {
    expect(utcOffsetLabel("Europe/Berlin", winter)).toBe("UTC+01:00");
    expect(utcOffsetLabel("Europe/Berlin", summer)).toBe("UTC+02:00");
    expect(utcOffsetLabel("Asia/Kolkata", winter)).toBe("UTC+05:30");
    expect(utcOffsetLabel("America/New_York", winter)).toBe("UTC-05:00");
    expect(utcOffsetLabel("UTC", winter)).toBe("UTC+00:00");
  });
});

describe("timeZoneOptions", () => {
  const zones = ["UTC", "America/New_York", "Asia/Tokyo", "Europe/Berlin"];

  it("lists the browser's zone first, then UTC, then the rest, each once with its offset", () => {
    const options = timeZoneOptions(zones, { browserTimeZone: "Europe/Berlin", now: winter });
    expect(options.map((option) => option.value)).toEqual([
      "Europe/Berlin",
      "UTC",
      "America/New_York",
      "Asia/Tokyo",
    ]);
    expect(options[0]?.label).toBe("Europe/Berlin (UTC+01:00) · your browser");
    expect(options[2]?.label).toBe("America/New York (UTC-05:00)");
  });

  it("reads the offsets again at another moment (they are kept for a minute only)", () => {
    const labelAt = (now: Date) =>
      timeZoneOptions(zones, { browserTimeZone: "Europe/Berlin", now })[0]?.label;
    expect(labelAt(winter)).toBe("Europe/Berlin (UTC+01:00) · your browser");
    expect(labelAt(summer)).toBe("Europe/Berlin (UTC+02:00) · your browser");
    expect(labelAt(new Date("2026-03-29T00:59:59Z"))).toBe("Europe/Berlin (UTC+01:00) · your browser");
    expect(labelAt(new Date("2026-03-29T01:00:00Z"))).toBe("Europe/Berlin (UTC+02:00) · your browser");
  });

  it("offers a zone the list lacks when it is the saved or chosen one", () => {
    const options = timeZoneOptions(zones, {
      browserTimeZone: "UTC",
      include: ["Asia/Calcutta"],
      now: winter,
    });
    expect(options.map((option) => option.value)).toContain("Asia/Calcutta");
    expect(options[0]?.label).toBe("UTC (UTC+00:00) · your browser");
  });
});

describe("filterTimeZoneOptions", () => {
  const options = timeZoneOptions(
    ["America/New_York", "Asia/Kolkata", "Europe/Berlin", "America/Sao_Paulo"],
    {
      browserTimeZone: "UTC",
      now: winter,
    },
  );

  it("keeps the zones whose name or offset contains every word typed, in any case", () => {
    const values = (query: string) => filterTimeZoneOptions(options, query).map((option) => option.value);
    expect(values("new york")).toEqual(["America/New_York"]);
    expect(values("BERLIN")).toEqual(["Europe/Berlin"]);
    expect(values("+05:30")).toEqual(["Asia/Kolkata"]);
    expect(values("america utc-03")).toEqual(["America/Sao_Paulo"]);
    expect(values("sao_paulo")).toEqual(["America/Sao_Paulo"]);
    expect(values("atlantis")).toEqual([]);
  });

  it("keeps every zone when nothing is typed", () => {
    expect(filterTimeZoneOptions(options, "  ")).toHaveLength(options.length);
  });
});
