import { buildUser } from "@mocks/fixtures";
import { describe, expect, it } from "vitest";
import { passwordFormSchema, profileChanges } from "./settings-forms";

function passwordProblems(current_password: string, new_password: string, confirm_password: string) {
  const result = passwordFormSchema.safeParse({ current_password, new_password, confirm_password });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("passwordFormSchema (change password)", () => {
  it("says only 'Please fill in all fields' when a field is empty, even if the others disagree", () => {
    expect(passwordProblems("", "abc", "xyz")).toEqual(["Please fill in all fields"]);
    expect(passwordProblems("secret", "", "")).toEqual(["Please fill in all fields"]);
  });

  it("says 'Passwords do not match' before checking the length", () => {
    expect(passwordProblems("secret", "abc", "abd")).toEqual(["Passwords do not match"]);
  });

  it("says 'Password must be at least 6 characters' for a matching short password", () => {
    expect(passwordProblems("secret", "abcde", "abcde")).toEqual(["Password must be at least 6 characters"]);
  });

  it("accepts six characters", () => {
    expect(passwordProblems("secret", "abcdef", "abcdef")).toEqual([]);
  });
});

describe("profileChanges (profile)", () => {
  const user = buildUser({ first_name: "Ada", last_name: null });

  it("is empty when nothing changed, spaces around a name included", () => {
    expect(profileChanges(user, { first_name: " Ada ", last_name: "" })).toEqual({});
  });

  it("holds only the changed names, trimmed", () => {
    expect(profileChanges(user, { first_name: "Ada", last_name: " Lovelace " })).toEqual({
      last_name: "Lovelace",
    });
    expect(profileChanges(user, { first_name: "", last_name: "King" })).toEqual({
      first_name: "",
      last_name: "King",
    });
  });
});
