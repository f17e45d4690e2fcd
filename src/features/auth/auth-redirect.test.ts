import { describe, expect, it } from "vitest";
import { redirectTarget } from "./auth-redirect";

describe("redirectTarget", () => {
  it("returns to the page the user came from, with its query and hash", () => {
    expect(redirectTarget({ from: { pathname: "/tasks", search: "?q=report", hash: "#top" } })).toBe(
      "/tasks?q=report#top",
    );
  });

  it("goes to /dashboard when there is no origin", () => {
    expect(redirectTarget(null)).toBe("/dashboard");
    expect(redirectTarget({})).toBe("/dashboard");
    expect(redirectTarget("garbage")).toBe("/dashboard");
  });

  it("never leaves the app or loops back to the sign-in pages", () => {
    expect(redirectTarget({ from: { pathname: "//evil.example.com" } })).toBe("/dashboard");
    expect(redirectTarget({ from: { pathname: "https://evil.example.com" } })).toBe("/dashboard");
    expect(redirectTarget({ from: { pathname: "/login" } })).toBe("/dashboard");
  });
});
