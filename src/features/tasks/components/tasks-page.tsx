import { DEFAULT_TIME_ZONE } from "@contract/common";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTaskSearchParam } from "@/lib/task-search-param";
import { useSessionStore } from "@/stores/session-store";
import { usePendingDeletionIds } from "@/api/tasks/task-mutations";
import { taskQueries } from "@/api/tasks/task-queries";
import { useOpenTaskFromUrl } from "../use-open-task-from-url";
import { useTaskCardActions } from "../use-task-card-actions";
import { useTaskViewState } from "../use-task-view-state";
import { useVisibleTasks } from "../use-visible-tasks";
import { TaskDialogs, useTaskDialogs } from "./task-dialogs";
import { TasksContent } from "./tasks-content";
import { TasksHeading } from "./tasks-heading";
import { TasksToolbar } from "./tasks-toolbar";

/** The Tasks screen (/tasks). */
export function TasksPage({ quickAdd }: { quickAdd?: ReactNode } = {}) {
  const timeZone = useSessionStore((state) => state.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const tasksQuery = useQuery(taskQueries.list());
  // The same search as the header's box: both keep it in the URL (?q=).
  const [search, setSearch, settleSearch] = useTaskSearchParam();
  const viewControls = useTaskViewState();
  const shown = useVisibleTasks(
    tasksQuery.data,
    usePendingDeletionIds(),
    viewControls.state,
    search,
    timeZone,
  );
  const dialogs = useTaskDialogs();
  useOpenTaskFromUrl(tasksQuery, dialogs.openEdit);
  const actions = useTaskCardActions(dialogs.openEdit, timeZone);

  return (
    <div className="space-y-3">
      <TasksHeading onCreate={dialogs.openCreate} />
      {quickAdd}
      <TasksToolbar
        search={search}
        onSearchChange={setSearch}
        onSearchSettle={settleSearch}
        shownCount={tasksQuery.isSuccess ? shown.visibleTasks.length : undefined}
        viewControls={viewControls}
        tags={shown.allTags}
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
      <TaskDialogs {...dialogs} timeZone={timeZone} />
    </div>
  );
}
