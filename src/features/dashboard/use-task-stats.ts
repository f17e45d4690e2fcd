import { computeTaskStats } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { taskQueries } from "@/api/tasks/task-queries";

/**
 * The statistics of the dashboard, counted from the user's full task list: the same cached list
 * as the Tasks screen, with its retry rule. `computeTaskStats` is one function for the life of the
 * app, so React Query recomputes only when the list changes.
 */
export function useTaskStats() {
  return useQuery({ ...taskQueries.list(), select: computeTaskStats });
}
