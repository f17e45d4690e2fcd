import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { currentUser } from "../auth";
import { emptyTrash, listTrash, restoreTasks, trashTasks, updateTasks } from "./trash";

const security = [{ bearerAuth: [] }];
const tags = ["tasks"];
const errors = {
  400: errorBodySchema.describe("Bad input; the message names the field"),
  401: errorBodySchema.describe("No valid bearer token"),
};

/**
 * The trash and the bulk actions, part of the task calls (taskModule registers them in its own
 * context, behind its authentication hook).
 */
export const trashRoutes: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;

  app.get(
    routeIn(app, apiRoutes.listTrash.path),
    {
      schema: {
        summary: apiRoutes.listTrash.summary,
        description:
          "Each task the user deleted in the last 30 days, newest deletion first, as it was when " +
          "deleted, with how many subtasks went with it and when it leaves the trash for good.",
        tags,
        security,
        response: { 200: apiRoutes.listTrash.response, 401: errors[401] },
      },
    },
    async (request) => listTrash(db, currentUser(request).id),
  );

  app.post(
    routeIn(app, apiRoutes.trashTasks.path),
    {
      schema: {
        summary: apiRoutes.trashTasks.summary,
        description:
          "Deletes every named task with its subtree into the trash, in one change (all or none: an id " +
          "that is not one of the user's tasks answers 404 and deletes nothing). Tasks of projects shared " +
          "with the user as an editor or admin go to their owner's trash (a viewer's answer 403). Answers " +
          "the ids of every task deleted, subtasks included.",
        tags,
        security,
        body: apiRoutes.trashTasks.body,
        response: {
          200: apiRoutes.trashTasks.response,
          ...errors,
          404: errorBodySchema.describe("No such task among the signed-in user's own and shared tasks"),
        },
      },
    },
    async (request) => trashTasks(db, clock, currentUser(request).id, request.body.ids),
  );

  app.post(
    routeIn(app, apiRoutes.restoreTasks.path),
    {
      schema: {
        summary: apiRoutes.restoreTasks.summary,
        description:
          "Brings back each named task (an id `GET /api/v1/tasks/trash` lists) with the subtasks deleted " +
          "with it: under its parent while that is still there, else at the top of its project, or of the " +
          "Inbox when the project is gone. Its deletion leaves the history; it is announced as created. " +
          "A task of a project shared with the user as an editor or admin, in its owner's trash, may be " +
          "restored too (a viewer's answer 403). Answers the ids of every task restored.",
        tags,
        security,
        body: apiRoutes.restoreTasks.body,
        response: {
          200: apiRoutes.restoreTasks.response,
          ...errors,
          404: errorBodySchema.describe("No such task in the user's trash, nor in a shared project's"),
        },
      },
    },
    async (request) => restoreTasks(db, clock, currentUser(request).id, request.body.ids),
  );

  app.delete(
    routeIn(app, apiRoutes.emptyTrash.path),
    {
      schema: {
        summary: apiRoutes.emptyTrash.summary,
        tags,
        security,
        response: { 204: z.null().describe("Emptied"), 401: errors[401] },
      },
    },
    async (request, reply) => {
      await emptyTrash(db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    routeIn(app, apiRoutes.batchUpdateTasks.path),
    {
      schema: {
        summary: apiRoutes.batchUpdateTasks.summary,
        description:
          "Each entry changes one task as `PUT /api/v1/tasks/{id}` would, with the same rules; all in one " +
          "change, so a failing entry (say, a task that is not the user's) changes nothing. Tasks of " +
          "projects shared with the user as an editor or admin may be among them (a viewer's answer 403). " +
          "Answers the tasks as they are after, in the order given.",
        tags,
        security,
        body: apiRoutes.batchUpdateTasks.body,
        response: {
          200: apiRoutes.batchUpdateTasks.response,
          ...errors,
          404: errorBodySchema.describe("No such task, or a project_id or parent_id that is not the user's"),
        },
      },
    },
    async (request) => updateTasks(db, clock, currentUser(request).id, request.body),
  );
};
