/** What a bench section hands back to bench/run.ts to print. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface SectionReport {
  title: string;
  tables: BenchTable[];
  /** Short lines under the tables: how it was measured, what a figure means. */
  notes?: string[];
}

/** Every file in bench/sections default-exports one of these; run.ts finds and runs them in turn. */
export type BenchSection = () => Promise<SectionReport>;

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(1)} ms`;
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A budget's verdict: "MISSED" stands out in a column of "held". */
export function verdict(ok: boolean): string {
  return ok ? "held" : "MISSED";
}

/** A section's budgets: one budgetRow per figure. */
export function budgetsTable(rows: string[][]): BenchTable {
  return { title: "Budgets", columns: ["measure", "figure", "budget", "verdict"], rows };
}

/**
 * A row of budgetsTable: the figure as `show` writes it, its budget (at most or at least `limit`,
 * in `unit`) and its verdict.
 */
export function budgetRow(
  measure: string,
  figure: number,
  budget: { atMost: number } | { atLeast: number },
  unit: string,
  show: (figure: number) => string,
): string[] {
  const [sign, limit, ok] =
    "atMost" in budget
      ? ["≤", budget.atMost, figure <= budget.atMost]
      : ["≥", budget.atLeast, figure >= budget.atLeast];
  return [measure, show(figure), `${sign} ${limit} ${unit}`, verdict(ok)];
}

/** A table as aligned text columns. */
export function renderTable(table: BenchTable): string {
  const widths = table.columns.map((column, index) =>
    Math.max(column.length, ...table.rows.map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [
    table.title,
    line(table.columns),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...table.rows.map(line),
  ].join("\n");
}
