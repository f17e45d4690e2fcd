import { describe, expect, it } from "vitest";
import { authResponseFromWire, loginRequestSchema, registerRequestSchema, userFromWire } from "./auth";

describe("login and register payloads", () => {
  it("says 'Please enter a valid email address' and 'Password must be at least 6 characters'", () => {
    const result = loginRequestSchema.safeParse({ email: "not-an-email", password: "12345" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter a valid email address",
      "Password must be at least 6 characters",
    ]);
  });

  it("says 'Verification code is required' and 'Username must be at least 3 characters'", () => {
    const result = registerRequestSchema.safeParse({
      email: "ada@example.com",
      verification_code: "",
      username: "ad",
      password: "secret-password",
    });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain("Verification code is required");
    expect(messages).toContain("Username must be at least 3 characters");
  });
});

describe("userFromWire", () => {
  it("reads a user without id or created_at (the existing API's user JSON has neither)", () => {
    expect(
      userFromWire({
        email: "ada@example.com",
        username: "ada",
        first_name: "Ada",
        last_name: null,
        timezone: "Europe/London",
        is_premium: true,
        llm_usage_count: 12,
        llm_usage_limit: 1000,
      }),
    ).toEqual({
      id: "",
      email: "ada@example.com",
      username: "ada",
      first_name: "Ada",
      last_name: null,
      timezone: "Europe/London",
      is_premium: true,
      llm_usage_count: 12,
      llm_usage_limit: 1000,
      created_at: "",
      // Nor reminder settings: no default reminder, none e-mailed.
      default_reminder_minutes: null,
      email_reminders: false,
      // Nor planning settings: weekdays 9 to 5, six hours of tasks, 30-minute estimates.
      working_hours: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
      daily_capacity_minutes: 360,
      default_duration_minutes: 30,
      // Nor progress settings: no daily goal, no weekly e-mail.
      daily_goal: null,
      weekly_review_email: false,
      morning_hour: 9,
      date_order: "mdy",
      clock: "12h",
      week_start: 1,
    });
  });

  it("falls back to UTC, free and zero usage when fields are missing", () => {
    expect(userFromWire({ id: 5, email: "x@example.com" })).toMatchObject({
      id: "5",
      timezone: "UTC",
      is_premium: false,
      llm_usage_count: 0,
      llm_usage_limit: 0,
      first_name: null,
    });
  });

  it("refuses an auth answer without a token", () => {
    expect(() => authResponseFromWire({ user: { email: "x@example.com" } })).toThrow();
  });
});
