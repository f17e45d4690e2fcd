import type { ParseTaskRequest, ParseTaskResponse } from "@contract/quick-add";
import type { UserRow } from "../../db/schema";
import { firstDueOnOrAfter } from "../../lib/recurrence";
import { userDateContext } from "../extract";
import { parseQuickAdd, type QuickAddProject } from "./parse-quick-add";

/**
 * POST /api/v1/tasks/parse: read in the zone given, else in the user's own. A repeating task's
 * date is the rule's first one (as saving it would make it), so the preview shows what is saved.
 * `+Name` is looked up among `projects`, the user's own; a numeric date ("12/03") is read in the
 * user's order of day and month.
 */
export function parseTaskText(
  user: Pick<UserRow, "timezone" | "morning_hour" | "date_order">,
  request: ParseTaskRequest,
  now: Date,
  projects: readonly QuickAddProject[] = [],
): ParseTaskResponse {
  const timeZone = request.timezone ?? user.timezone;
  const parsed = parseQuickAdd(request.text, userDateContext(user, now, timeZone), { projects });
  if (!parsed.recurrence || !parsed.due_date) return parsed;
  const dueDate = firstDueOnOrAfter(parsed.recurrence, parsed.due_date, timeZone, now.toISOString());
  return dueDate ? { ...parsed, due_date: dueDate } : parsed;
}
