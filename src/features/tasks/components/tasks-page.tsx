import { DEFAULT_TIME_ZONE } from "@contract/common";
import type { Task, TaskStatus } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { ClipboardList, Plus, RotateCw, Search } from "lucide-react";
import { lazy, memo, Suspense, useCallback, useMemo, useState, type ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useTaskSearchParam } from "@/lib/task-search-param";
import { useSessionStore } from "@/stores/session-store";
import {
  toggledStatus,
  useChangeTaskStatus,
  useDeleteTask,
  usePendingDeletionIds,
} from "@/api/tasks/task-mutations";
import { taskQueries } from "@/api/tasks/task-queries";
import { buildTaskSearchIndex, searchTasks } from "../search-tasks";
import { filterTasks, sortTasks, todayTasks, upcomingGroups } from "../task-view";
import { useOpenTaskFromUrl } from "../use-open-task-from-url";
import { useTaskViewState } from "../use-task-view-state";
import { TaskList } from "./task-list";
import { TaskViewControls } from "./task-view-controls";
import { UpcomingList } from "./upcoming-list";

/** Three skeleton cards while loading. */
const SKELETON_CARDS = 3;

/**
 * The Create/Edit dialog (with react-hook-form) downloads when it is first wanted, not with the
 * screen: a signed-in route may download at most 250 KB gzip of JavaScript.
 */
const loadTaskFormDialog = () => import("./task-form-dialog");
const TaskFormDialog = lazy(() =>
  loadTaskFormDialog().then((module) => ({ default: module.TaskFormDialog })),
);

/** Pointing at a "Create Task" button starts that download, ahead of the click. */
function preloadTaskFormDialog() {
  // A failed download is shown when the dialog renders (React.lazy imports it again).
  loadTaskFormDialog().catch(() => undefined);
}

/** The screen's title and its "Create Task" button: memoised, a keystroke does not re-render it. */
const TasksHeading = memo(function TasksHeading({ onCreate }: { onCreate(): void }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Tasks</h1>
        <p className="text-muted-foreground">Manage your tasks and stay organized</p>
      </div>
      <Button onClick={onCreate} onPointerEnter={preloadTaskFormDialog} onFocus={preloadTaskFormDialog}>
        <Plus aria-hidden />
        Create Task
      </Button>
    </div>
  );
});

