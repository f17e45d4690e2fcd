import type { FastifyReply } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes, taskIdParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { isoNow } from "../../lib/clock";
import { AnswerCache, type CachedAnswer } from "./answer-cache";
import { ifNoneMatchHolds, taskDataEtag, TASK_DATA_CACHE_CONTROL } from "./etag";
import { TaskListBases } from "./list-changes";
import {
  createTask,
  deleteTask,
  getTask,
  listAllTasksText,
  listTasksJson,
  taskStatsAndExpiry,
  updateTask,
  withDefaultReminder,
} from "./service";

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
  "`search` matches a case-insensitive substring of the title, the description or a tag.",
  "An unknown status or priority answers 400 naming the parameter.",
].join("\n");

const STATS_DESCRIPTION = [
  "Counts of all the signed-in user's tasks, computed by the database.",
  "`overdue` counts tasks with a due date in the past whose status is not completed (so a",
  "cancelled task past its date counts). `completion_rate` is completed / total as a rounded",
  "percentage, 0 when there are no tasks.",
].join("\n");

/** What Fastify's JSON serialiser sends, for answers serialised here. */
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Sends a body serialised here: Fastify passes bytes with a JSON content type on as they are (the
 * route's schema still describes them in the OpenAPI document).
 */
function sendSerialised(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

function queryStringOf(url: string): string {
  const start = url.indexOf("?");
  return start === -1 ? "" : url.slice(start + 1);
}

/** Statistics made at one time still hold at `now` (the clock can also be set back). */
function holdsAt(answer: CachedAnswer, now: string): boolean {
  if (answer.madeAt === undefined || now < answer.madeAt) return false;
  return answer.holdsUntil === null || answer.holdsUntil === undefined || now <= answer.holdsUntil;
}

/** The task calls. Every one needs a bearer token and sees only the user's own tasks. */
export const taskModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps));
  const answers = new AnswerCache();
  // The last whole list of each user: the list after a change is made from it and the tasks
  // changed since (see list-changes.ts).
  const bases = new TaskListBases();

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
      const query = queryStringOf(request.url);
      const variant = `list ${query}`;
      // The version was read with the session, before the tasks: a change in between only makes
      // the tag (and the key the answer is kept under) older than the body, so the next request
      // reads the whole list again.
      const kept = answers.get(user.id, user.tasks_version, variant);
      const etag = kept?.etag ?? taskDataEtag(user.id, user.tasks_version, variant);
      reply.header("etag", etag).header("cache-control", TASK_DATA_CACHE_CONTROL);
      if (ifNoneMatchHolds(request.headers["if-none-match"], etag)) return reply.status(304).send(null);
      let body = kept?.body;
      if (body === undefined) {
        // Every task with exactly the schema's fields in the schema's order, so the text is what
        // the schema's serialiser would write, without re-checking each of thousands of objects
        // (V8's JSON.stringify also beats a compiled fast-json-stringify on this shape; on SQLite
        // the database writes the text itself, see listTasksJson).
        if (query === "") {
          const list = await listAllTasksText(db, user.id, user.tasks_version, bases.get(user.id));
          bases.offer(user.id, list);
          body = list.body;
        } else {
          body = Buffer.from(await listTasksJson(db, user.id, request.query));
        }
        answers.set(user.id, user.tasks_version, variant, { body, etag });
      }
      return sendSerialised(reply, body);
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
          "for an all-day due date); null sets none.",
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
      const now = isoNow(clock);
      let answer = answers.get(user.id, user.tasks_version, "stats");
      if (!answer || !holdsAt(answer, now)) {
        const { stats, madeAt, holdsUntil } = await taskStatsAndExpiry(db, clock, user.id);
        const body = Buffer.from(JSON.stringify(apiRoutes.taskStats.response.parse(stats)));
        // "overdue" grows with the clock alone; for one version of the tasks it fixes every count.
        const etag = taskDataEtag(user.id, user.tasks_version, `stats ${stats.overdue}`);
        answer = { body, madeAt, holdsUntil, extra: stats.overdue, etag };
        answers.set(user.id, user.tasks_version, "stats", answer);
      }
      const etag = answer.etag ?? taskDataEtag(user.id, user.tasks_version, `stats ${answer.extra}`);
      reply.header("etag", etag).header("cache-control", TASK_DATA_CACHE_CONTROL);
      if (ifNoneMatchHolds(request.headers["if-none-match"], etag)) return reply.status(304).send(null);
      return sendSerialised(reply, answer.body);
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
          "schedules it again.",
        tags,
        security,
        params: taskIdParamsSchema,
        body: apiRoutes.updateTask.body,
        response: { 200: apiRoutes.updateTask.response, ...errors, ...notFoundError },
      },
    },
    async (request) => updateTask(db, clock, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    routeIn(app, apiRoutes.deleteTask.path),
    {
      schema: {
        summary: apiRoutes.deleteTask.summary,
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
