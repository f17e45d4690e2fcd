import { FALLBACK_TIME_ZONES } from "@contract/common";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  detectBrowserTimeZone,
  formatLocalDate,
  fromZonedInputValue,
  isValidTimeZone,
  listTimeZones,
  toZonedInputValue,
} from "./time-zones";

// The browser-local fallback is only observable when local time is not UTC, so these
// tests run with the process in New York (Node honours a TZ change at run time).
beforeAll(() => {
  vi.stubEnv("TZ", "America/New_York");
});
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("listTimeZones", () => {
  it("lists every IANA zone the browser knows, UTC first and once", () => {
    const zones = listTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones.filter((zone) => zone === "UTC")).toHaveLength(1);
    expect(zones).toEqual(expect.arrayContaining(["Europe/Berlin", "Asia/Tokyo", "America/Los_Angeles"]));
    expect(zones.length).toBeGreaterThan(300);
  });

  it("leaves out deprecated aliases and lists today's names instead", () => {
    const zones = listTimeZones();
    expect(zones).not.toEqual(expect.arrayContaining(["Asia/Calcutta"]));
    expect(zones).not.toContain("Europe/Kiev");
    expect(zones).not.toContain("Asia/Saigon");
    expect(zones).toEqual(expect.arrayContaining(["Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh"]));
  });

  it("falls back to the fixed list of eight zones when the browser cannot enumerate zones", () => {
    vi.spyOn(Intl, "supportedValuesOf").mockImplementation(() => {
      throw new RangeError("Invalid key : timeZone");
    });
    expect(listTimeZones()).toEqual([
      "UTC",
      "America/Los_Angeles",
      "America/New_York",
      "Europe/London",
      "Europe/Berlin",
      "Asia/Shanghai",
      "Asia/Tokyo",
      "Australia/Sydney",
    ]);
  });

  it("falls back to the fixed list of eight zones when Intl.supportedValuesOf does not exist", () => {
    const original = Intl.supportedValuesOf;
    Object.defineProperty(Intl, "supportedValuesOf", {
      value: undefined,
      configurable: true,
      writable: true,
    });
    try {
      expect(listTimeZones()).toEqual([...FALLBACK_TIME_ZONES]);
    } finally {
      Object.defineProperty(Intl, "supportedValuesOf", {
        value: original,
        configurable: true,
        writable: true,
      });
    }
  });

  it("lists names only, never a plain offset an engine might enumerate", () => {
    vi.spyOn(Intl, "supportedValuesOf").mockReturnValue(["Europe/Berlin", "+02:00"]);
    const zones = listTimeZones();
    expect(zones).toContain("Europe/Berlin");
    expect(zones.filter((zone) => /^[+-]/.test(zone))).toEqual([]);
  });
});

describe("detectBrowserTimeZone", () => {
  it("returns the browser's zone", () => {
    expect(detectBrowserTimeZone()).toBe("America/New_York");
  });

  it("returns UTC when the browser reports only an offset", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: "+02:00",
    });
    expect(detectBrowserTimeZone()).toBe("UTC");
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names and refuses plain offsets such as +02:00", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("+02:00")).toBe(false);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("toZonedInputValue", () => {
  it("shows an instant as the wall-clock time of the user's zone", () => {
    expect(toZonedInputValue("2026-12-01T09:00:00.000Z", "Asia/Tokyo")).toBe("2026-12-01T18:00");
    expect(toZonedInputValue("2026-12-01T09:00:00.000Z", "Europe/Berlin")).toBe("2026-12-01T10:00");
    // Summer time in Berlin: +02:00
    expect(toZonedInputValue("2026-07-01T09:00:00.000Z", "Europe/Berlin")).toBe("2026-07-01T11:00");
  });

  it("crosses the date line when the zone is ahead", () => {
    expect(toZonedInputValue("2026-12-31T20:00:00Z", "Australia/Sydney")).toBe("2027-01-01T07:00");
  });

  it("uses the browser's local time when the zone is not a valid name", () => {
    expect(toZonedInputValue("2026-12-01T09:00:00.000Z", "+02:00")).toBe("2026-12-01T04:00");
    expect(toZonedInputValue("2026-12-01T09:00:00.000Z", "")).toBe("2026-12-01T04:00");
    expect(toZonedInputValue("2026-12-01T09:00:00.000Z", null)).toBe("2026-12-01T04:00");
  });

  it("gives an empty value when there is no date", () => {
    expect(toZonedInputValue(null, "UTC")).toBe("");
    expect(toZonedInputValue("not a date", "UTC")).toBe("");
  });
});