/** The Tasks screen (/tasks). */
export function TasksPage({ quickAdd }: { quickAdd?: ReactNode } = {}) {
  const timeZone = useSessionStore((state) => state.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const tasksQuery = useQuery(taskQueries.list());
  const pendingDeletion = usePendingDeletionIds();
  // The same search as the header's box: both keep it in the URL (?q=).
  const [search, setSearch, settleSearch] = useTaskSearchParam();
  // The list filters in the keystroke's own render: the search index makes filtering 5,000 tasks
  // about a millisecond and only the cards in view render, so one render paints sooner than an
  // urgent one followed by a deferred one.
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Task | null>(null);
  // Once opened, the dialogs stay mounted: closing animates and hands focus back as before.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  const openCreate = useCallback(() => {
    setDialogsMounted(true);
    setCreating(true);
  }, []);
  const onEdit = useCallback((task: Task) => {
    setDialogsMounted(true);
    setEditing(task);
  }, []);

  const onEditingOpenChange = useCallback((open: boolean) => {
    if (!open) setEditing(null);
  }, []);

  const loadedTasks = tasksQuery.data;
  useOpenTaskFromUrl(tasksQuery, onEdit);
  const viewControls = useTaskViewState();
  const { view, sort, statuses, priorities, tags, hideCompleted } = viewControls.state;
  // The order depends only on the list and the sort, so it is worked out once for them, not on
  // every keystroke; the search and the chips then keep the tasks they match in that order (the
  // sort is stable, so this is the same as sorting what they keep).
  const searchIndex = useMemo(
    () =>
      buildTaskSearchIndex(
        sortTasks(
          (loadedTasks ?? []).filter((task) => !pendingDeletion.has(task.id)),
          sort,
        ),
      ),
    [loadedTasks, pendingDeletion, sort],
  );
  const allTags = useMemo(
    () => [...new Set((loadedTasks ?? []).flatMap((task) => task.tags))].sort((a, b) => a.localeCompare(b)),
    [loadedTasks],
  );
  // In order: the search, then the chips, then the view (Today, Upcoming by day).
  const { visibleTasks, dayGroups } = useMemo(() => {
    const chosen = filterTasks(searchTasks(searchIndex, search), {
      statuses,
      priorities,
      tags,
      hideCompleted,
    });
    if (view === "today") return { visibleTasks: todayTasks(chosen, timeZone), dayGroups: null };
    if (view === "upcoming") {
      const groups = upcomingGroups(chosen, timeZone);
      return { visibleTasks: groups.flatMap((group) => group.tasks), dayGroups: groups };
    }
    return { visibleTasks: chosen, dayGroups: null };
  }, [searchIndex, search, statuses, priorities, tags, hideCompleted, view, timeZone]);
  const narrowed = view !== "all" || hideCompleted || statuses.length + priorities.length + tags.length > 0;

  const changeStatus = useChangeTaskStatus();
  const deleteTask = useDeleteTask();
  const { mutate: changeStatusTo } = changeStatus;
  const { mutate: deleteWithUndo } = deleteTask;
  const onToggle = useCallback(
    (task: Task) => changeStatusTo({ task, status: toggledStatus(task) }),
    [changeStatusTo],
  );
  const onStatusChange = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status !== task.status) changeStatusTo({ task, status });
    },
    [changeStatusTo],
  );
  const onDelete = useCallback((task: Task) => deleteWithUndo(task), [deleteWithUndo]);

  let content;
  if (tasksQuery.isPending) {
    content = (
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
  } else if (tasksQuery.isError) {
    content = (
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
  } else if (visibleTasks.length === 0) {
    const searching = search.trim().length > 0;
    const hint = searching
      ? "Try adjusting your search query"
      : narrowed
        ? "Try another view or fewer filters"
        : "Get started by creating your first task";
    content = (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <ClipboardList className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">No tasks found</h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
        {!searching && !narrowed && (
          <Button onClick={openCreate} onPointerEnter={preloadTaskFormDialog} onFocus={preloadTaskFormDialog}>
            <Plus aria-hidden />
            Create Task
          </Button>
        )}
      </Card>
    );
  } else if (dayGroups) {
    content = (
      <UpcomingList
        groups={dayGroups}
        timeZone={timeZone}
        onToggle={onToggle}
        onStatusChange={onStatusChange}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    );
  } else {
    content = (
      <TaskList
        tasks={visibleTasks}
        timeZone={timeZone}
        onToggle={onToggle}
        onStatusChange={onStatusChange}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    );
  }

  return (
    <div className="space-y-6">
      <TasksHeading onCreate={openCreate} />

      {quickAdd}

      <div className="flex items-center gap-3">
        <div className="relative flex-1">
          <Search
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search tasks"
            placeholder="Search tasks..."
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onBlur={settleSearch}
          />
        </div>
        {tasksQuery.isSuccess && (
          <Badge variant="secondary" aria-live="polite" aria-atomic="true">
            {visibleTasks.length} {visibleTasks.length === 1 ? "task" : "tasks"}
          </Badge>
        )}
      </div>

      <TaskViewControls
        state={viewControls.state}
        tags={allTags}
        onViewChange={viewControls.setView}
        onSortChange={viewControls.setSort}
        onStatusesChange={viewControls.setStatuses}
        onPrioritiesChange={viewControls.setPriorities}
        onTagsChange={viewControls.setTags}
        onHideCompletedChange={viewControls.setHideCompleted}
        onClearFilters={viewControls.clearFilters}
      />

      {content}

      {dialogsMounted && (
        <Suspense fallback={null}>
          <TaskFormDialog open={creating} onOpenChange={setCreating} timeZone={timeZone} />
          <TaskFormDialog
            task={editing}
            open={editing !== null}
            onOpenChange={onEditingOpenChange}
            timeZone={timeZone}
          />
        </Suspense>
      )}
    </div>
  );
}
