import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatDate } from "@/lib/date-format";

export interface ChartSeries {
  label: string;
  values: number[];
  colour: string;
  /** Dashed, so the line differs from the others by more than its colour. */
  dashed?: boolean;
}

interface UPlotChartProps {
  kind: "bars" | "lines";
  /** The label of each point, in order (dates, months). */
  labels: string[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers (the table below has the numbers). */
  description: string;
  height?: number;
}

/** Ticks of counts fall on whole numbers. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

/** A short tick label: "Nov 27" for a date, "Nov 2026" for a month. */
function tickLabel(label: string): string {
  const [year, month, day] = label.split("-").map(Number);
  if (!year || !month) return label;
  const midday = new Date(Date.UTC(year, month - 1, day ?? 1, 12)).toISOString();
  return formatDate(midday, "UTC", day ? "monthDay" : "month");
}

/**
 * A bar or line chart drawn by uPlot on a canvas, as wide as its container. The canvas is one
 * image to assistive technology; its numbers are in the chart's table.
 */
export function UPlotChart({ kind, labels, series, description, height = 220 }: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
          // Counts: from zero, with room above the highest.
          y: { range: (_, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            values: (_, splits) =>
              splits.map((split) => (Number.isInteger(split) ? tickLabel(labels[split] ?? "") : "")),
            stroke: "currentColor",
            grid: { show: false },
          },
          { stroke: "currentColor", grid: { stroke: "rgba(127,127,127,0.2)" }, incrs: WHOLE_STEPS },
        ],
        series: [
          {},
          ...series.map((entry) => ({
            label: entry.label,
            stroke: entry.colour,
            width: 2,
            ...(entry.dashed ? { dash: [6, 4] } : {}),
            ...(kind === "bars" ? { fill: entry.colour, paths: bars, points: { show: false } } : {}),
          })),
        ],
      },
      [labels.map((_, index) => index), ...series.map((entry) => entry.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 200), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [kind, labels, series, height]);

  return (
    <div className="min-w-0">
      <div
        ref={container}
        role="img"
        aria-label={description}
        className="w-full overflow-hidden text-muted-foreground"
      />
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden>
          {series.map((entry) => (
            <li key={entry.label} className="flex items-center gap-1.5">
              <svg width="20" height="6" aria-hidden>
                <line
                  x1="0"
                  y1="3"
                  x2="20"
                  y2="3"
                  stroke={entry.colour}
                  strokeWidth="3"
                  strokeDasharray={entry.dashed ? "6 4" : undefined}
                />
              </svg>
              {entry.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
