import type { Task } from "@contract/tasks";
import { useMemo } from "react";
import { buildTaskSearchIndex, searchTasks } from "./search-tasks";
import { useSessionStore } from "@/stores/session-store";
import {
  assignedTo,
  filterTasks,
  sortTasks,
  theirsToDo,
  todayTasks,
  upcomingGroups,
  type DayGroup,
} from "./task-view";
import { descendantsOf, type TaskIndex } from "./task-tree";
import type { TaskViewState } from "./use-task-view-state";

export interface VisibleTasks {
  /** The tasks shown, in order. */
  visibleTasks: readonly Task[];
  /** "Upcoming": the same tasks grouped by day; null in the other views. */
  dayGroups: DayGroup[] | null;
  /** Every tag of the loaded tasks, for the tag chips. */
  allTags: string[];
  /** A view other than All, or a chip, hides some tasks (the empty state says so). */
  narrowed: boolean;
}

/**
 * What the Tasks screen shows of the loaded list: the search, then the chips, then the view (Today,
 * Upcoming by day). The list filters in the keystroke's own render: the search index makes
 * filtering 5,000 tasks about a millisecond and only the cards in view render, so one render
 * paints sooner than an urgent one followed by a deferred one.
 */
export function useVisibleTasks(
  loadedTasks: readonly Task[] | undefined,
  /** The subtask tree of the loaded tasks (buildTaskIndex). */
  index: TaskIndex,
  pendingDeletion: ReadonlySet<string>,
  viewState: TaskViewState,
  search: string,
  timeZone: string,
  /** The projects others share with the user (useSharedWithMeProjectIds). */
  sharedWithMe: ReadonlySet<string>,
  /** A project's page: only its tasks. */
  projectId?: string,
): VisibleTasks {
  const { view, sort, statuses, priorities, tags, hideCompleted, projects } = viewState;
  const userId = useSessionStore((state) => state.user?.id);
  // A task being deleted takes its subtasks with it (the server deletes the subtree).
  const hidden = useMemo(() => {
    if (pendingDeletion.size === 0) return pendingDeletion;
    const ids = new Set(pendingDeletion);
    for (const id of pendingDeletion) for (const task of descendantsOf(index, id)) ids.add(task.id);
    return ids;
  }, [index, pendingDeletion]);
  // The order depends only on the list and the sort, so it is worked out once for them, not on
  // every keystroke; the search and the chips then keep the tasks they match in that order (the
  // sort is stable, so this is the same as sorting what they keep).
  const searchIndex = useMemo(
    () =>
      buildTaskSearchIndex(
        sortTasks(
          (loadedTasks ?? []).filter(
            (task) => !hidden.has(task.id) && (projectId === undefined || task.project_id === projectId),
          ),
          sort,
        ),
      ),
    [loadedTasks, hidden, sort, projectId],
  );
  const allTags = useMemo(
    () => [...new Set((loadedTasks ?? []).flatMap((task) => task.tags))].sort((a, b) => a.localeCompare(b)),
    [loadedTasks],
  );
  const { visibleTasks, dayGroups } = useMemo(() => {
    const chosen = filterTasks(searchTasks(searchIndex, search), {
      statuses,
      priorities,
      tags,
      hideCompleted,
      projects,
    });
    if (view === "today") {
      // Today is the user's own day: not what a shared list gives nobody or another member.
      return {
        visibleTasks: todayTasks(theirsToDo(chosen, userId, sharedWithMe), timeZone),
        dayGroups: null,
      };
    }
    if (view === "assigned") return { visibleTasks: assignedTo(chosen, userId), dayGroups: null };
    if (view === "upcoming") {
      const groups = upcomingGroups(chosen, timeZone);
      return { visibleTasks: groups.flatMap((group) => group.tasks), dayGroups: groups };
    }
    return { visibleTasks: chosen, dayGroups: null };
  }, [
    searchIndex,
    search,
    statuses,
    priorities,
    tags,
    hideCompleted,
    projects,
    view,
    timeZone,
    userId,
    sharedWithMe,
  ]);
  const narrowed =
    view !== "all" ||
    hideCompleted ||
    statuses.length + priorities.length + tags.length + projects.length > 0;
  return { visibleTasks, dayGroups, allTags, narrowed };
}
