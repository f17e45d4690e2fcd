import { describe, expect, it } from "vitest";
import { dashboardGreeting, greetingName, timeOfDayGreeting } from "./greeting";

const at = (hours: number, minutes = 0) => new Date(2026, 10, 20, hours, minutes);

describe("timeOfDayGreeting (morning before 12, afternoon before 18)", () => {
  it.each([
    [0, "Good morning"],
    [11, "Good morning"],
    [12, "Good afternoon"],
    [17, "Good afternoon"],
    [18, "Good evening"],
    [23, "Good evening"],
  ])("at %i o'clock says %s", (hour, expected) => {
    expect(timeOfDayGreeting(hour)).toBe(expected);
  });
});

describe("greetingName", () => {
  it("uses the first name", () => {
    expect(greetingName({ first_name: "Ada", username: "ada" })).toBe("Ada");
  });

  it("falls back to the username when there is no first name", () => {
    expect(greetingName({ first_name: null, username: "lovelace" })).toBe("lovelace");
    expect(greetingName({ first_name: "  ", username: "lovelace" })).toBe("lovelace");
  });

  it("falls back to 'there' without a name or username", () => {
    expect(greetingName({ first_name: null, username: "" })).toBe("there");
    expect(greetingName(null)).toBe("there");
  });
});

describe("dashboardGreeting", () => {
  it("reads the local time of day and the name", () => {
    expect(dashboardGreeting(at(11, 59), { first_name: "Ada", username: "ada" })).toBe("Good morning, Ada");
    expect(dashboardGreeting(at(12, 0), { first_name: null, username: "ada" })).toBe("Good afternoon, ada");
    expect(dashboardGreeting(at(18, 0), null)).toBe("Good evening, there");
  });
});
