import { apiRoutes, taskIdParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { dailyStatus, generationStatus, startGeneration } from "./service";

const security = [{ bearerAuth: [] }];

/** The daily plan: today's status, and generation as a queued request that the client polls. */
export const dailyModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));

  app.get(
    routeIn(app, apiRoutes.dailyStatus.path),
    {
      schema: {
        summary: apiRoutes.dailyStatus.summary,
        tags: ["daily plan"],
        security,
        response: { 200: apiRoutes.dailyStatus.response },
      },
    },
    async (request) => dailyStatus(deps, currentUser(request)),
  );

  app.post(
    routeIn(app, apiRoutes.generateDaily.path),
    {
      schema: {
        summary: apiRoutes.generateDaily.summary,
        description:
          "Answers at once with a request id (202); poll the status call. A second request while one is queued or running returns that request's id. 403 when the monthly AI quota is used up; one AI use is charged when the plan completes.",
        tags: ["daily plan"],
        security,
        response: { 202: apiRoutes.generateDaily.response },
      },
    },
    async (request, reply) => reply.status(202).send(await startGeneration(deps, currentUser(request))),
  );

  app.get(
    routeIn(app, apiRoutes.generationStatus.path),
    {
      schema: {
        summary: apiRoutes.generationStatus.summary,
        tags: ["daily plan"],
        security,
        params: taskIdParamsSchema,
        response: { 200: apiRoutes.generationStatus.response },
      },
    },
    async (request) => generationStatus(deps, currentUser(request), request.params.id),
  );
};
