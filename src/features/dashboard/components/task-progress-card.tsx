import { remainingTasks } from "@contract/tasks";
import { ClipboardList } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useAnalytics } from "@/api/analytics/analytics-queries";
import { useTaskStats } from "../use-task-stats";
import { dayCount } from "@/lib/day-count";

/**
 * Today's completions against the daily goal, with the current and longest streak of days that
 * met it; an invitation to set a goal when there is none. Nothing when the server has no analytics.
 */
function DailyGoal() {
  const { data: analytics, isPending } = useAnalytics(7);
  if (isPending) return <Skeleton className="h-10 w-full" />;
  if (!analytics) return null;
  const { goal, current, longest } = analytics.streak;
  if (goal === null) {
    return (
      <p className="text-sm text-muted-foreground">
        <Link to="/settings" className="underline underline-offset-4">
          Set a daily goal
        </Link>{" "}
        to follow a streak.
      </p>
    );
  }
  const today = analytics.completed_per_day.at(-1)?.count ?? 0;
  return (
    <div className="grid gap-2 border-t pt-3">
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-muted-foreground">Today</span>
        <span className="text-sm font-medium tabular-nums">
          {today} of {goal} completed
        </span>
      </div>
      <Progress value={(today / goal) * 100} aria-label="Today's goal" />
      <p className="text-sm text-muted-foreground">
        Current streak {dayCount(current)} · Longest {dayCount(longest)}
      </p>
    </div>
  );
}

/**
 * The Progress card (completion rate and remaining tasks); with no tasks at all it is
 * the dashboard's empty state, which sends the user to /tasks.
 */
export function TaskProgressCard() {
  const { data: stats, isPending, isError } = useTaskStats();
  // The stat cards above show the load failure.
  if (isError) return null;

  if (stats?.total === 0) {
    return (
      <Card className="flex flex-col items-center justify-center gap-3 px-6 py-10 text-center">
        <ClipboardList className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">No tasks yet</h2>
        <p className="text-sm text-muted-foreground">Create your first task to see your progress here.</p>
        <Button asChild>
          <Link to="/tasks">Go to Tasks</Link>
        </Button>
      </Card>
    );
  }

  const remaining = stats ? remainingTasks(stats) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Progress</CardTitle>
        <CardDescription>How much of your list is done</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {isPending || !stats ? (
          <Skeleton className="h-12 w-full" />
        ) : (
          <>
            <div className="flex items-baseline justify-between">
              <span className="text-sm text-muted-foreground">Completion rate</span>
              <span className="text-2xl font-bold tabular-nums">{stats.completion_rate}%</span>
            </div>
            <Progress value={stats.completion_rate} aria-label="Completion rate" />
            <p className="text-sm text-muted-foreground">
              {stats.completed} of {stats.total} completed · {remaining} remaining
            </p>
            <DailyGoal />
          </>
        )}
      </CardContent>
    </Card>
  );
}
