import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { listNotifications, markNotificationsRead } from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["notifications"];

/** The bell: the signed-in user's notifications, and marking them read. */
export const notificationsModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));
  const { listNotifications: listRoute, markNotificationsRead: readRoute } = apiRoutes;

  app.get(
    routeIn(app, listRoute.path),
    {
      schema: {
        summary: listRoute.summary,
        description:
          "The newest 20 notifications, newest first (`kind`: reminder, email_tasks, plan_ready or webhook_disabled; " +
          "`task_id` null when none or the task was deleted; `late`: a reminder delivered after the " +
          "server was down at its time), and `unread`: how many of all the user's notifications are unread.",
        tags,
        security,
        response: { 200: listRoute.response },
      },
    },
    async (request) => listNotifications(deps.db, currentUser(request).id),
  );

  app.post(
    routeIn(app, readRoute.path),
    {
      schema: {
        summary: readRoute.summary,
        description:
          '`{ "ids": [...] }` (1–100 ids) marks those read, `{ "all": true }` every one. Ids that are ' +
          "not the user's own notifications are ignored. Answers the list as GET does.",
        tags,
        security,
        body: readRoute.body,
        response: { 200: readRoute.response },
      },
    },
    async (request) => markNotificationsRead(deps.db, deps.clock, currentUser(request).id, request.body),
  );
};
