import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentCredential, currentUser } from "../auth";
import { listCredentials } from "./service";

/** Everything that signs in to the account, in one list (Settings → Sign-ins). */
export const credentialsModule: ModulePlugin = async (app, { deps }) => {
  // Only a signed-in session sees it: a token must not learn what else can sign in.
  app.addHook("onRequest", authenticate(deps, "refused"));
  const { credentials: route } = apiRoutes;

  app.get(
    routeIn(app, route.path),
    {
      schema: {
        summary: route.summary,
        description:
          "The live sessions (`current` marks this one), personal API tokens and CalDAV app passwords, " +
          "each with when it was last used (to the minute). Revoke a token with " +
          "`DELETE /api/v1/tokens/:id` (all with `DELETE /api/v1/tokens`), an app password with " +
          "`DELETE /api/v1/app-passwords/:id`; a password change ends the other sessions.",
        tags: ["tokens"],
        security: [{ bearerAuth: [] }],
        response: { 200: route.response },
      },
    },
    async (request) => listCredentials(deps, currentUser(request).id, currentCredential(request).sessionId),
  );
};
