import multipart from "@fastify/multipart";
import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import { IMPORT_MAX_BYTES } from "@contract/transfer";
import type { App, ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { TooLarge, Validation } from "../../lib/domain-errors";
import { authenticate, currentUser } from "../auth";
import { exportTasks, importTasks } from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["import and export"];
const MAX_MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

const EXPORT_DESCRIPTION = [
  "Every task of the signed-in user, as a file download (`Content-Disposition: attachment`).",
  "",
  '- `json` (default): `{ format: "tasklane", version: 1, exported_at, projects: [...], tasks: [...] }`',
  "  with every field of every task and every project; importing it into an account restores the",
  "  tasks, their projects (found by name, or created) and their subtasks.",
  "- `csv`: RFC 4180 with a header row of every field; `tags` is a JSON array, `project` the",
  "  project's name (empty: the Inbox), `parent_id` the `id` of the parent's row. Dates are written",
  "  as the user reads them (`dates=user`, the default): their date order and clock, in their time",
  "  zone (`10/12/2026 17:30`, `12/10/2026 5:30 PM`, `2026-12-10 17:30`; a task due all day as the",
  "  day alone), which the import reads back; `dates=iso` writes ISO 8601 timestamps in UTC.",
  "- `todotxt`: one line per task: `x` and the completion date for completed tasks, else `(A)`",
  "  urgent, `(B)` high, `(C)` medium, `(D)` low; the creation date; the title; `due:YYYY-MM-DD`",
  "  (the user's calendar date); the project as `+Project` (spaces as underscores; none for the",
  "  Inbox); tags as `#tag` (a tag starting with @ stays an `@context`).",
].join("\n");

const IMPORT_DESCRIPTION = [
  `A \`multipart/form-data\` upload with one file in the field \`file\`, at most ${MAX_MEGABYTES} MB.`,
  "The format is detected by content: Tasklane JSON, Tasklane CSV (a `title` column; `due_date`",
  "an ISO timestamp, a day `2026-12-10` (due all day) or a day and time `2026-12-10 09:30` in the",
  "user's zone; a numeric day in the user's date order, `10/12/2026`, and a 12-hour time, `9:30 PM`,",
  "too; `scheduled_start` a day and time or an ISO timestamp), Todoist's",
  "CSV export (`TYPE,CONTENT,…`: rows of type task; `@labels` become tags; PRIORITY 1 is urgent;",
  "INDENT n + 1 is a subtask of the last task of INDENT n above it; the file is one project, named",
  "after the file), or todo.txt (the first `+project` is the project, `#tag` a tag).",
  "",
  "Every valid line becomes a task; a bad line is reported in `errors` with its line number (for",
  "JSON: the task's position in the list) and creates nothing. A task this user imported before,",
  "one twice in the same file, or one the account already has, is counted in `skipped`: importing",
  "the same file twice creates nothing new the second time. The account already has a task of a",
  "Tasklane export (JSON or CSV) when it has a task of its `id`, and a task of any other file when",
  "it has one of the same title (case aside), due day (in the user's zone) and project.",
].join("\n");

/** Export and import of the user's tasks. */
export const transferModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps));

  app.get(
    routeIn(app, apiRoutes.exportTasks.path),
    {
      schema: {
        summary: apiRoutes.exportTasks.summary,
        description: EXPORT_DESCRIPTION,
        tags,
        security,
        querystring: apiRoutes.exportTasks.query,
        produces: ["application/json", "text/csv", "text/plain"],
        response: {
          200: z.string().describe("The file"),
          400: errorBodySchema.describe("An unknown format"),
          401: errorBodySchema.describe("No valid bearer token"),
        },
      },
    },
    async (request, reply) => {
      const { format, dates } = request.query;
      const file = await exportTasks(db, clock, currentUser(request), format, dates);
      return reply
        .header("Content-Type", file.contentType)
        .header("Content-Disposition", `attachment; filename="${file.filename}"`)
        .header("Cache-Control", "no-store")
        .send(file.body);
    },
  );

  // The multipart parser is needed by this one call only: registered in its own scope.
  await app.register(async (scope: App) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    scope.post(
      routeIn(app, apiRoutes.importTasks.path),
      {
        schema: {
          summary: apiRoutes.importTasks.summary,
          description: IMPORT_DESCRIPTION,
          tags,
          security,
          consumes: ["multipart/form-data"],
          response: {
            200: apiRoutes.importTasks.response,
            400: errorBodySchema.describe("No file, or a file that is not text"),
            401: errorBodySchema.describe("No valid bearer token"),
            406: errorBodySchema.describe("The request is not multipart/form-data"),
            413: errorBodySchema.describe(`The file is larger than ${MAX_MEGABYTES} MB`),
          },
        },
      },
      async (request) => {
        const file = await request.file();
        if (!file) throw new Validation('Choose a file to import (the form field "file")');
        let content: Buffer;
        try {
          content = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
            throw new TooLarge(`The file is larger than ${MAX_MEGABYTES} MB`);
          }
          throw error;
        }
        const text = content.toString("utf8");
        if (text.includes("\u0000")) throw new Validation("The file is not a text file");
        return importTasks(db, clock, currentUser(request), { text, filename: file.filename || undefined });
      },
    );
  });
};
