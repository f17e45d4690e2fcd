import { apiRoutes, taskIdParamsSchema } from "../../../../contract/routes";
import type { App, AppDeps } from "../../app-types";
import { authenticate, currentUser } from "../auth/authenticate";
import { dailyStatus, generationStatus, startGeneration } from "./service";

const security = [{ bearerAuth: [] }];

export async function dailyRoutes(app: App, deps: AppDeps): Promise<void> {
  const preHandler = authenticate(deps);

  app.get(
    apiRoutes.dailyStatus.path,
    {
      preHandler,
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
    apiRoutes.generateDaily.path,
    {
      preHandler,
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
    apiRoutes.generationStatus.path,
    {
      preHandler,
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
}
