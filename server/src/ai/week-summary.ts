/** What a weekly review's summary is written from: counts and a few titles, no task ids. */
export interface WeekFacts {
  /** "2026-W48" */
  week: string;
  completed: number;
  /** Completed tasks that had a due date, and those of them done on or before it. */
  completedWithDueDate: number;
  completedOnTime: number;
  slipped: number;
  carriedOver: number;
  upcoming: number;
  /** The following week's busiest day ("Tuesday") and how many tasks fall due on it. */
  busiestDay: { weekday: string; count: number } | null;
  /** Titles of a few slipped tasks, for the model to name. */
  slippedTitles: string[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The summary the built-in engine writes (and the fallback when the model cannot answer). */
export function weekSummaryTemplate(facts: WeekFacts): string {
  const onTime =
    facts.completedWithDueDate > 0
      ? ` (${facts.completedOnTime} of ${facts.completedWithDueDate} with a due date on time)`
      : "";
  const slipped =
    facts.slipped === 0
      ? "Nothing slipped past its due date"
      : `${count(facts.slipped, "task", "tasks")} slipped past ${facts.slipped === 1 ? "its" : "their"} due date`;
  const next =
    facts.upcoming === 0
      ? "Nothing is due next week yet."
      : `Next week ${count(facts.upcoming, "task is", "tasks are")} due${facts.busiestDay ? `, the most on ${facts.busiestDay.weekday} (${facts.busiestDay.count})` : ""}.`;
  // A week with nothing done, due or open (a new account's first) is said to be empty, not counted.
  if (facts.completed === 0 && facts.slipped === 0 && facts.carriedOver === 0) {
    return `Week ${facts.week.slice(-2).replace(/^0/, "")} was empty: no task was completed or due. ${next}`;
  }
  return [
    `In week ${facts.week.slice(-2).replace(/^0/, "")} you completed ${count(facts.completed, "task", "tasks")}${onTime}.`,
    `${slipped}, and ${count(facts.carriedOver, "open task is", "open tasks are")} carried over.`,
    next,
  ].join(" ");
}
