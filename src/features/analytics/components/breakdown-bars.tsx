import type { ChartTable } from "../chart-data";

/**
 * A horizontal bar per row of a breakdown (label, count), drawn with plain elements: the label and
 * the number are text, the bar only repeats the number.
 */
export function BreakdownBars({
  table,
  colour,
  empty,
}: {
  table: ChartTable;
  colour: string;
  empty: string;
}) {
  const rows = table.rows.map(([label, count]) => ({ label: String(label), count: Number(count) }));
  const max = Math.max(1, ...rows.map((row) => row.count));
  if (rows.length === 0 || rows.every((row) => row.count === 0)) {
    return <p className="text-sm text-muted-foreground">{empty}</p>;
  }
  return (
    <ul className="grid gap-2">
      {rows.map((row) => (
        <li key={row.label} className="grid grid-cols-[minmax(0,7rem)_1fr_2.5rem] items-center gap-2 text-sm">
          <span className="truncate" title={row.label}>
            {row.label}
          </span>
          <span className="h-3 rounded-sm bg-muted" aria-hidden>
            <span
              className="block h-3 rounded-sm"
              style={{ width: `${(row.count / max) * 100}%`, backgroundColor: colour }}
            />
          </span>
          <span className="text-right tabular-nums">{row.count}</span>
        </li>
      ))}
    </ul>
  );
}
