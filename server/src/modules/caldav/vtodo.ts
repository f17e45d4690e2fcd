import ICAL from "ical.js";
import { fromZonedTime } from "date-fns-tz";
import { isValidTimeZone } from "@contract/common";
import type { TaskJson, TaskPriority, TaskStatus } from "@contract/tasks";
import { allDayDate } from "../../lib/time-zone";

/**
 * A task as an iCalendar VTODO and back, with no database or HTTP: what CalDAV clients read and
 * write. Tasklane's fields map to their VTODO properties; whatever else a client stores on a task
 * (its own X- properties, a start date, a second alarm) is kept apart as jCal (`extra`) and given
 * back unchanged, so a round trip through Tasklane loses nothing the client wrote.
 */

/** The task fields a VTODO sets: a whole resource, so every field has a value. */
export interface VtodoFields {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  tags: string[];
  recurrence: string | null;
  remind_at: string | null;
}

export interface ParsedVtodo {
  uid: string;
  fields: VtodoFields;
  /** The UID of the parent task (RELATED-TO;RELTYPE=PARENT), null for a top-level task. */
  parentUid: string | null;
  /** JSON array of the jCal properties and components Tasklane does not map; null: none. */
  extra: string | null;
}

/** A resource that is not one VTODO Tasklane can read; the message says why. */
export class VtodoError extends Error {}

const UNTITLED = "Untitled";

/**
 * iCalendar's PRIORITY runs 1 (highest) to 9 (lowest); 0 is "undefined". Tasklane's four sit
 * at 1, 3, 5 and 9; any other value goes to the nearest, a tie to the more urgent.
 */
const PRIORITY_VALUES: Record<TaskPriority, number> = { urgent: 1, high: 3, medium: 5, low: 9 };

export function priorityFromIcal(value: number | undefined): TaskPriority {
  if (value === undefined || !Number.isFinite(value) || value < 1 || value > 9) return "medium";
  if (value <= 2) return "urgent";
  if (value <= 4) return "high";
  if (value <= 7) return "medium";
  return "low";
}

const STATUS_FROM_ICAL: Record<string, TaskStatus> = {
  "NEEDS-ACTION": "pending",
  "IN-PROCESS": "inprogress",
  COMPLETED: "completed",
  CANCELLED: "cancelled",
};
const STATUS_TO_ICAL: Record<TaskStatus, string> = {
  pending: "NEEDS-ACTION",
  inprogress: "IN-PROCESS",
  completed: "COMPLETED",
  cancelled: "CANCELLED",
};

