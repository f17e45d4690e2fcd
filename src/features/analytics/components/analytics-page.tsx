import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  WEEKLY_BUCKETS_FROM_DAYS,
  type Analytics,
  type AnalyticsRange,
} from "@contract/analytics";
import { CalendarCheck } from "lucide-react";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/error-message";
import { useAnalytics } from "@/api/analytics/analytics-queries";
import { useProjects } from "@/api/projects/project-queries";
import { CHART_COLOURS, chartTables } from "../chart-data";
import { BreakdownBars } from "./breakdown-bars";
import { ChartPanel } from "./chart-panel";
import { CompletionHeatmap } from "./completion-heatmap";
import { UPlotChart } from "./uplot-chart";
import { dayCount } from "@/lib/day-count";

function rangeFrom(value: string | null): AnalyticsRange {
  const days = Number(value);
  return ANALYTICS_RANGES.includes(days as AnalyticsRange)
    ? (days as AnalyticsRange)
    : DEFAULT_ANALYTICS_RANGE;
}

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

/** /analytics: progress over the last 7, 30, 90 or 365 days, each chart with its table and CSV. */
export function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = rangeFrom(searchParams.get("days"));
  const analytics = useAnalytics(days);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Analytics</h1>
          <p className="text-sm text-muted-foreground">Your progress, counted in your timezone.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Range" className="inline-flex rounded-md border p-0.5">
            {ANALYTICS_RANGES.map((range) => (
              <Button
                key={range}
                size="sm"
                variant={range === days ? "default" : "ghost"}
                aria-pressed={range === days}
                onClick={() => setSearchParams({ days: String(range) }, { replace: true })}
              >
                {range} days
              </Button>
            ))}
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to="/review">
              <CalendarCheck aria-hidden />
              Weekly review
            </Link>
          </Button>
        </div>
      </header>
      {analytics.isPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading analytics">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : analytics.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to load analytics. Please try again.</AlertTitle>
          <AlertDescription>{errorMessage(analytics.error, "Unknown error occurred")}</AlertDescription>
        </Alert>
      ) : (
        <AnalyticsCharts analytics={analytics.data} days={days} />
      )}
    </div>
  );
}

function AnalyticsCharts({ analytics, days }: { analytics: Analytics; days: AnalyticsRange }) {
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
  const per = weekly ? "week" : "day";
  const labels = useMemo(() => analytics.completed_per_day.map((entry) => entry.date), [analytics]);
  const completedSeries = useMemo(
    () => [
      {
        label: "Completed",
        values: analytics.completed_per_day.map((entry) => entry.count),
        colour: CHART_COLOURS.blue,
      },
    ],
    [analytics],
  );
  const createdSeries = useMemo(
    () => [
      {
        label: "Created",
        values: analytics.created_per_day.map((entry) => entry.count),
        colour: CHART_COLOURS.vermillion,
        dashed: true,
      },
      completedSeries[0] as (typeof completedSeries)[number],
    ],
    [analytics, completedSeries],
  );
  const overdueSeries = useMemo(
    () => [
      {
        label: "Open overdue tasks",
        values: analytics.overdue_open.map((entry) => entry.count),
        colour: CHART_COLOURS.vermillion,
      },
    ],
    [analytics],
  );
  const aiLabels = useMemo(() => analytics.ai_uses_per_month.map((entry) => entry.month), [analytics]);
  const aiSeries = useMemo(
    () => [
      {
        label: "AI uses",
        values: analytics.ai_uses_per_month.map((entry) => entry.count),
        colour: CHART_COLOURS.green,
      },
    ],
    [analytics],
  );
  const totalCompleted = analytics.completed_per_day.reduce((sum, entry) => sum + entry.count, 0);
  const totalCreated = analytics.created_per_day.reduce((sum, entry) => sum + entry.count, 0);
  const overdueNow = analytics.overdue_open.at(-1)?.count ?? 0;
  const file = (name: string) => `tasklane-${name}-${analytics.from}-to-${analytics.to}`;

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
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ChartPanel
          title={`Completed per ${per}`}
          description={weekly ? "Each bar is a week, starting Monday." : "Tasks completed each day."}
          table={tables.completed}
          filename={file("completed")}
        >
          <UPlotChart
            kind="bars"
            labels={labels}
            series={completedSeries}
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
            labels={labels}
            series={createdSeries}
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
            labels={analytics.overdue_open.map((entry) => entry.date)}
            series={overdueSeries}
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
        <ChartPanel
          title="By priority"
          description="Tasks completed in this range by priority."
          table={tables.byPriority}
          filename={file("by-priority")}
        >
          <BreakdownBars
            table={tables.byPriority}
            colour={CHART_COLOURS.blue}
            empty="Nothing completed yet."
          />
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
          <BreakdownBars
            table={tables.byProject}
            colour={CHART_COLOURS.green}
            empty="Nothing completed yet."
          />
        </ChartPanel>
        <ChartPanel
          title="AI uses per month"
          description="Extractions, daily plans and summaries written by AI."
          table={tables.aiUses}
          filename={file("ai-uses")}
        >
          <UPlotChart
            kind="bars"
            labels={aiLabels}
            series={aiSeries}
            description={`Bar chart of AI uses per month: ${aiSeries[0]?.values.join(", ")}.`}
          />
        </ChartPanel>
      </div>
    </>
  );
}
