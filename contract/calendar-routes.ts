import { z } from "zod";
import { apiPaths } from "./api-paths";
import { calendarFeedSchema } from "./calendar";
import { withoutNul } from "./common";
import {
  calendarEventListSchema,
  calendarEventsQuerySchema,
  calendarJsonSchema,
  calendarListSchema,
  importCalendarQuerySchema,
  planAcceptRequestSchema,
  planAcceptResponseSchema,
  planProposalSchema,
  planProposeRequestSchema,
  planUndoRequestSchema,
  planUndoResponseSchema,
  subscribeCalendarRequestSchema,
} from "./planning";
import { authErrors, bodyErrors, queryErrors, type RouteDefinition } from "./route-definition";

/** The calendar feed's query: ?project=<id> limits it to one project. */
const calendarIcsQuerySchema = /* @__PURE__ */ z.object({
  project: withoutNul(z.string(), "project").optional(),
});

/** The calendar: the feed, subscribed and uploaded calendars, and planning a day. */
export const calendarRoutes = {
  calendarFeed: {
    method: "GET",
    path: apiPaths.calendarFeed,
    summary: "The private address of the calendar feed",
    auth: true,
    response: calendarFeedSchema,
    errors: { ...authErrors },
  },
  rotateCalendarFeed: {
    method: "POST",
    path: apiPaths.rotateCalendarFeed,
    summary: "Replace the calendar address; the old one stops working",
    auth: true,
    response: calendarFeedSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  calendarIcs: {
    method: "GET",
    path: apiPaths.calendarIcs,
    summary: "The calendar feed (iCalendar); the secret address is the only credential",
    auth: false,
    query: calendarIcsQuerySchema,
    errors: {
      ...queryErrors,
      404: "No feed at this address (unknown or rotated), or ?project= is not one of the feed owner's projects",
    },
  },
  calendarEvents: {
    method: "GET",
    path: apiPaths.calendarEvents,
    summary: "The events of the user's calendars in a window, recurrences expanded, in UTC",
    auth: true,
    query: calendarEventsQuerySchema,
    response: calendarEventListSchema,
    errors: {
      ...queryErrors,
      400: "A bad from or to, to not after from, or a window over 92 days",
      ...authErrors,
    },
  },
  listCalendars: {
    method: "GET",
    path: apiPaths.listCalendars,
    summary: "The calendars the user reads (subscriptions and uploaded files)",
    auth: true,
    response: calendarListSchema,
    errors: { ...authErrors },
  },
  subscribeCalendar: {
    method: "POST",
    path: apiPaths.subscribeCalendar,
    summary: "Subscribe to an ICS address; it is fetched once before the answer, then every 15 minutes",
    auth: true,
    body: subscribeCalendarRequestSchema,
    response: calendarJsonSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, an address that is refused (loopback or private), or a first fetch that failed or did not read as iCalendar (the message says why)",
      ...authErrors,
      409: "The user already reads this address",
    },
  },
  importCalendar: {
    method: "POST",
    path: apiPaths.importCalendar,
    summary: "Upload an .ics file (the body, sent as text/calendar) as a calendar",
    auth: true,
    query: importCalendarQuerySchema,
    response: calendarJsonSchema,
    errors: {
      400: "An empty body or one that does not read as iCalendar",
      ...authErrors,
      413: "The file is larger than 5 MiB",
      415: "The body is not sent as text/calendar",
    },
  },
  deleteCalendar: {
    method: "DELETE",
    path: apiPaths.deleteCalendar,
    summary: "Stop reading a calendar",
    auth: true,
    errors: { ...authErrors, 404: "No such calendar among the signed-in user's" },
  },
  syncCalendar: {
    method: "POST",
    path: apiPaths.syncCalendar,
    summary: "Fetch a subscription now; a failure is recorded in error and the last good copy kept",
    auth: true,
    response: calendarJsonSchema,
    errors: {
      ...bodyErrors,
      ...authErrors,
      404: "No such calendar among the signed-in user's",
      409: "An uploaded calendar has no address to fetch",
    },
  },
  proposePlan: {
    method: "POST",
    path: apiPaths.proposePlan,
    summary: "Propose a schedule of open tasks in a day's free working time (changes nothing)",
    auth: true,
    body: planProposeRequestSchema,
    response: planProposalSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  acceptPlan: {
    method: "POST",
    path: apiPaths.acceptPlan,
    summary: "Apply a schedule: sets the tasks' scheduled_start and duration_minutes",
    auth: true,
    body: planAcceptRequestSchema,
    response: planAcceptResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input: a block shorter than 5 or longer than 720 minutes, a task twice, or a field that breaks the schema",
      ...authErrors,
      404: "A block names a task that is not among the signed-in user's",
    },
  },
  undoPlan: {
    method: "POST",
    path: apiPaths.undoPlan,
    summary: "Put the tasks of an accepted schedule back as they were",
    auth: true,
    body: planUndoRequestSchema,
    response: planUndoResponseSchema,
    errors: { ...bodyErrors, ...authErrors, 404: "No such undo token (unknown, used or expired)" },
  },
} as const satisfies Record<string, RouteDefinition>;
