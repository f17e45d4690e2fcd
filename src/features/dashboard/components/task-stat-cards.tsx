import type { TaskStats } from "@contract/tasks";
import { CheckCircle2, Circle, Clock, ListTodo, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useTaskStats } from "../use-task-stats";

const statCards: { title: string; icon: LucideIcon; value: (stats: TaskStats) => number }[] = [
  { title: "Total Tasks", icon: ListTodo, value: (stats) => stats.total },
  { title: "Completed", icon: CheckCircle2, value: (stats) => stats.completed },
  { title: "In Progress", icon: Clock, value: (stats) => stats.in_progress },
  { title: "Pending", icon: Circle, value: (stats) => stats.pending },
];

/** The four stat cards (total, completed, in progress, pending), counted by the server; 2 × 2 on a phone. */
export function TaskStatCards() {
  const statsQuery = useTaskStats();

  if (statsQuery.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Failed to load tasks. Please try again.</AlertTitle>
        <AlertDescription>{errorMessage(statsQuery.error, "Unknown error occurred")}</AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {statCards.map((card) => (
        <StatCard
          key={card.title}
          title={card.title}
          icon={card.icon}
          value={statsQuery.data && card.value(statsQuery.data)}
        />
      ))}
    </div>
  );
}

function StatCard({
  title,
  icon: Icon,
  value,
}: {
  title: string;
  icon: LucideIcon;
  value: number | undefined;
}) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <CardTitle id={titleId} className="text-sm font-medium">
          {title}
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
        {value === undefined ? (
          <Skeleton className="h-8 w-12" />
        ) : (
          <p className="text-3xl font-bold tabular-nums">{value}</p>
        )}
      </CardContent>
    </Card>
  );
}
