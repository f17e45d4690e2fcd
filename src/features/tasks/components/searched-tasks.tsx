import type { Project } from "@contract/projects";
import type { Task } from "@contract/tasks";
import { useReadOnlyProjectIds, useSharedWithMeProjectIds } from "@/api/projects/project-queries";
import { useTaskSearchParam } from "@/lib/task-search-param";
import type { TaskIndex } from "../task-tree";
import type { useTaskViewState } from "../use-task-view-state";
import { useVisibleTasks } from "../use-visible-tasks";
import type { TaskCardActions } from "./task-card";
import { TasksContent } from "./tasks-content";
import { TasksToolbar } from "./tasks-toolbar";

interface SearchedTasksProps {
  /** The list query's state and data. */
  tasksQuery: Parameters<typeof TasksContent>[0]["tasksQuery"] & {
    data: readonly Task[] | undefined;
    isSuccess: boolean;
  };
  index: TaskIndex;
  pendingDeletion: ReadonlySet<string>;
  viewControls: ReturnType<typeof useTaskViewState>;
  /** The projects for the Project chips; undefined on a project's own page. */
  projects?: readonly Project[];
  timeZone: string;
  actions: TaskCardActions;
  onCreate(): void;
  /** A project's page: only its tasks. */
  projectId?: string;
}

/**
 * The Tasks screen's search box, views and chips with the list they choose. The search text is
 * the state of a component of its own (SearchBoxAndList), so a keystroke renders the box, the count
 * and the list, and not the rest of the screen (its queries, mutations, dialogs and the bulk
 * actions' bar) nor the reading of the projects here.
 */
export function SearchedTasks(props: SearchedTasksProps) {
  const sharedWithMe = useSharedWithMeProjectIds();
  const readOnlyIds = useReadOnlyProjectIds();
  return <SearchBoxAndList {...props} sharedWithMe={sharedWithMe} readOnlyIds={readOnlyIds} />;
}

function SearchBoxAndList({
  tasksQuery,
  index,
  pendingDeletion,
  viewControls,
  projects,
  timeZone,
  actions,
  onCreate,
  projectId,
  sharedWithMe,
  readOnlyIds,
}: SearchedTasksProps & { sharedWithMe: ReadonlySet<string>; readOnlyIds: ReadonlySet<string> }) {
  // The same search as the header's box: both keep it in the URL (?q=).
  const [search, setSearch, settleSearch] = useTaskSearchParam();
  const shown = useVisibleTasks(
    tasksQuery.data,
    index,
    pendingDeletion,
    viewControls.state,
    search,
    timeZone,
    sharedWithMe,
    projectId,
  );
  return (
    <>
      <TasksToolbar
        search={search}
        onSearchChange={setSearch}
        onSearchSettle={settleSearch}
        shownCount={tasksQuery.isSuccess ? shown.visibleTasks.length : undefined}
        viewControls={viewControls}
        tags={shown.allTags}
        projects={projects}
      />
      <TasksContent
        tasksQuery={tasksQuery}
        shown={shown}
        index={index}
        searching={search.trim().length > 0}
        timeZone={timeZone}
        actions={actions}
        onCreate={onCreate}
        layout={viewControls.state.layout}
        readOnlyIds={readOnlyIds}
      />
    </>
  );
}
