import { accountSecurityRoutes } from "./account-security-routes";
import { aiRoutes } from "./ai-routes";
import { authRoutes } from "./auth-routes";
import { calendarRoutes } from "./calendar-routes";
import { integrationRoutes } from "./integration-routes";
import { projectRoutes } from "./project-routes";
import { sharingRoutes } from "./sharing-routes";
import { taskRoutes } from "./task-routes";
import { trashRoutes } from "./trash-routes";
import { idParams } from "./route-definition";

/**
 * Every call of the API: one place for paths and shapes, shared by the web app and the server. Each
 * resource's calls are in its own *-routes.ts.
 */
export const apiRoutes = {
  ...authRoutes,
  ...accountSecurityRoutes,
  ...taskRoutes,
  ...trashRoutes,
  ...projectRoutes,
  ...aiRoutes,
  ...calendarRoutes,
  ...integrationRoutes,
  ...sharingRoutes,
} as const;

export const taskIdParamsSchema = idParams;
export const projectIdParamsSchema = idParams;
/** The `:id` of any resource (a token, a webhook). */
export const idParamsSchema = idParams;

export { pathFor } from "./api-paths";
