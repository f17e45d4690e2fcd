import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes, taskIdParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { ifNoneMatchHolds, taskDataEtag, TASK_DATA_CACHE_CONTROL } from "./etag";
import {
  createTask,
  deleteTask,
  getTask,
  listTasks,
  taskDataVersion,
  taskListContext,
  taskStats,
  updateTask,
  withDefaultReminder,
} from "./service";
import { trashRoutes } from "./trash-routes";

const security = [{ bearerAuth: [] }];
const tags = ["tasks"];

const errors = {
  400: errorBodySchema.describe("Bad input; the message names the field or parameter"),
  401: errorBodySchema.describe("No valid bearer token"),
};
const notModified = z
  .null()
  .describe("Not modified: the If-None-Match tag (from this call's ETag) is still current; no body");
const notFoundError = { 404: errorBodySchema.describe("No such task among the signed-in user's tasks") };

const LIST_DESCRIPTION = [
  "The signed-in user's tasks.",
  "",
  "**Order** — as a to-do list reads: open tasks (pending, in progress) before finished ones",
  "(completed, cancelled); within each, by due date, earliest first, with tasks that have no due",
  "date last; then newest first (created_at descending).",
  "",
  "**Filters** (all optional, combined with AND): `status`, `priority` and `tags` are",
  "comma-joined lists matching any of their values (`status` accepts `in_progress` and",
  "`inprogress`; `tags` match whole tags, case-insensitively); `has_due_date=true|false`;",
  "`search` matches a case-insensitive substring of the title, the description or a tag;",
  "`project_id` keeps the tasks of one project, subtasks included (an id that is not one of the",
  "user's projects answers 404). An unknown status or priority answers 400 naming the parameter.",
  "",
  "**Projects and subtasks** — every task carries `project_id` (never null) and `parent_id` (null",
  "for a top-level task); the list is flat, so a subtask whose parent a filter hides still comes.",
  "",
  "**Pages** — `limit` keeps the first tasks of the order. `order=completed_at` lists newest",
  "completion first, and `after` (the last task's `completed_at` and `id`, comma-joined) answers the",
  "page that follows: `status=completed&order=completed_at&limit=50` shows a long history a page at",
  "a time. Without these parameters the answer is the whole filtered list, as always.",
].join("\n");

const STATS_DESCRIPTION = [
  "Counts of all the signed-in user's tasks, computed by the database.",
  "`overdue` counts tasks with a due date in the past whose status is not completed (so a",
  "cancelled task past its date counts). `completion_rate` is completed / total as a rounded",
  "percentage, 0 when there are no tasks.",
].join("\n");

function queryStringOf(url: string): string {
  const start = url.indexOf("?");
  return start === -1 ? "" : url.slice(start + 1);
}

