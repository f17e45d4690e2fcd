import type { User } from "@contract/auth";

/** Before 12 "Good morning", before 18 "Good afternoon", otherwise "Good evening". */
export function timeOfDayGreeting(hour: number): string {
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/** The first name, else the username, else "there". */
export function greetingName(user: Pick<User, "first_name" | "username"> | null | undefined): string {
  return user?.first_name?.trim() || user?.username?.trim() || "there";
}

/** The dashboard's greeting by the local time of day, e.g. "Good morning, Ada". */
export function dashboardGreeting(
  now: Date,
  user: Pick<User, "first_name" | "username"> | null | undefined,
): string {
  return `${timeOfDayGreeting(now.getHours())}, ${greetingName(user)}`;
}
