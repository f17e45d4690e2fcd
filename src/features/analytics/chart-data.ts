import type { Analytics } from "@contract/analytics";
import { TASK_PRIORITIES } from "@contract/tasks";

/**
 * One chart's numbers, as its table alternative and its CSV download show them: a header row and
 * one row per point.
 */
export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

/**
 * Colours that stay apart for the common colour-vision deficiencies (Okabe and Ito's palette);
 * each series also differs by more than colour (solid bars, dashed lines, labels).
 */
export const CHART_COLOURS = {
  blue: "#0072B2",
  vermillion: "#D55E00",
  green: "#009E73",
  purple: "#CC79A7",
} as const;

const ESCAPED = /[",\r\n]/;

/** RFC 4180 text: a header row, CRLF line ends, fields quoted when they need it. */
export function tableToCsv(table: ChartTable): string {
  const field = (value: string | number) => {
    const text = String(value);
    return ESCAPED.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [table.columns, ...table.rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** The label of a series' date column: per day, or per week for long ranges. */
export function periodColumn(weekly: boolean): string {
  return weekly ? "Week starting" : "Date";
}

/** Each chart of the page with its numbers; projects by name where their names are known. */
export function chartTables(
  analytics: Analytics,
  weekly: boolean,
  projectNames: ReadonlyMap<string, string> = new Map(),
) {
  const period = periodColumn(weekly);
  const created = new Map(analytics.created_per_day.map((entry) => [entry.date, entry.count]));
  return {
    completed: {
      columns: [period, "Completed"],
      rows: analytics.completed_per_day.map((entry) => [entry.date, entry.count]),
    },
    createdVsCompleted: {
      columns: [period, "Created", "Completed"],
      rows: analytics.completed_per_day.map((entry) => [
        entry.date,
        created.get(entry.date) ?? 0,
        entry.count,
      ]),
    },
    overdue: {
      columns: [weekly ? "Week starting" : "Date", "Open overdue tasks"],
      rows: analytics.overdue_open.map((entry) => [entry.date, entry.count]),
    },
    byPriority: {
      columns: ["Priority", "Completed"],
      rows: [...TASK_PRIORITIES]
        .reverse()
        .map((priority) => [
          priority,
          analytics.by_priority.find((entry) => entry.priority === priority)?.completed ?? 0,
        ]),
    },
    byTag: {
      columns: ["Tag", "Completed"],
      rows: analytics.by_tag.map((entry) => [entry.tag, entry.completed]),
    },
    byProject: {
      columns: ["Project", "Completed"],
      rows: analytics.by_project.map((entry) => [
        entry.project_id === null ? "No project" : (projectNames.get(entry.project_id) ?? entry.project_id),
        entry.completed,
      ]),
    },
    heatmap: {
      columns: ["Weekday", ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`)],
      rows: WEEKDAYS.map((name, index) => [
        name,
        ...Array.from(
          { length: 24 },
          (_, hour) =>
            analytics.heatmap.find((cell) => cell.weekday === index + 1 && cell.hour === hour)?.count ?? 0,
        ),
      ]),
    },
    aiUses: {
      columns: ["Month", "AI uses"],
      rows: analytics.ai_uses_per_month.map((entry) => [entry.month, entry.count]),
    },
  } satisfies Record<string, ChartTable>;
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
