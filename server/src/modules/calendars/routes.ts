import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes, taskIdParamsSchema } from "@contract/routes";
import { CALENDAR_MAX_BYTES } from "@contract/planning";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { userTimeZone } from "../../lib/time-zone";
import { authenticate, currentUser } from "../auth";
import {
  deleteCalendar,
  importCalendar,
  listCalendarEvents,
  listCalendars,
  subscribeCalendar,
  syncCalendar,
} from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["calendars"];

const SUBSCRIBE_DESCRIPTION = [
  "Subscribes to a calendar by its ICS address (the private address Google Calendar, Outlook,",
  "Fastmail or Nextcloud give; `webcal://` is fetched as `https://`). The address is fetched once",
  "before the answer: one that cannot be reached, answers other than 200, is larger than 5 MiB,",
  "takes longer than 15 s or is not iCalendar is refused with 400 saying why, and nothing is",
  "stored. Loopback and private addresses are refused unless the server sets",
  "`CALENDAR_ALLOW_PRIVATE=true`. Then one server instance fetches it again every 15 minutes; a",
  "failed fetch keeps the last good copy and shows why in `error`.",
].join("\n");

const IMPORT_DESCRIPTION = [
  "Uploads an `.ics` file as a calendar: the request body is the file, sent as `text/calendar`",
  "(at most 5 MiB). `?name=` names it; otherwise the file's own name (X-WR-CALNAME) or",
  '"Imported calendar". It is never fetched again (its `url` is null).',
].join("\n");

const EVENTS_DESCRIPTION = [
  "The events of all the user's calendars that overlap the window [from, to), at most 92 days,",
  "with recurring events expanded (RRULE, RDATE, EXDATE, and occurrences moved or cancelled by a",
  "RECURRENCE-ID), times read in their VTIMEZONE and answered in UTC. An all-day event spans",
  "00:00Z of its first date to 00:00Z after its last (`all_day: true`) and is listed for the",
  "dates of the window in the user's time zone; a floating time is read in the user's time zone.",
  "Cancelled events are left out. Read only: events are never changed.",
].join("\n");

/**
 * The calendars a user reads (free/busy) and their events. Registered under /api/v1 since the
 * contract puts the calendars at /api/v1/calendars and their events at /api/v1/calendar/events.
 */
export const calendarsModule: ModulePlugin = async (app, { deps }) => {
  const { db } = deps;
  app.addHook("onRequest", authenticate(deps));
  // The one call that takes a calendar file as it is; this scope only.
  app.addContentTypeParser(
    "text/calendar",
    { parseAs: "string", bodyLimit: CALENDAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  const {
    listCalendars: listRoute,
    subscribeCalendar: subscribeRoute,
    importCalendar: importRoute,
  } = apiRoutes;
  const { deleteCalendar: deleteRoute, syncCalendar: syncRoute, calendarEvents: eventsRoute } = apiRoutes;

  app.get(
    routeIn(app, listRoute.path),
    { schema: { summary: listRoute.summary, tags, security, response: { 200: listRoute.response } } },
    async (request) => listCalendars(db, currentUser(request).id),
  );

  app.post(
    routeIn(app, subscribeRoute.path),
    {
      schema: {
        summary: subscribeRoute.summary,
        description: SUBSCRIBE_DESCRIPTION,
        tags,
        security,
        body: subscribeRoute.body,
        response: { 201: subscribeRoute.response },
      },
    },
    async (request, reply) => {
      const calendar = await subscribeCalendar(deps, currentUser(request).id, request.body);
      return reply.status(201).send(calendar);
    },
  );

  app.post(
    routeIn(app, importRoute.path),
    {
      bodyLimit: CALENDAR_MAX_BYTES,
      schema: {
        summary: importRoute.summary,
        description: IMPORT_DESCRIPTION,
        tags,
        security,
        consumes: ["text/calendar"],
        querystring: importRoute.query,
        response: {
          201: importRoute.response,
          415: errorBodySchema.describe("The body is not sent as text/calendar"),
        },
      },
    },
    async (request, reply) => {
      const type = request.headers["content-type"] ?? "";
      if (typeof request.body !== "string" || !/^text\/calendar\b/i.test(type)) {
        return reply
          .status(415)
          .send({ message: "Send the .ics file as the body, with Content-Type: text/calendar" });
      }
      const calendar = await importCalendar(deps, currentUser(request).id, request.body, request.query.name);
      return reply.status(201).send(calendar);
    },
  );

  app.delete(
    routeIn(app, deleteRoute.path),
    {
      schema: {
        summary: deleteRoute.summary,
        tags,
        security,
        params: taskIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      await deleteCalendar(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    routeIn(app, syncRoute.path),
    {
      schema: {
        summary: syncRoute.summary,
        tags,
        security,
        params: taskIdParamsSchema,
        response: { 200: syncRoute.response },
      },
    },
    async (request) => syncCalendar(deps, currentUser(request).id, request.params.id),
  );

  app.get(
    routeIn(app, eventsRoute.path),
    {
      schema: {
        summary: eventsRoute.summary,
        description: EVENTS_DESCRIPTION,
        tags,
        security,
        querystring: eventsRoute.query,
        response: { 200: eventsRoute.response },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return listCalendarEvents(db, user.id, userTimeZone(user), request.query.from, request.query.to);
    },
  );
};
