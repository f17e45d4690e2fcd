import type { TaskFilters } from "@contract/tasks";

/**
 * Query keys, generic to specific, one factory per resource (CONVENTIONS.md: TkDodo). They live
 * together so that a task change can refresh tasks, stats, daily status and the all-tasks list
 * (spec §4) without features importing each other.
 */
export const queryKeys = {
  auth: {
    all: ["auth"] as const,
    me: () => [...queryKeys.auth.all, "me"] as const,
  },
  tasks: {
    all: ["tasks"] as const,
    lists: () => [...queryKeys.tasks.all, "list"] as const,
    list: (filters: TaskFilters) => [...queryKeys.tasks.lists(), filters] as const,
    /** The dashboard's unfiltered list for its statistics (spec §7). */
    allForStats: () => [...queryKeys.tasks.all, "all-for-stats"] as const,
    detail: (id: string) => [...queryKeys.tasks.all, "detail", id] as const,
    stats: () => [...queryKeys.tasks.all, "stats"] as const,
  },
  daily: {
    all: ["daily"] as const,
    status: () => [...queryKeys.daily.all, "status"] as const,
    generation: (requestId: string) => [...queryKeys.daily.all, "generation", requestId] as const,
  },
  premium: {
    all: ["premium"] as const,
    limit: () => [...queryKeys.premium.all, "limit"] as const,
    status: () => [...queryKeys.premium.all, "status"] as const,
    resetDate: () => [...queryKeys.premium.all, "reset-date"] as const,
  },
};

/** Everything a task create, update or delete makes stale (spec §4). */
export const keysStaleAfterTaskChange = [queryKeys.tasks.all, queryKeys.daily.status()] as const;
