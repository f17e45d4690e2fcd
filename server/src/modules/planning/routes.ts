import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { acceptPlan, proposePlan, undoPlan } from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["day plan"];

const PROPOSE_DESCRIPTION = [
  "Fits the user's open tasks into the free time of one day's working hours (Settings: days, start",
  "and end in the user's time zone, and the daily capacity), and answers the result without",
  "changing anything.",
  "",
  "- Tasks already planned on that day stay where they are (their blocks come back as they are).",
  "- Order: tasks planned on an earlier day and not done (yesterday's first), overdue, due today,",
  "  due tomorrow, due within a week, then the rest; within each by priority, the order of that",
  "  day's AI plan when one was made, due date and age.",
  "- Each block lasts the task's `duration_minutes` (or the user's default), starts on five",
  "  minutes, leaves 10 minutes to any other block or busy event, never overlaps a busy event",
  "  (all-day events and events marked free do not take time) and, on today, starts after now.",
  "  The blocks add up to `daily_capacity_minutes` at most.",
  "- `unscheduled` lists the tasks wanted that day (carried over, overdue or due that day) that",
  "  did not fit, with why; `overcommitted_minutes` is how long they are together (plus planned",
  "  time beyond the capacity). Tasks due later that do not fit are not listed.",
  "",
  "The same inputs (tasks, events, settings and the time) always give the same proposal.",
].join("\n");

/** The day plan: propose, accept, undo. */
export const planningModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));
  const { proposePlan: proposeRoute, acceptPlan: acceptRoute, undoPlan: undoRoute } = apiRoutes;

  app.post(
    routeIn(app, proposeRoute.path),
    {
      schema: {
        summary: proposeRoute.summary,
        description: PROPOSE_DESCRIPTION,
        tags,
        security,
        body: proposeRoute.body,
        response: { 200: proposeRoute.response },
      },
    },
    async (request) => proposePlan(deps, currentUser(request).id, request.body.date),
  );

  app.post(
    routeIn(app, acceptRoute.path),
    {
      schema: {
        summary: acceptRoute.summary,
        description:
          "Sets each block's task to start at `start` and last until `end` (`scheduled_start` and " +
          "`duration_minutes`), all or none, and answers a token that undoes exactly this change " +
          "(for a week, once). Blocks may differ from the proposal (moved or resized by the user).",
        tags,
        security,
        body: acceptRoute.body,
        response: { 200: acceptRoute.response },
      },
    },
    async (request) => acceptPlan(deps, currentUser(request).id, request.body),
  );

  app.post(
    routeIn(app, undoRoute.path),
    {
      schema: {
        summary: undoRoute.summary,
        description:
          "Puts every task of the accepted plan back to the start and duration it had before " +
          "(tasks deleted since are left out). A token works once.",
        tags,
        security,
        body: undoRoute.body,
        response: { 200: undoRoute.response },
      },
    },
    async (request) => undoPlan(deps, currentUser(request).id, request.body.undo_token),
  );
};
