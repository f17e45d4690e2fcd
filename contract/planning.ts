import { z } from "zod";
import { isoTimestampSchema, withoutNul } from "./common";

// ---------------------------------------------------------------------------------------------
// Calendars the user reads (free/busy): ICS subscriptions and uploaded files.
// ---------------------------------------------------------------------------------------------

export const CALENDAR_NAME_MAX = 100;
export const CALENDAR_URL_MAX = 2_000;
/** The largest calendar fetched or uploaded, in bytes. */
export const CALENDAR_MAX_BYTES = 5 * 1024 * 1024;
/** How often a subscription is fetched again. */
export const CALENDAR_REFRESH_MINUTES = 15;
/** The widest window GET /api/v1/calendar/events expands. */
export const CALENDAR_EVENTS_MAX_DAYS = 92;

/** A calendar as the server sends it. */
export const calendarJsonSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  /** The subscribed address; null for an uploaded file. */
  url: z.string().nullable(),
  /** When the calendar was last read successfully (ISO, UTC); null before the first success. */
  last_synced_at: z.string().nullable(),
  /** Why the last fetch failed, or null when it succeeded; the last good copy is still used. */
  error: z.string().nullable(),
});
export type CalendarJson = z.infer<typeof calendarJsonSchema>;

const calendarNameSchema = /* @__PURE__ */ withoutNul(
  z
    .string()
    .trim()
    .min(1, { error: "name must not be blank" })
    .max(CALENDAR_NAME_MAX, { error: `name must be at most ${CALENDAR_NAME_MAX} characters` }),
  "name",
);

export const subscribeCalendarRequestSchema = /* @__PURE__ */ z.object({
  url: withoutNul(
    z
      .string({ error: "url is required" })
      .trim()
      .max(CALENDAR_URL_MAX, { error: `url must be at most ${CALENDAR_URL_MAX} characters` })
      .regex(/^(?:https?|webcal):\/\//i, { error: "url must be an http, https or webcal address" }),
    "url",
  ).meta({
    description:
      "The calendar's ICS address (the private address Google, Outlook, Fastmail or Nextcloud give); webcal:// is read as https://",
    example: "https://calendar.example.com/private/abc123/basic.ics",
  }),
  /** Defaults to the calendar's own name (X-WR-CALNAME), else its host. */
  name: calendarNameSchema.optional(),
});
export type SubscribeCalendarRequest = z.input<typeof subscribeCalendarRequestSchema>;

/** POST /api/v1/calendars/import: the body is the .ics file (text/calendar); the name may come here. */
export const importCalendarQuerySchema = /* @__PURE__ */ z.object({
  /** Defaults to the file's own name (X-WR-CALNAME), else "Imported calendar". */
  name: calendarNameSchema.optional(),
});

export const calendarListSchema = /* @__PURE__ */ z.array(calendarJsonSchema);

/** One occurrence of an event, in UTC. An all-day event spans whole days: 00:00Z of its first day
 *  to 00:00Z of the day after its last, to be shown on those dates. */
export const calendarEventJsonSchema = /* @__PURE__ */ z.object({
  calendar_id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
});
export type CalendarEventJson = z.infer<typeof calendarEventJsonSchema>;

export const calendarEventListSchema = /* @__PURE__ */ z.array(calendarEventJsonSchema);

export const calendarEventsQuerySchema = /* @__PURE__ */ z
  .object({
    from: isoTimestampSchema.meta({ description: "Start of the window (ISO-8601 with an offset)" }),
    to: isoTimestampSchema.meta({ description: "End of the window (ISO-8601 with an offset), after from" }),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    error: "to must be after from",
    path: ["to"],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= CALENDAR_EVENTS_MAX_DAYS * 86_400_000, {
    error: `The window must be at most ${CALENDAR_EVENTS_MAX_DAYS} days`,
    path: ["to"],
  });
export type CalendarEventsQuery = z.infer<typeof calendarEventsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The day plan: a proposal that changes nothing, then accept and undo.
// ---------------------------------------------------------------------------------------------

/** Minutes left free between two planned blocks. */
export const PLAN_GAP_MINUTES = 10;
export const PLAN_ACCEPT_MAX_BLOCKS = 200;

const localDateSchema = /* @__PURE__ */ z
  .string({ error: "date must be a date as YYYY-MM-DD" })
  .regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, { error: "date must be a date as YYYY-MM-DD" })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: "date must be a real calendar date",
    },
  )
  .meta({ description: "A day in the user's time zone, YYYY-MM-DD", example: "2026-12-01" });

export const planProposeRequestSchema = /* @__PURE__ */ z.object({ date: localDateSchema });
export type PlanProposeRequest = z.infer<typeof planProposeRequestSchema>;

export const planBlockJsonSchema = /* @__PURE__ */ z.object({
  task_id: z.string(),
  start: z.string(),
  end: z.string(),
  /** Why the block is there, in plain words: "due tomorrow, 90 min, the only free morning slot". */
  reason: z.string(),
});
export type PlanBlockJson = z.infer<typeof planBlockJsonSchema>;

export const planUnscheduledJsonSchema = /* @__PURE__ */ z.object({
  task_id: z.string(),
  reason: z.string(),
});
export type PlanUnscheduledJson = z.infer<typeof planUnscheduledJsonSchema>;

export const planProposalSchema = /* @__PURE__ */ z.object({
  blocks: z.array(planBlockJsonSchema),
  unscheduled: z.array(planUnscheduledJsonSchema),
  /** How many minutes of the tasks wanted today exceed the capacity or the free time; 0 when all fit. */
  overcommitted_minutes: z.number().int(),
});
export type PlanProposal = z.infer<typeof planProposalSchema>;

export const planAcceptRequestSchema = /* @__PURE__ */ z.object({
  date: localDateSchema,
  blocks: z
    .array(
      z
        .object({
          task_id: withoutNul(z.string(), "task_id"),
          start: isoTimestampSchema,
          end: isoTimestampSchema,
        })
        .refine((block) => Date.parse(block.end) > Date.parse(block.start), {
          error: "A block's end must be after its start",
          path: ["end"],
        }),
    )
    .max(PLAN_ACCEPT_MAX_BLOCKS, { error: `At most ${PLAN_ACCEPT_MAX_BLOCKS} blocks` }),
});
export type PlanAcceptRequest = z.infer<typeof planAcceptRequestSchema>;

export const planAcceptResponseSchema = /* @__PURE__ */ z.object({
  /** Hand it to POST /api/v1/plan/undo to put every task back as it was. */
  undo_token: z.string(),
});
export type PlanAcceptResponse = z.infer<typeof planAcceptResponseSchema>;

export const planUndoRequestSchema = /* @__PURE__ */ z.object({
  undo_token: withoutNul(z.string().min(1, { error: "undo_token is required" }), "undo_token"),
});
export type PlanUndoRequest = z.infer<typeof planUndoRequestSchema>;

export const planUndoResponseSchema = /* @__PURE__ */ z.object({
  /** How many tasks were put back. */
  restored: z.number().int(),
});
export type PlanUndoResponse = z.infer<typeof planUndoResponseSchema>;
