import { describe, expect, it } from "vitest";
import { dayCount } from "./day-count";

describe("dayCount", () => {
  it("says '1 day', never '1 days'", () => {
    expect([0, 1, 1.5, 2].map(dayCount)).toEqual(["0 days", "1 day", "1.5 days", "2 days"]);
  });
});
