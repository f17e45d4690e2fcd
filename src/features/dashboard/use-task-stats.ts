import { useQuery } from "@tanstack/react-query";
import { taskQueries } from "@/api/tasks/task-queries";

/**
 * The dashboard's statistics, counted by the server (GET /api/v1/tasks/stats): a few numbers
 * whatever the length of the user's history, instead of the whole list to count here.
 */
export function useTaskStats() {
  return useQuery(taskQueries.stats());
}
