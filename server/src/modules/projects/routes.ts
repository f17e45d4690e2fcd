import { apiRoutes, projectIdParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { createProject, deleteProject, listProjects, updateProject } from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["projects"];

/** Projects: every one needs a bearer token and sees only the user's own projects. */
export const projectsModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps));
  const { listProjects: listRoute, createProject: createRoute } = apiRoutes;
  const { updateProject: updateRoute, deleteProject: deleteRoute } = apiRoutes;

  app.get(
    routeIn(app, listRoute.path),
    {
      schema: {
        summary: listRoute.summary,
        description:
          "Every project of the signed-in user, archived ones included (`archived: true`), the Inbox " +
          "(`is_inbox: true`, one per account) first and the rest by name. `open_count`: its pending and " +
          "in-progress tasks. Every task is in exactly one project.",
        tags,
        security,
        response: { 200: listRoute.response },
      },
    },
    async (request) => listProjects(db, clock, currentUser(request).id),
  );

  app.post(
    routeIn(app, createRoute.path),
    {
      schema: {
        summary: createRoute.summary,
        description:
          "`name`: trimmed, 1–60 characters, unique among the user's projects ignoring case (409 " +
          "otherwise). `color`: one of the palette (slate, red, orange, amber, green, teal, sky, blue, " +
          "violet, pink), slate when left out.",
        tags,
        security,
        body: createRoute.body,
        response: { 201: createRoute.response },
      },
    },
    async (request, reply) => {
      const project = await createProject(db, clock, currentUser(request).id, request.body);
      return reply.status(201).send(project);
    },
  );

  app.put(
    routeIn(app, updateRoute.path),
    {
      schema: {
        summary: updateRoute.summary,
        description:
          "Partial: only the fields sent change. `archived: true` hides the project from the sidebar and " +
          "pickers and keeps its tasks; the Inbox cannot be archived (400). A name another of the user's " +
          "projects has, ignoring case, is a 409.",
        tags,
        security,
        params: projectIdParamsSchema,
        body: updateRoute.body,
        response: { 200: updateRoute.response },
      },
    },
    async (request) => updateProject(db, clock, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    routeIn(app, deleteRoute.path),
    {
      schema: {
        summary: deleteRoute.summary,
        description:
          "Deletes the project. Its tasks move to the Inbox with their subtasks (`moved`), or, with " +
          "`?with_tasks=true`, are deleted with it (`deleted`). The Inbox cannot be deleted (400).",
        tags,
        security,
        params: projectIdParamsSchema,
        querystring: deleteRoute.query,
        response: { 200: deleteRoute.response },
      },
    },
    async (request) =>
      deleteProject(
        db,
        clock,
        currentUser(request).id,
        request.params.id,
        request.query.with_tasks === "true",
      ),
  );
};
