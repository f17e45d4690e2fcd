import type { Analytics } from "@contract/analytics";
import { describe, expect, it } from "vitest";
import { chartTables, tableToCsv } from "./chart-data";

const analytics: Analytics = {
  from: "2026-11-21",
  to: "2026-11-27",
  completed_per_day: [
    { date: "2026-11-26", count: 2 },
    { date: "2026-11-27", count: 1 },
  ],
  created_per_day: [
    { date: "2026-11-26", count: 3 },
    { date: "2026-11-27", count: 0 },
  ],
  on_time_rate: 50,
  overdue_open: [{ date: "2026-11-27", count: 4 }],
  by_project: [{ project_id: null, completed: 3 }],
  by_tag: [{ tag: 'home, "garden"', completed: 2 }],
  by_priority: [
    { priority: "low", completed: 0 },
    { priority: "medium", completed: 1 },
    { priority: "high", completed: 2 },
    { priority: "urgent", completed: 0 },
  ],
  heatmap: [{ weekday: 5, hour: 9, count: 2 }],
  median_days_to_complete: 1.5,
  ai_uses_per_month: [{ month: "2026-11", count: 7 }],
  streak: { goal: 2, current: 1, longest: 3 },
};

describe("the analytics charts' numbers", () => {
  it("puts created beside completed for each date, and the priorities most urgent first", () => {
    const tables = chartTables(analytics, false);
    expect(tables.createdVsCompleted).toEqual({
      columns: ["Date", "Created", "Completed"],
      rows: [
        ["2026-11-26", 3, 2],
        ["2026-11-27", 0, 1],
      ],
    });
    expect(tables.byPriority.rows.map((row) => row[0])).toEqual(["urgent", "high", "medium", "low"]);
    expect(tables.byProject.rows).toEqual([["No project", 3]]);
    const named = chartTables(
      { ...analytics, by_project: [{ project_id: "p1", completed: 2 }] },
      false,
      new Map([["p1", "Garden"]]),
    );
    expect(named.byProject.rows).toEqual([["Garden", 2]]);
    expect(tables.heatmap.rows[4]?.slice(0, 11)).toEqual(["Friday", 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it("names the date column by the week for long ranges", () => {
    expect(chartTables(analytics, true).completed.columns).toEqual(["Week starting", "Completed"]);
  });

  it("writes RFC 4180 CSV: a header row, CRLF line ends, quoted fields where needed", () => {
    expect(tableToCsv(chartTables(analytics, false).byTag)).toBe('Tag,Completed\r\n"home, ""garden""",2\r\n');
  });
});
