import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { projectsToMatch } from "../projects/service";
import { parseTaskText } from "./service";

const DESCRIPTION = [
  "Reads one quick-add line into the parts of a task, **without saving** it; create the task with",
  "POST /api/v1/tasks.",
  "",
  "- **Dates**: the date reader of extraction (`tomorrow 9am`, `next friday`, `by nov 30`,",
  "  `in 3 days`), read in `timezone` when given, else the user's timezone. A date without a time",
  "  is due at the end of that day. English only: other languages' month names stay in the title.",
  "- **Priority**: `!low` `!medium` `!high` `!urgent`, or `p1` (urgent) … `p4` (low); the highest",
  "  wins; `null` when none is named.",
  "- **Tags**: `#word`.",
  "- **Project**: `+Name` (todo.txt's convention), matched to the user's projects ignoring case,",
  '  with hyphens and underscores standing for spaces (`+home-renovation` is "Home renovation"), and',
  "  taking the words after it when they complete a project's name (`+Home renovation`). A known one",
  "  answers `project_id`; an unknown one answers `project_name` (with `project_id: null`) to offer",
  "  creating it. The first `+Name` counts; it leaves the title.",
  "- **Recurrence**: `daily`, `weekly`, `every 6 months`, `every other week`, `every monday and",
  "  thursday`, `every weekday` … as an RFC 5545 RRULE value (`FREQ=MONTHLY;INTERVAL=6`).",
  '- **Quotes**: a phrase in "quotes" is never read; it stays in the title without the marks.',
  "",
  "`spans` lists each recognised part as [start, end) offsets into `text` (UTF-16 code units).",
].join("\n");

/** The quick-add reader. Needs a bearer token; reads the text in the user's timezone. */
export const quickAddModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));

  app.post(
    routeIn(app, apiRoutes.parseTask.path),
    {
      schema: {
        summary: apiRoutes.parseTask.summary,
        description: DESCRIPTION,
        tags: ["tasks"],
        security: [{ bearerAuth: [] }],
        body: apiRoutes.parseTask.body,
        response: {
          200: apiRoutes.parseTask.response,
          400: errorBodySchema.describe("Text too long or an unknown timezone"),
          401: errorBodySchema.describe("No valid bearer token"),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return parseTaskText(user, request.body, deps.clock.now(), await projectsToMatch(deps.db, user.id));
    },
  );
};
