import { DEFAULT_TIME_ZONE } from "@contract/common";
import type { Task } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSessionStore } from "@/stores/session-store";
import { activeProjects, projectQueries } from "@/api/projects/project-queries";
import { usePendingDeletionIds } from "@/api/tasks/task-mutations";
import { Button } from "@/components/ui/button";
import { selectionKey, useTaskSelection } from "../task-selection";
import { buildTaskIndex } from "../task-tree";
import { useOpenTaskFromUrl } from "../use-open-task-from-url";
import { useTaskCardActions } from "../use-task-card-actions";
import { useScreenTasks } from "../use-screen-tasks";
import { useTaskViewState } from "../use-task-view-state";
import { BulkActionsBar } from "./bulk-actions-bar";
import { SearchedTasks } from "./searched-tasks";
import { TaskDialogs, useTaskDialogs } from "./task-dialogs";
import { TasksHeading } from "./tasks-heading";

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
  const viewControls = useTaskViewState();
  const { tasksQuery, completedPages } = useScreenTasks(viewControls.state, project?.id);
  // The subtask tree of the loaded tasks (all projects), for indenting, progress and context.
  const index = useMemo(() => buildTaskIndex(tasksQuery.data ?? []), [tasksQuery.data]);
  const pendingDeletion = usePendingDeletionIds();
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
    index,
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
      <SearchedTasks
        tasksQuery={tasksQuery}
        index={index}
        pendingDeletion={pendingDeletion}
        viewControls={viewControls}
        projects={project ? undefined : projects.data}
        timeZone={timeZone}
        actions={actions}
        onCreate={dialogs.openCreate}
        projectId={project?.id}
      />
      {tasksQuery.isSuccess && completedPages?.hasMore && (
        <div className="flex justify-center">
          <Button variant="outline" disabled={completedPages.loading} onClick={completedPages.loadMore}>
            {completedPages.loading ? "Loading…" : "Load more completed tasks"}
          </Button>
        </div>
      )}
      <BulkActionsBar index={index} timeZone={timeZone} projects={projects.data} />
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
