import { describe, expect, it } from "vitest";
import { buildUser } from "@mocks/fixtures";
import { userDisplayName, userInitials } from "./user-display";

describe("userInitials", () => {
  it("uses the first letters of first and last name when both exist", () => {
    expect(userInitials(buildUser({ first_name: "ada", last_name: "lovelace" }))).toBe("AL");
  });

  it("falls back to the username's first letter when a name is missing", () => {
    expect(userInitials(buildUser({ first_name: "Ada", last_name: null, username: "countess" }))).toBe("C");
    expect(userInitials(buildUser({ first_name: null, last_name: "Lovelace", username: "countess" }))).toBe(
      "C",
    );
    expect(userInitials(buildUser({ first_name: "  ", last_name: "Lovelace", username: "countess" }))).toBe(
      "C",
    );
  });

  it("falls back to the e-mail's first letter without a username", () => {
    expect(
      userInitials(
        buildUser({ first_name: null, last_name: null, username: "", email: "babbage@example.com" }),
      ),
    ).toBe("B");
  });

  it("shows 'U' when there is nothing to take a letter from", () => {
    expect(userInitials(buildUser({ first_name: null, last_name: null, username: "", email: "" }))).toBe("U");
    expect(userInitials(null)).toBe("U");
  });

  it("does not split a character outside the basic plane", () => {
    expect(userInitials(buildUser({ first_name: "𝒜da", last_name: "Lovelace" }))).toBe("𝒜L");
  });
});

describe("userDisplayName", () => {
  it("shows the full name", () => {
    expect(userDisplayName(buildUser({ first_name: "Ada", last_name: "Lovelace" }))).toBe("Ada Lovelace");
  });

  it("shows the one name there is", () => {
    expect(userDisplayName(buildUser({ first_name: "Ada", last_name: null }))).toBe("Ada");
  });

  it("shows the username when there is no name", () => {
    expect(userDisplayName(buildUser({ first_name: null, last_name: "", username: "ada" }))).toBe("ada");
  });
});