/** Properties Tasklane writes itself from the task; a client's values of them are read or replaced. */
const MAPPED = new Set([
  "uid",
  "dtstamp",
  "created",
  "last-modified",
  "summary",
  "description",
  "due",
  "priority",
  "status",
  "completed",
  "categories",
]);

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function parseCalendar(text: string): ICAL.Component {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (error) {
    throw new VtodoError(`Not valid iCalendar: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A text holding several calendars parses to a list of them: only one is a resource.
  if (!Array.isArray(jcal) || typeof jcal[0] !== "string") throw new VtodoError("Send one VCALENDAR");
  const calendar = new ICAL.Component(jcal as unknown[]);
  if (calendar.name !== "vcalendar") throw new VtodoError("Send one VCALENDAR");
  return calendar;
}

/** The one VTODO of a calendar resource (several with one UID would be a repeating set's overrides). */
function onlyVtodo(calendar: ICAL.Component): ICAL.Component {
  const todos = calendar.getAllSubcomponents("vtodo");
  if (todos.length === 0) throw new VtodoError("This collection holds tasks (VTODO) only");
  if (todos.length > 1) throw new VtodoError("Send one VTODO per resource");
  if (
    calendar.getAllSubcomponents("vevent").length > 0 ||
    calendar.getAllSubcomponents("vjournal").length > 0
  ) {
    throw new VtodoError("This collection holds tasks (VTODO) only");
  }
  return todos[0]!;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, "0");
}

/** "2026-12-01T09:30:00" of a time's own fields, whatever its zone. */
function localText(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

/**
 * An instant from a DATE-TIME: UTC as it is; with a TZID, in that zone (an IANA name, or the
 * VTIMEZONE the calendar sends with it); floating (no zone), in the user's zone. A DATE is a day
 * without a time: Tasklane's all-day due date, the end of that day where the user lives.
 */
function instantOf(
  time: ICAL.Time,
  tzid: string | undefined,
  calendar: ICAL.Component,
  userZone: string,
): string {
  if (time.isDate) {
    return fromZonedTime(
      `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T23:59:59.000`,
      userZone,
    ).toISOString();
  }
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate().toISOString();
  if (tzid) {
    if (isValidTimeZone(tzid)) return fromZonedTime(localText(time), tzid).toISOString();
    const definition = calendar
      .getAllSubcomponents("vtimezone")
      .find((zone) => zone.getFirstPropertyValue("tzid") === tzid);
    if (definition) {
      const zoned = time.clone();
      zoned.zone = new ICAL.Timezone(definition);
      return new Date(zoned.toUnixTime() * 1000).toISOString();
    }
  }
  return fromZonedTime(localText(time), userZone).toISOString();
}

function timeProperty(
  component: ICAL.Component,
  name: string,
  calendar: ICAL.Component,
  userZone: string,
): string | null {
  const property = component.getFirstProperty(name);
  const value = property?.getFirstValue();
  if (!property || !(value instanceof ICAL.Time)) return null;
  const tzid = property.getParameter("tzid");
  return instantOf(value, typeof tzid === "string" ? tzid : undefined, calendar, userZone);
}

function textValue(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" ? value : value === null || value === undefined ? null : String(value);
}

function tagsOf(todo: ICAL.Component): string[] {
  const tags: string[] = [];
  for (const property of todo.getAllProperties("categories")) {
    for (const value of property.getValues()) {
      const tag = String(value).trim();
      if (tag && !tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    }
  }
  return tags;
}

/** The reminder of the first VALARM that gives a time: absolute, or relative to the due or start date. */
function reminderOf(
  alarm: ICAL.Component,
  dates: { due: string | null; start: string | null },
  calendar: ICAL.Component,
  userZone: string,
): string | null {
  const trigger = alarm.getFirstProperty("trigger");
  const value = trigger?.getFirstValue();
  if (!trigger || !value) return null;
  if (value instanceof ICAL.Time) {
    const tzid = trigger.getParameter("tzid");
    return instantOf(value, typeof tzid === "string" ? tzid : undefined, calendar, userZone);
  }
  if (value instanceof ICAL.Duration) {
    const related = trigger.getParameter("related");
    // A task's alarm counts from its start when it says so and has one, else from its due date.
    const base = related === "START" && dates.start ? dates.start : dates.due;
    if (!base) return null;
    return new Date(Date.parse(base) + value.toSeconds() * 1000).toISOString();
  }
  return null;
}

function parentOf(relation: ICAL.Property): string | null {
  const type = relation.getParameter("reltype");
  // RELTYPE defaults to PARENT.
  if (type !== undefined && String(type).toUpperCase() !== "PARENT") return null;
  const value = relation.getFirstValue();
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/**
 * The task a VTODO resource describes. `userZone` places all-day and floating dates. Throws
 * VtodoError for text that is not one VTODO.
 */
export function parseVtodo(text: string, userZone: string): ParsedVtodo {
  const calendar = parseCalendar(text);
  const todo = onlyVtodo(calendar);
  const uid = textValue(todo, "uid")?.trim();
  if (!uid) throw new VtodoError("A VTODO needs a UID");

  const dueDate = timeProperty(todo, "due", calendar, userZone);
  const start = timeProperty(todo, "dtstart", calendar, userZone);
  const extra: unknown[] = [];
  let recurrence: string | null = null;
  let parentUid: string | null = null;
  for (const property of todo.getAllProperties()) {
    if (MAPPED.has(property.name)) continue;
    if (property.name === "rrule" && recurrence === null && dueDate !== null) {
      // Tasklane's rules count from the due date; one without a due date is kept as the client wrote it.
      recurrence = String(property.getFirstValue());
      continue;
    }
    if (property.name === "related-to" && parentUid === null) {
      parentUid = parentOf(property);
      if (parentUid !== null) continue;
    }
    extra.push(property.toJSON());
  }

  let remindAt: string | null = null;
  for (const component of todo.getAllSubcomponents()) {
    if (remindAt === null && component.name === "valarm") {
      remindAt = reminderOf(component, { due: dueDate, start }, calendar, userZone);
      if (remindAt !== null) continue;
    }
    extra.push(component.toJSON());
  }

  const statusText = textValue(todo, "status")?.toUpperCase();
  const status =
    (statusText ? STATUS_FROM_ICAL[statusText] : undefined) ??
    (todo.hasProperty("completed") ? "completed" : "pending");
  const priority = todo.getFirstPropertyValue("priority");
  const description = textValue(todo, "description");

  return {
    uid,
    fields: {
      title: textValue(todo, "summary")?.trim() || UNTITLED,
      description: description?.trim() ? description : null,
      status,
      priority: priorityFromIcal(typeof priority === "number" ? priority : Number(priority ?? 0)),
      due_date: dueDate,
      tags: tagsOf(todo),
      recurrence,
      remind_at: remindAt,
    },
    parentUid,
    extra: extra.length > 0 ? JSON.stringify(extra) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

function utcTime(iso: string): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

function addExtra(todo: ICAL.Component, extra: string | null, kind: "properties" | "components"): void {
  if (!extra) return;
  let items: unknown;
  try {
    items = JSON.parse(extra);
  } catch {
    return;
  }
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (!Array.isArray(item)) continue;
    // jCal: a component is [name, properties[], components[]]; a property is [name, {params}, type, ...values].
    const isComponent = Array.isArray(item[1]);
    if (kind === "components" && isComponent) todo.addSubcomponent(new ICAL.Component(item));
    if (kind === "properties" && !isComponent) todo.addProperty(new ICAL.Property(item));
  }
}

export interface TaskAsVtodo {
  task: TaskJson;
  uid: string;
  parentUid: string | null;
  extra: string | null;
  /** The owner's zone: an all-day due date is a DATE in it. */
  timeZone: string;
}

/** The iCalendar resource (VCALENDAR with one VTODO) of a task, CRLF line ends, lines folded. */
export function renderVtodo({ task, uid, parentUid, extra, timeZone }: TaskAsVtodo): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", "-//Tasklane//CalDAV//EN");
  const todo = new ICAL.Component("vtodo");
  todo.addPropertyWithValue("uid", uid);
  todo.addPropertyWithValue("dtstamp", utcTime(task.updated_at));
  todo.addPropertyWithValue("created", utcTime(task.created_at));
  todo.addPropertyWithValue("last-modified", utcTime(task.updated_at));
  todo.addPropertyWithValue("summary", task.title);
  if (task.description) todo.addPropertyWithValue("description", task.description);
  if (task.due_date) {
    const day = allDayDate(task.due_date, timeZone);
    if (day) {
      const [year, month, date] = day.split("-").map(Number);
      todo.addPropertyWithValue("due", ICAL.Time.fromData({ year, month, day: date, isDate: true }));
    } else {
      todo.addPropertyWithValue("due", utcTime(task.due_date));
    }
  }
  todo.addPropertyWithValue("priority", PRIORITY_VALUES[task.priority]);
  todo.addPropertyWithValue(
    "status",
    STATUS_TO_ICAL[task.status === "in_progress" ? "inprogress" : task.status],
  );
  if (task.completed_at) todo.addPropertyWithValue("completed", utcTime(task.completed_at));
  if (task.tags.length > 0) {
    const categories = new ICAL.Property("categories");
    categories.setValues(task.tags);
    todo.addProperty(categories);
  }
  if (task.recurrence) todo.addPropertyWithValue("rrule", ICAL.Recur.fromString(task.recurrence));
  if (parentUid) {
    const related = todo.addPropertyWithValue("related-to", parentUid);
    related.setParameter("reltype", "PARENT");
  }
  addExtra(todo, extra, "properties");
  if (task.remind_at) {
    const alarm = new ICAL.Component("valarm");
    alarm.addPropertyWithValue("action", "DISPLAY");
    alarm.addPropertyWithValue("description", task.title);
    // A DATE-TIME trigger: ical.js writes the VALUE=DATE-TIME it needs by itself.
    alarm.addPropertyWithValue("trigger", utcTime(task.remind_at));
    todo.addSubcomponent(alarm);
  }
  addExtra(todo, extra, "components");
  calendar.addSubcomponent(todo);
  return `${calendar.toString()}\r\n`;
}
