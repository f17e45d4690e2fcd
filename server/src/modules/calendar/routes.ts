import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { calendarFeed, calendarFile, rotateCalendarFeed } from "./service";

const tags = ["calendar"];
const security = [{ bearerAuth: [] }];
const unauthorized = { 401: errorBodySchema.describe("No valid bearer token") };

/**
 * The private calendar feed and its address. Showing and rotating the address needs a bearer
 * token; the feed itself is read by calendar apps, which hold only the secret address.
 */
export const calendarModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock, config } = deps;

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", authenticate(deps));

    signedIn.get(
      routeIn(app, apiRoutes.calendarFeed.path),
      {
        schema: {
          summary: apiRoutes.calendarFeed.summary,
          description:
            "An absolute address `<PUBLIC_URL>/api/v1/calendar/<secret>.ics` that calendar apps " +
            "(Google Calendar, Apple Calendar, Thunderbird) can subscribe to. Made on first call; " +
            "the same until rotated. Anyone with the address can read the feed: keep it private.",
          tags,
          security,
          response: { 200: apiRoutes.calendarFeed.response, ...unauthorized },
        },
      },
      async (request) => calendarFeed(db, clock, config.publicUrl, currentUser(request).id),
    );

    signedIn.post(
      routeIn(app, apiRoutes.rotateCalendarFeed.path),
      {
        schema: {
          summary: apiRoutes.rotateCalendarFeed.summary,
          description: "A new random address; the previous one answers 404 from now on.",
          tags,
          security,
          response: { 200: apiRoutes.rotateCalendarFeed.response, ...unauthorized },
        },
      },
      async (request) => rotateCalendarFeed(db, clock, config.publicUrl, currentUser(request).id),
    );
  });

  app.get(
    routeIn(app, apiRoutes.calendarIcs.path),
    {
      // The address is the credential: keep it out of the request logs.
      logLevel: "warn",
      schema: {
        summary: apiRoutes.calendarIcs.summary,
        description:
          "iCalendar (RFC 5545), `text/calendar`. Each pending or in-progress task with a due date " +
          "is an event: an all-day event when the task is due on a day without a time, else a " +
          "30-minute event at its time. Times are UTC; the user's zone is named in X-WR-TIMEZONE. " +
          "`?project=<id>` limits the feed to the tasks of one of the owner's projects. " +
          "404 for an unknown or rotated address, or a project that is not the owner's.",
        tags,
        params: z.object({ file: z.string().describe("<secret>.ics") }),
        querystring: apiRoutes.calendarIcs.query,
        produces: ["text/calendar", "application/json"],
        response: {
          200: z.string().describe("The iCalendar file"),
          404: errorBodySchema.describe("No feed at this address"),
        },
      },
    },
    async (request, reply) => {
      const body = await calendarFile(db, clock, request.params.file, request.query.project);
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", 'inline; filename="tasklane.ics"')
        .header("Cache-Control", "private, no-cache")
        .send(body);
    },
  );
};
