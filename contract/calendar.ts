import { z } from "zod";

/** The private address of the user's calendar feed (iCalendar). */
export const calendarFeedSchema = /* @__PURE__ */ z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
