import type { ParseTaskRequest, ParseTaskResponse } from "@contract/quick-add";
import type { UserRow } from "../../db/schema";
import { parseQuickAdd } from "./parse-quick-add";

/** POST /api/v1/tasks/parse: read in the zone given, else in the user's own. */
export function parseTaskText(
  user: Pick<UserRow, "timezone">,
  request: ParseTaskRequest,
  now: Date,
): ParseTaskResponse {
  return parseQuickAdd(request.text, { timeZone: request.timezone ?? user.timezone, now });
}
