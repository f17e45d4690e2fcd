import type { User } from "@contract/auth";

type NamedUser = Pick<User, "first_name" | "last_name" | "username" | "email">;

function firstLetter(value: string | null | undefined): string {
  // Array.from splits by code point, so a name starting with an emoji or a CJK extension
  // character is not cut in half.
  return Array.from(value?.trim() ?? "")[0] ?? "";
}

/**
 * First letters of first and last name when both exist; otherwise the first letter of
 * the username, then of the e-mail; otherwise "U".
 */
export function userInitials(user: NamedUser | null | undefined): string {
  if (!user) return "U";
  const first = firstLetter(user.first_name);
  const last = firstLetter(user.last_name);
  const initials =
    first && last ? first + last : firstLetter(user.username) || firstLetter(user.email) || "U";
  return initials.toUpperCase();
}

/** The user menu's name: the full name, or the username when there is no name. */
export function userDisplayName(user: NamedUser): string {
  const fullName = [user.first_name, user.last_name]
    .map((name) => name?.trim() ?? "")
    .filter((name) => name.length > 0)
    .join(" ");
  return fullName || user.username.trim() || user.email;
}
