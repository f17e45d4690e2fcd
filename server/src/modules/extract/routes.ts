import { errorBodySchema } from "@contract/common";
import { EXTRACT_MAX_CHARS } from "@contract/extract";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { extractTasks } from "./service";

const DESCRIPTION = [
  "The tasks found in a text, **not saved**.",
  "",
  '`strategy: "pattern"` (default) reads markers only: checkbox lines (`- [ ]`, `* [x]`, `1. [ ]`),',
  "`TODO:` / `DONE:` lines, `#urgent #high #medium #low` for priority, other `#words` as tags,",
  "indented lines under a task as its description, and explicit deadlines (`tomorrow`,",
  "`next friday`, `by 5pm`, `2026-12-01`, `due:2026-12-01`). It never counts toward AI usage.",
  "",
  '`strategy: "llm"` asks the AI (an OpenAI-compatible endpoint, or the built-in offline engine)',
  "and counts one use per successful request: 403 `quota_exceeded` when the month's uses are",
  "spent, 502 / 504 (nothing charged) when the AI answers badly or too slowly.",
  "",
  "Relative dates are read in `timezone` when given, else in the user's timezone. Content must be",
  `non-blank (400) and at most ${EXTRACT_MAX_CHARS.toLocaleString("en-US")} characters (413).`,
].join("\n");

/** POST /api/v1/extract/text. */
export const extractModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));

  app.post(
    routeIn(app, apiRoutes.extractText.path),
    {
      schema: {
        summary: apiRoutes.extractText.summary,
        description: DESCRIPTION,
        tags: ["extract"],
        security: [{ bearerAuth: [] }],
        body: apiRoutes.extractText.body,
        response: {
          200: apiRoutes.extractText.response,
          400: errorBodySchema.describe("Blank content or a bad field"),
          401: errorBodySchema.describe("No valid bearer token"),
          403: errorBodySchema.describe("The monthly AI usage limit is reached (code quota_exceeded)"),
          413: errorBodySchema.describe(`Content longer than ${EXTRACT_MAX_CHARS} characters`),
          502: errorBodySchema.describe("The AI service failed or answered invalidly; nothing was charged"),
          504: errorBodySchema.describe("The AI service took too long; nothing was charged"),
        },
      },
    },
    async (request) => extractTasks(deps, currentUser(request), request.body, deps.clock.now(), request.log),
  );
};
