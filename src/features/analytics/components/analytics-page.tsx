import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from "@contract/analytics";
import { CalendarCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/error-message";
import { useAnalytics } from "@/api/analytics/analytics-queries";
import { AnalyticsCharts } from "./analytics-charts";

function rangeFrom(value: string | null): AnalyticsRange {
  const days = Number(value);
  return ANALYTICS_RANGES.includes(days as AnalyticsRange)
    ? (days as AnalyticsRange)
    : DEFAULT_ANALYTICS_RANGE;
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