describe("fromZonedInputValue", () => {
  it("reads the input in the user's zone and answers in ISO UTC", () => {
    expect(fromZonedInputValue("2026-12-01T10:00", "Europe/Berlin")).toBe("2026-12-01T09:00:00.000Z");
    expect(fromZonedInputValue("2026-12-01T18:00", "Asia/Tokyo")).toBe("2026-12-01T09:00:00.000Z");
    expect(fromZonedInputValue("2026-12-01T09:00", "UTC")).toBe("2026-12-01T09:00:00.000Z");
    expect(fromZonedInputValue("2026-07-01T11:00", "Europe/Berlin")).toBe("2026-07-01T09:00:00.000Z");
  });

  it("accepts the seconds a browser may add", () => {
    expect(fromZonedInputValue("2026-12-01T10:00:30", "Europe/Berlin")).toBe("2026-12-01T09:00:30.000Z");
  });

  it("uses the browser's local time when the zone is a plain offset or missing", () => {
    // The process runs in New York: EST is UTC-5 in December.
    expect(fromZonedInputValue("2026-12-01T10:00", "+02:00")).toBe("2026-12-01T15:00:00.000Z");
    expect(fromZonedInputValue("2026-12-01T10:00", undefined)).toBe("2026-12-01T15:00:00.000Z");
  });

  it("moves a time skipped by spring-forward past the gap, in the user's zone", () => {
    // Berlin 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist → 03:30 CEST.
    expect(fromZonedInputValue("2026-03-29T02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(fromZonedInputValue("2026-03-29T01:59", "Europe/Berlin")).toBe("2026-03-29T00:59:00.000Z");
    expect(fromZonedInputValue("2026-03-29T03:00", "Europe/Berlin")).toBe("2026-03-29T01:00:00.000Z");
    // New York 2026-03-08: 02:30 does not exist → 03:30 EDT.
    expect(fromZonedInputValue("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
  });

  it("takes the first of a repeated hour at fall-back, in the user's zone", () => {
    // Berlin 2026-10-25: 02:30 happens at CEST (00:30Z) and again at CET (01:30Z).
    expect(fromZonedInputValue("2026-10-25T02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    // New York 2026-11-01: 01:30 happens at EDT (05:30Z) and again at EST (06:30Z).
    expect(fromZonedInputValue("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
  });

  it("resolves DST edges of the browser's local time the same way as a named zone", () => {
    expect(fromZonedInputValue("2026-03-08T02:30", null)).toBe(
      fromZonedInputValue("2026-03-08T02:30", "America/New_York"),
    );
    expect(fromZonedInputValue("2026-11-01T01:30", null)).toBe(
      fromZonedInputValue("2026-11-01T01:30", "America/New_York"),
    );
  });

  it("round-trips with toZonedInputValue across a DST change", () => {
    for (const iso of ["2026-03-29T01:30:00.000Z", "2026-10-25T00:30:00.000Z", "2026-10-25T02:30:00.000Z"]) {
      expect(fromZonedInputValue(toZonedInputValue(iso, "Europe/Berlin"), "Europe/Berlin")).toBe(iso);
    }
  });

  it("gives null for a blank or impossible value", () => {
    expect(fromZonedInputValue("", "UTC")).toBeNull();
    expect(fromZonedInputValue("   ", null)).toBeNull();
    expect(fromZonedInputValue("2026-02-30T10:00", "UTC")).toBeNull();
    expect(fromZonedInputValue("2026-02-30T10:00", null)).toBeNull();
    expect(fromZonedInputValue("tomorrow", "Europe/Berlin")).toBeNull();
  });
});

describe("formatLocalDate", () => {
  it("formats in the user's zone", () => {
    expect(formatLocalDate("2026-12-01T09:00:00.000Z", "Asia/Tokyo")).toBe("Dec 1, 2026, 6:00 PM");
    expect(formatLocalDate("2026-12-01T23:30:00.000Z", "Europe/Berlin", "yyyy-MM-dd")).toBe("2026-12-02");
  });

  it("formats in the browser's local time when the zone is not valid", () => {
    expect(formatLocalDate("2026-12-01T09:00:00.000Z", "+02:00")).toBe("Dec 1, 2026, 4:00 AM");
  });

  it("gives an empty string when there is no date", () => {
    expect(formatLocalDate(undefined, "UTC")).toBe("");
    expect(formatLocalDate("soon", "UTC")).toBe("");
  });
});
