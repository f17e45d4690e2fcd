import { apiRoutes } from "@contract/routes";
import {
  planAcceptRequestSchema,
  planProposeRequestSchema,
  planUndoRequestSchema,
  subscribeCalendarRequestSchema,
  type CalendarEventJson,
  type CalendarJson,
  type PlanProposal,
} from "@contract/planning";
import type { TaskJson } from "@contract/tasks";
import { http, HttpResponse } from "msw";
import { taskStore } from "./tasks";

/**
 * An in-memory fake of the calendars and the day plan, speaking the contract's shapes: the
 * calendars a test seeds and what it adds, the events it seeds (filtered by the window asked),
 * and a planner that answers the proposal a test gives it. Accept writes the blocks into the
 * tasks fake and Undo puts them back. Not cleared between tests by itself: call `planningStore.reset()`.
 */
let calendars: CalendarJson[] = [];
let events: CalendarEventJson[] = [];
let proposals = new Map<string, PlanProposal>();
let undo = new Map<string, Pick<TaskJson, "id" | "scheduled_start" | "duration_minutes">[]>();
let nextId = 1;

/** An address containing this fails its fetches, as an unreachable calendar would. */
export const FAILING_CALENDAR_URL_PART = "unreachable";
export const FAKE_FETCH_ERROR = "The calendar could not be fetched: connection refused";

const EMPTY_PROPOSAL: PlanProposal = { blocks: [], unscheduled: [], overcommitted_minutes: 0 };

export const planningStore = {
  reset(seed: { calendars?: CalendarJson[]; events?: CalendarEventJson[] } = {}): void {
    calendars = (seed.calendars ?? []).map((calendar) => ({ ...calendar }));
    events = (seed.events ?? []).map((event) => ({ ...event }));
    proposals = new Map();
    undo = new Map();
  },
  /** What "Plan my day" answers for `date`. */
  proposeFor(date: string, proposal: PlanProposal): void {
    proposals.set(date, proposal);
  },
  calendars(): CalendarJson[] {
    return calendars.map((calendar) => ({ ...calendar }));
  },
  /** The accepts not yet undone. */
  pendingUndos(): number {
    return undo.size;
  },
};

const message = (text: string, status: number) => HttpResponse.json({ message: text }, { status });
const signedOut = (request: Request) => !request.headers.get("Authorization")?.startsWith("Bearer ");

function fetched(url: string | null): Pick<CalendarJson, "last_synced_at" | "error"> {
  if (url?.includes(FAILING_CALENDAR_URL_PART)) return { last_synced_at: null, error: FAKE_FETCH_ERROR };
  return { last_synced_at: new Date().toISOString(), error: null };
}

export const planningHandlers = [
  http.get(apiRoutes.listCalendars.path, ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    return HttpResponse.json(calendars);
  }),

  http.post(apiRoutes.importCalendar.path, async ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    if (!request.headers.get("Content-Type")?.startsWith("text/calendar"))
      return message("Send the file as text/calendar", 415);
    const body = await request.text();
    if (!body.includes("BEGIN:VCALENDAR")) return message("The file is not an iCalendar file", 400);
    const name = new URL(request.url).searchParams.get("name") ?? "Imported calendar";
    const calendar: CalendarJson = {
      id: `fake-calendar-${nextId++}`,
      name,
      url: null,
      last_synced_at: new Date().toISOString(),
      error: null,
    };
    calendars.push(calendar);
    return HttpResponse.json(calendar, { status: 201 });
  }),

  http.post(apiRoutes.subscribeCalendar.path, async ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const parsed = subscribeCalendarRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return message(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    const { url, name } = parsed.data;
    if (calendars.some((calendar) => calendar.url === url))
      return message("You already read this calendar", 409);
    const calendar: CalendarJson = {
      id: `fake-calendar-${nextId++}`,
      name: name ?? new URL(url.replace(/^webcal:/i, "https:")).host,
      url,
      ...fetched(url),
    };
    calendars.push(calendar);
    return HttpResponse.json(calendar, { status: 201 });
  }),

  http.delete(apiRoutes.deleteCalendar.path, ({ request, params }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const before = calendars.length;
    calendars = calendars.filter((calendar) => calendar.id !== String(params.id));
    if (calendars.length === before) return message("Calendar not found", 404);
    events = events.filter((event) => event.calendar_id !== String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(apiRoutes.syncCalendar.path, ({ request, params }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const calendar = calendars.find((candidate) => candidate.id === String(params.id));
    if (!calendar) return message("Calendar not found", 404);
    if (!calendar.url) return message("An uploaded calendar has no address to fetch", 409);
    const result = fetched(calendar.url);
    // A failed fetch keeps the last good copy's time.
    calendar.error = result.error;
    if (result.last_synced_at) calendar.last_synced_at = result.last_synced_at;
    return HttpResponse.json(calendar);
  }),

  http.get(apiRoutes.calendarEvents.path, ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const url = new URL(request.url);
    const from = Date.parse(url.searchParams.get("from") ?? "");
    const to = Date.parse(url.searchParams.get("to") ?? "");
    if (!(to > from)) return message("to must be after from", 400);
    return HttpResponse.json(
      events.filter((event) => Date.parse(event.end) > from && Date.parse(event.start) < to),
    );
  }),

  http.post(apiRoutes.proposePlan.path, async ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const parsed = planProposeRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return message(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    return HttpResponse.json(proposals.get(parsed.data.date) ?? EMPTY_PROPOSAL);
  }),

  http.post(apiRoutes.acceptPlan.path, async ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const parsed = planAcceptRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return message(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    const before = parsed.data.blocks.map((block) => taskStore.find(block.task_id));
    if (before.some((task) => !task)) return message("Task not found", 404);
    const token = `fake-undo-${nextId++}`;
    undo.set(
      token,
      before.map((task) => ({
        id: task!.id,
        scheduled_start: task!.scheduled_start,
        duration_minutes: task!.duration_minutes,
      })),
    );
    for (const block of parsed.data.blocks) {
      taskStore.update(block.task_id, {
        scheduled_start: new Date(block.start).toISOString(),
        duration_minutes: Math.round((Date.parse(block.end) - Date.parse(block.start)) / 60_000),
      });
    }
    return HttpResponse.json({ undo_token: token });
  }),

  http.post(apiRoutes.undoPlan.path, async ({ request }) => {
    if (signedOut(request)) return message("Not authenticated", 401);
    const parsed = planUndoRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return message(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    const saved = undo.get(parsed.data.undo_token);
    if (!saved) return message("No such undo token", 404);
    undo.delete(parsed.data.undo_token);
    for (const { id, ...fields } of saved) taskStore.update(id, fields);
    return HttpResponse.json({ restored: saved.length });
  }),
];
