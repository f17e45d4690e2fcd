import type { Task } from "@contract/tasks";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { taskQueries } from "@/api/tasks/task-queries";
import type { TaskViewState } from "./use-task-view-state";

/** Whether the view shows completed tasks: "All" (list or board) unless hidden or left out by a chip. */
export function showsCompleted(state: Pick<TaskViewState, "view" | "hideCompleted" | "statuses">): boolean {
  return (
    state.view === "all" &&
    !state.hideCompleted &&
    (state.statuses.length === 0 || state.statuses.includes("completed"))
  );
}

export interface CompletedPages {
  /** More completed tasks wait on the server. */
  hasMore: boolean;
  loadMore(): void;
  loading: boolean;
}

/**
 * The tasks a screen shows: every task but the completed ones, whole, and where the view shows
 * completed tasks, their history a page at a time, newest first ("Load more" asks for the next).
 * The history's pages follow the search once it is in the URL, so an old task can be found
 * without loading all of them; the screen still filters what is loaded at each keystroke.
 */
export function useScreenTasks(viewState: TaskViewState, projectId?: string) {
  const current = useQuery(taskQueries.current());
  const [params] = useSearchParams();
  const search = (params.get("q") ?? "").trim();
  const wanted = showsCompleted(viewState);
  const completed = useInfiniteQuery({
    ...taskQueries.completed({ search, ...(projectId ? { projectId } : {}) }),
    enabled: wanted,
    // A new search keeps the pages of the last one on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

  const data = useMemo((): readonly Task[] | undefined => {
    const completedTasks = wanted ? completed.data?.pages.flat() : undefined;
    // No history (yet): the open tasks as they are, not copied.
    if (!current.data || !completedTasks?.length) return current.data;
    // A task completed or reopened a moment ago may be in both until both are fetched again.
    const ids = new Set(current.data.map((task) => task.id));
    return [...current.data, ...completedTasks.filter((task) => !ids.has(task.id))];
  }, [current.data, completed.data, wanted]);

  const { refetch: refetchCurrent } = current;
  const { refetch: refetchCompleted, fetchNextPage } = completed;
  const refetch = useCallback(
    () => Promise.all([refetchCurrent(), ...(wanted ? [refetchCompleted()] : [])]),
    [refetchCurrent, refetchCompleted, wanted],
  );
  const tasksQuery = {
    data,
    isPending: current.isPending,
    isSuccess: current.isSuccess,
    isError: current.isError || (wanted && completed.isError),
    error: current.error ?? completed.error,
    isFetching: current.isFetching || (wanted && completed.isFetching),
    refetch,
  };
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const completedPages: CompletedPages | undefined = wanted
    ? { hasMore: completed.hasNextPage, loadMore, loading: completed.isFetchingNextPage }
    : undefined;
  return { tasksQuery, completedPages };
}