/** The task calls. Every one needs a bearer token and sees only the user's own tasks. */
export const taskModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps));
  // Every answer here is built field by field (toTaskJson, the counts), so it is written as it is,
  // without checking it against its schema again on the way out (a quarter of a long list's time);
  // the tests hold the answers to the contract's schemas.
  app.setSerializerCompiler(() => JSON.stringify);
  await trashRoutes(app, { deps });

  app.get(
    routeIn(app, apiRoutes.listTasks.path),
    {
      schema: {
        summary: apiRoutes.listTasks.summary,
        description: LIST_DESCRIPTION,
        tags,
        security,
        querystring: apiRoutes.listTasks.query,
        response: { 200: apiRoutes.listTasks.response, 304: notModified, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The version is read before the tasks: a change in between only makes the tag older than
      // the body, so the next request reads the list again.
      const context = await taskListContext(db, user.id);
      const etag = taskDataEtag(user.id, context.version, `list ${queryStringOf(request.url)}`);
      reply.header("etag", etag).header("cache-control", TASK_DATA_CACHE_CONTROL);
      if (ifNoneMatchHolds(request.headers["if-none-match"], etag)) return reply.status(304).send(null);
      return listTasks(db, user.id, request.query, context);
    },
  );

  app.post(
    routeIn(app, apiRoutes.createTask.path),
    {
      schema: {
        summary: apiRoutes.createTask.summary,
        description:
          "Title trimmed, 1–500 characters; description up to 10,000; tags trimmed and de-duplicated, " +
          "at most 20 of at most 50 characters; priority defaults to medium; due_date an ISO-8601 " +
          'timestamp (stored as UTC). `source` defaults to `{ "type": "Manual" }`. `recurrence`: an RFC 5545 ' +
          "RRULE value for a repeating task (it needs a due date), or null. `remind_at` (ISO timestamp) sets " +
          "a reminder; left out, the user's default lead time before a due date with a time applies (none " +
          "for an all-day due date); null sets none. `project_id`: the project (left out: the Inbox). " +
          "`parent_id`: makes it a subtask, in its parent's project whatever `project_id` says; at most 4 " +
          "levels deep (400). A project or parent that is not the user's answers 404.",
        tags,
        security,
        body: apiRoutes.createTask.body,
        response: { 201: apiRoutes.createTask.response, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const task = await createTask(db, clock, user.id, withDefaultReminder(request.body, user, clock.now()));
      return reply.status(201).send(task);
    },
  );

  // A static path: Fastify matches it before the parametric /:id below.
  app.get(
    routeIn(app, apiRoutes.taskStats.path),
    {
      schema: {
        summary: apiRoutes.taskStats.summary,
        description: STATS_DESCRIPTION,
        tags,
        security,
        response: { 200: apiRoutes.taskStats.response, 304: notModified, 401: errors[401] },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const version = await taskDataVersion(db, user.id);
      const stats = await taskStats(db, clock, user.id);
      // "overdue" grows with the clock alone; for one version of the tasks it fixes every count.
      const etag = taskDataEtag(user.id, version, `stats ${stats.overdue}`);
      reply.header("etag", etag).header("cache-control", TASK_DATA_CACHE_CONTROL);
      if (ifNoneMatchHolds(request.headers["if-none-match"], etag)) return reply.status(304).send(null);
      return stats;
    },
  );

  app.get(
    routeIn(app, apiRoutes.getTask.path),
    {
      schema: {
        summary: apiRoutes.getTask.summary,
        tags,
        security,
        params: taskIdParamsSchema,
        response: { 200: apiRoutes.getTask.response, 401: errors[401], ...notFoundError },
      },
    },
    async (request) => getTask(db, currentUser(request).id, request.params.id),
  );

  app.put(
    routeIn(app, apiRoutes.updateTask.path),
    {
      schema: {
        summary: apiRoutes.updateTask.summary,
        description:
          "Partial: only the fields sent change; `due_date: null` clears the due date. Setting status " +
          "completed records completed_at (and clears remind_at); leaving completed clears it. Completing a " +
          "repeating task (`recurrence` set) also creates its next occurrence, once: same fields, pending, " +
          "due at the rule's next date after this one's, in the user's timezone, reminded (`remind_at`) the " +
          "same time ahead of its due date as this one was, if it was and that time is still to come. " +
          "`recurrence: null` stops the repeat. `remind_at: null` removes the reminder; a new time " +
          "schedules it again.\n\n" +
          "`project_id` moves the task with its whole subtree (a subtask moved on its own leaves its " +
          "parent). `parent_id` makes it a subtask (null: top level); it moves, with its subtree, into the " +
          "parent's project. Never under itself or one of its own subtasks, and at most 4 levels deep " +
          "counting its subtree (400). With `status: completed`, `complete_subtasks: true` also " +
          "completes every pending or in-progress task below it.",
        tags,
        security,
        params: taskIdParamsSchema,
        body: apiRoutes.updateTask.body,
        response: {
          200: apiRoutes.updateTask.response,
          ...errors,
          404: errorBodySchema.describe(
            "No such task among the signed-in user's tasks, or the project_id or parent_id is not one of theirs",
          ),
        },
      },
    },
    async (request) => updateTask(db, clock, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    routeIn(app, apiRoutes.deleteTask.path),
    {
      schema: {
        summary: apiRoutes.deleteTask.summary,
        description:
          "Deletes the task and every subtask below it, with their reminders, into the trash: " +
          "`POST /api/v1/tasks/trash/restore` brings them back for 30 days (the web app's Undo).",
        tags,
        security,
        params: taskIdParamsSchema,
        response: { 204: z.null().describe("Deleted"), 401: errors[401], ...notFoundError },
      },
    },
    async (request, reply) => {
      await deleteTask(db, clock, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
