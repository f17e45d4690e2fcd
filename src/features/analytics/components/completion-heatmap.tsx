import type { Analytics } from "@contract/analytics";
import { WEEKDAYS } from "../chart-data";

/**
 * Shades of one blue, light to dark: told apart by lightness alone, so they read the same with any
 * colour-vision deficiency.
 */
const SHADES = ["#f1f5f9", "#c6dbef", "#9ecae1", "#6baed6", "#3182bd", "#08519c"];

function shadeOf(count: number, max: number): string {
  if (count === 0) return SHADES[0] as string;
  const step = Math.ceil((count / max) * (SHADES.length - 1));
  return SHADES[Math.min(step, SHADES.length - 1)] as string;
}

/** Completions by weekday (rows) and hour of the day (columns), darker for more. */
export function CompletionHeatmap({ heatmap }: { heatmap: Analytics["heatmap"] }) {
  const max = Math.max(1, ...heatmap.map((cell) => cell.count));
  const busiest = heatmap.reduce((best, cell) => (cell.count > best.count ? cell : best), {
    weekday: 1,
    hour: 0,
    count: 0,
  });
  const description =
    busiest.count === 0
      ? "No completions in this range."
      : `Completions by weekday and hour; the most, ${busiest.count}, on ${WEEKDAYS[busiest.weekday - 1]} at ${busiest.hour}:00.`;
  return (
    <div role="img" aria-label={description} className="overflow-x-auto">
      <div className="grid min-w-[18rem] grid-cols-[2.25rem_repeat(24,minmax(0,1fr))] gap-px text-[10px] text-muted-foreground">
        {WEEKDAYS.map((name, row) => (
          <div key={name} className="contents">
            <span className="pr-1 leading-4">{name.slice(0, 3)}</span>
            {Array.from({ length: 24 }, (_, hour) => {
              const count =
                heatmap.find((cell) => cell.weekday === row + 1 && cell.hour === hour)?.count ?? 0;
              return (
                <span
                  key={hour}
                  className="h-4 rounded-[2px]"
                  style={{ backgroundColor: shadeOf(count, max) }}
                  title={`${name} ${hour}:00 — ${count}`}
                />
              );
            })}
          </div>
        ))}
        <span />
        {Array.from({ length: 24 }, (_, hour) => (
          <span key={hour} className="text-center">
            {hour % 6 === 0 ? hour : ""}
          </span>
        ))}
      </div>
    </div>
  );
}
