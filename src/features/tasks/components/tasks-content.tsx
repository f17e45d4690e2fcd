import { ClipboardList, RotateCw } from "lucide-react";
import { lazy, Suspense } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { VisibleTasks } from "../use-visible-tasks";
import type { TaskLayout } from "../task-view";
import type { TaskIndex } from "../task-tree";
import type { TaskCardActions } from "./task-card";

/** The board (with its drag-and-drop library) downloads when it is first shown. */
const TaskBoard = lazy(() => import("./task-board").then((module) => ({ default: module.TaskBoard })));
import { TaskList } from "./task-list";
import { CreateTaskButton } from "./tasks-heading";
import { UpcomingList } from "./upcoming-list";

/** Three skeleton cards while loading. */
const SKELETON_CARDS = 3;

interface TasksContentProps {
  /** The list query's state. */
  tasksQuery: { isPending: boolean; isError: boolean; error: unknown; refetch(): Promise<unknown> };
  shown: Pick<VisibleTasks, "visibleTasks" | "dayGroups" | "narrowed">;
  /** The subtask tree of the loaded tasks, for indenting, progress and context. */
  index: TaskIndex;
  searching: boolean;
  timeZone: string;
  actions: TaskCardActions;
  onCreate(): void;
  /** The list (grouped by day in Upcoming) or the board. */
  layout?: TaskLayout;
  /** The projects whose tasks show read-only. */
  readOnlyIds: ReadonlySet<string>;
}

/** The list as loaded: skeletons, the failure with Try again, "No tasks found", or the cards. */
export function TasksContent({
  tasksQuery,
  shown,
  index,
  searching,
  timeZone,
  actions,
  onCreate,
  layout = "list",
  readOnlyIds,
}: TasksContentProps) {
  const { visibleTasks, dayGroups, narrowed } = shown;
  if (tasksQuery.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading tasks">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Card key={index} data-testid="task-skeleton" className="space-y-3 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/3" />
          </Card>
        ))}
      </div>
    );
  }
  if (tasksQuery.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Failed to load tasks. Please try again.</AlertTitle>
        <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
          <span>{errorMessage(tasksQuery.error, "Unknown error occurred")}</span>
          <Button variant="outline" size="sm" onClick={() => void tasksQuery.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (visibleTasks.length === 0) {
    const hint = searching
      ? "Try adjusting your search query"
      : narrowed
        ? "Try another view or fewer filters"
        : "Get started by creating your first task";
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <ClipboardList className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">No tasks found</h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
        {!searching && !narrowed && <CreateTaskButton onCreate={onCreate} />}
      </Card>
    );
  }
  if (layout === "board") {
    return (
      <Suspense fallback={<div role="status" aria-label="Loading the board" className="h-40" />}>
        <TaskBoard tasks={visibleTasks} timeZone={timeZone} {...actions} />
      </Suspense>
    );
  }
  if (dayGroups) return <UpcomingList groups={dayGroups} timeZone={timeZone} {...actions} />;
  return (
    <TaskList tasks={visibleTasks} timeZone={timeZone} index={index} readOnlyIds={readOnlyIds} {...actions} />
  );
}
