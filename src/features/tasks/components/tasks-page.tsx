import { DEFAULT_TIME_ZONE } from "@contract/common";
import type { Task } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from "react";
import { useTaskSearchParam } from "@/lib/task-search-param";
import { useSessionStore } from "@/stores/session-store";
import { activeProjects, projectQueries } from "@/api/projects/project-queries";
import { usePendingDeletionIds } from "@/api/tasks/task-mutations";
import { Button } from "@/components/ui/button";
import { selectionKey, useTaskSelection } from "../task-selection";
import { useOpenTaskFromUrl } from "../use-open-task-from-url";
import { useTaskCardActions } from "../use-task-card-actions";
import { useScreenTasks } from "../use-screen-tasks";
import { useTaskViewState } from "../use-task-view-state";
import { useVisibleTasks } from "../use-visible-tasks";
import { BulkActionsBar } from "./bulk-actions-bar";
import { TaskDialogs, useTaskDialogs } from "./task-dialogs";
import { TasksContent } from "./tasks-content";
import { TasksHeading } from "./tasks-heading";
import { TasksToolbar } from "./tasks-toolbar";

/** The tree's dialogs (the completion question, Move to project) download when first wanted. */
const CompleteSubtasksDialog = lazy(() =>
  import("./task-tree-dialogs").then((module) => ({ default: module.CompleteSubtasksDialog })),
);
const MoveToProjectDialog = lazy(() =>
  import("./task-tree-dialogs").then((module) => ({ default: module.MoveToProjectDialog })),
);

interface TasksPageProps {
  quickAdd?: ReactNode;
  /** A project's page: only its tasks, created in it, under this heading instead of "Tasks". */
  project?: { id: string; heading: (onCreate: () => void) => ReactNode };
}

/** The Tasks screen (/tasks), and each project's page with the same search, filters and views. */
export function TasksPage({ quickAdd, project }: TasksPageProps = {}) {
  const timeZone = useSessionStore((state) => state.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const projects = useQuery({ ...projectQueries.list(), select: activeProjects });
  // The same search as the header's box: both keep it in the URL (?q=).
  const [search, setSearch, settleSearch] = useTaskSearchParam();
  const viewControls = useTaskViewState();
  const { tasksQuery, completedPages } = useScreenTasks(viewControls.state, project?.id);
  const shown = useVisibleTasks(
    tasksQuery.data,
    usePendingDeletionIds(),
    viewControls.state,
    search,
    timeZone,
    project?.id,
  );
  const dialogs = useTaskDialogs();
  useOpenTaskFromUrl(tasksQuery, dialogs.openEdit);
  const [moving, setMoving] = useState<Task | null>(null);
  const [treeDialogsWanted, setTreeDialogsWanted] = useState(false);
  const openMove = useCallback((task: Task) => {
    setTreeDialogsWanted(true);
    setMoving(task);
  }, []);
  const { actions, question, answerQuestion } = useTaskCardActions(
    dialogs.openEdit,
    timeZone,
    shown.index,
    openMove,
  );

  // The selection is this screen's: it ends when the screen closes.
  useEffect(() => useTaskSelection.getState().clear, []);

  return (
    <div
      className="space-y-3"
      onKeyDown={(event) => {
        if (event.currentTarget.contains(event.target as Node) && selectionKey(event)) event.preventDefault();
      }}
    >
      {project ? project.heading(dialogs.openCreate) : <TasksHeading onCreate={dialogs.openCreate} />}
      {quickAdd}
      <TasksToolbar
        search={search}
        onSearchChange={setSearch}
        onSearchSettle={settleSearch}
        shownCount={tasksQuery.isSuccess ? shown.visibleTasks.length : undefined}
        viewControls={viewControls}
        tags={shown.allTags}
        projects={project ? undefined : projects.data}
      />
      <TasksContent
        tasksQuery={tasksQuery}
        shown={shown}
        searching={search.trim().length > 0}
        timeZone={timeZone}
        actions={actions}
        onCreate={dialogs.openCreate}
        layout={viewControls.state.layout}
      />
      {tasksQuery.isSuccess && completedPages?.hasMore && (
        <div className="flex justify-center">
          <Button variant="outline" disabled={completedPages.loading} onClick={completedPages.loadMore}>
            {completedPages.loading ? "Loading…" : "Load more completed tasks"}
          </Button>
        </div>
      )}
      <BulkActionsBar index={shown.index} timeZone={timeZone} projects={projects.data} />
      <TaskDialogs {...dialogs} timeZone={timeZone} defaultProjectId={project?.id} />
      {(treeDialogsWanted || question !== null) && (
        <Suspense fallback={null}>
          <CompleteSubtasksDialog question={question} onAnswer={answerQuestion} />
          <MoveToProjectDialog task={moving} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </div>
  );
}
