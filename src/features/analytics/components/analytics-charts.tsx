import { WEEKLY_BUCKETS_FROM_DAYS, type Analytics, type AnalyticsRange } from "@contract/analytics";
import { useMemo } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { useProjects } from "@/api/projects/project-queries";
import { dayCount } from "@/lib/day-count";
import { CHART_COLOURS, chartTables } from "../chart-data";
import { BreakdownBars } from "./breakdown-bars";
import { ChartPanel } from "./chart-panel";
import { CompletionHeatmap } from "./completion-heatmap";
import { UPlotChart } from "./uplot-chart";

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-5">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold tabular-nums">{value}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </CardContent>
    </Card>
  );
}

interface Totals {
  totalCompleted: number;
  totalCreated: number;
  overdueNow: number;
}

/** The range's totals and the four figures above the charts. */
function AnalyticsSummary({ analytics, totals }: { analytics: Analytics; totals: Totals }) {
  const { totalCompleted, totalCreated, overdueNow } = totals;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {analytics.from} to {analytics.to}: {totalCompleted} completed, {totalCreated} created.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="On-time rate"
          value={analytics.on_time_rate === null ? "—" : `${analytics.on_time_rate}%`}
          hint="Completed on or before the due date"
        />
        <Stat
          label="Median time to complete"
          value={
            analytics.median_days_to_complete === null ? "—" : dayCount(analytics.median_days_to_complete)
          }
          hint="From creation to completion"
        />
        <Stat label="Open overdue tasks" value={String(overdueNow)} hint="Past their due date now" />
        <Stat
          label="Streak"
          value={analytics.streak.goal === null ? "—" : dayCount(analytics.streak.current)}
          hint={
            analytics.streak.goal === null
              ? "Set a daily goal in Settings"
              : `Longest ${dayCount(analytics.streak.longest)} at ${analytics.streak.goal} a day`
          }
        />
      </div>
    </>
  );
}

/** The series each chart draws, worked out once per answer. */
function useChartSeries(analytics: Analytics) {
  return useMemo(() => {
    const completed = {
      label: "Completed",
      values: analytics.completed_per_day.map((entry) => entry.count),
      colour: CHART_COLOURS.blue,
    };
    return {
      labels: analytics.completed_per_day.map((entry) => entry.date),
      completed: [completed],
      createdVsCompleted: [
        {
          label: "Created",
          values: analytics.created_per_day.map((entry) => entry.count),
          colour: CHART_COLOURS.vermillion,
          dashed: true,
        },
        completed,
      ],
      overdueLabels: analytics.overdue_open.map((entry) => entry.date),
      overdue: [
        {
          label: "Open overdue tasks",
          values: analytics.overdue_open.map((entry) => entry.count),
          colour: CHART_COLOURS.vermillion,
        },
      ],
      aiLabels: analytics.ai_uses_per_month.map((entry) => entry.month),
      ai: [
        {
          label: "AI uses",
          values: analytics.ai_uses_per_month.map((entry) => entry.count),
          colour: CHART_COLOURS.green,
        },
      ],
      totalCompleted: completed.values.reduce((sum, count) => sum + count, 0),
      totalCreated: analytics.created_per_day.reduce((sum, entry) => sum + entry.count, 0),
    };
  }, [analytics]);
}

/** What was completed, by priority, tag and project. */
function BreakdownPanels({
  tables,
  file,
}: {
  tables: ReturnType<typeof chartTables>;
  file: (name: string) => string;
}) {
  return (
    <>
      <ChartPanel
        title="By priority"
        description="Tasks completed in this range by priority."
        table={tables.byPriority}
        filename={file("by-priority")}
      >
        <BreakdownBars table={tables.byPriority} colour={CHART_COLOURS.blue} empty="Nothing completed yet." />
      </ChartPanel>
      <ChartPanel
        title="By tag"
        description="Tasks completed in this range by tag."
        table={tables.byTag}
        filename={file("by-tag")}
      >
        <BreakdownBars
          table={tables.byTag}
          colour={CHART_COLOURS.purple}
          empty="No tagged tasks completed."
        />
      </ChartPanel>
      <ChartPanel
        title="By project"
        description="Tasks completed in this range by project."
        table={tables.byProject}
        filename={file("by-project")}
      >
        <BreakdownBars table={tables.byProject} colour={CHART_COLOURS.green} empty="Nothing completed yet." />
      </ChartPanel>
    </>
  );
}

/** The figures and charts of one range, each chart with its table and CSV. */
export function AnalyticsCharts({ analytics, days }: { analytics: Analytics; days: AnalyticsRange }) {
  const weekly = days >= WEEKLY_BUCKETS_FROM_DAYS;
  const projects = useProjects();
  const projectNames = useMemo(
    () => new Map((projects.data ?? []).map((project) => [project.id, project.name])),
    [projects.data],
  );
  const tables = useMemo(
    () => chartTables(analytics, weekly, projectNames),
    [analytics, weekly, projectNames],
  );
  const series = useChartSeries(analytics);
  const { totalCompleted, totalCreated } = series;
  const per = weekly ? "week" : "day";
  const overdueNow = analytics.overdue_open.at(-1)?.count ?? 0;
  const file = (name: string) => `tasklane-${name}-${analytics.from}-to-${analytics.to}`;

  return (
    <>
      <AnalyticsSummary analytics={analytics} totals={{ totalCompleted, totalCreated, overdueNow }} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ChartPanel
          title={`Completed per ${per}`}
          description={weekly ? "Each bar is a week, starting Monday." : "Tasks completed each day."}
          table={tables.completed}
          filename={file("completed")}
        >
          <UPlotChart
            kind="bars"
            labels={series.labels}
            series={series.completed}
            description={`Bar chart of tasks completed per ${per}: ${totalCompleted} in all.`}
          />
        </ChartPanel>
        <ChartPanel
          title="Created and completed"
          description={`Tasks created against tasks completed, per ${per}.`}
          table={tables.createdVsCompleted}
          filename={file("created-and-completed")}
        >
          <UPlotChart
            kind="lines"
            labels={series.labels}
            series={series.createdVsCompleted}
            description={`Line chart of tasks created (${totalCreated}) and completed (${totalCompleted}) per ${per}.`}
          />
        </ChartPanel>
        <ChartPanel
          title="Open overdue tasks"
          description={`Open tasks past their due date at the end of each ${per}.`}
          table={tables.overdue}
          filename={file("overdue")}
        >
          <UPlotChart
            kind="lines"
            labels={series.overdueLabels}
            series={series.overdue}
            description={`Line chart of open overdue tasks over time; ${overdueNow} now.`}
          />
        </ChartPanel>
        <ChartPanel
          title="Completions by weekday and hour"
          description="When you get things done."
          table={tables.heatmap}
          filename={file("weekday-hour")}
        >
          <CompletionHeatmap heatmap={analytics.heatmap} />
        </ChartPanel>
        <BreakdownPanels tables={tables} file={file} />
        <ChartPanel
          title="AI uses per month"
          description="Extractions, daily plans and summaries written by AI."
          table={tables.aiUses}
          filename={file("ai-uses")}
        >
          <UPlotChart
            kind="bars"
            labels={series.aiLabels}
            series={series.ai}
            description={`Bar chart of AI uses per month: ${series.ai[0]?.values.join(", ")}.`}
          />
        </ChartPanel>
      </div>
    </>
  );
}
