import type { TaskFilters } from "@contract/tasks";

/**
 * Query keys, generic to specific, one factory per resource. They live together so that a
 * mutation of one resource can declare what it makes stale in another (a task change makes the
 * daily status stale) without resources importing each other's internals.
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
    // The completed history, a page at a time (pages of one search, in one project or all).
    completedPages: () => [...queryKeys.tasks.all, "completed"] as const,
    completed: (scope: { search: string; projectId?: string }) =>
      [...queryKeys.tasks.completedPages(), scope] as const,
    stats: () => [...queryKeys.tasks.all, "stats"] as const,
    // Derived from the tasks: under their key, so every task change refreshes them.
    analytics: (days: number) => [...queryKeys.tasks.all, "analytics", days] as const,
    review: (week: string) => [...queryKeys.tasks.all, "review", week] as const,
  },
  projects: {
    all: ["projects"] as const,
    list: () => [...queryKeys.projects.all, "list"] as const,
  },
  daily: {
    all: ["daily"] as const,
    status: () => [...queryKeys.daily.all, "status"] as const,
    generation: (requestId: string) => [...queryKeys.daily.all, "generation", requestId] as const,
  },
  calendars: {
    all: ["calendars"] as const,
    list: () => [...queryKeys.calendars.all, "list"] as const,
    events: (from: string, to: string) => [...queryKeys.calendars.all, "events", from, to] as const,
  },
  notifications: {
    all: ["notifications"] as const,
    list: () => [...queryKeys.notifications.all, "list"] as const,
  },
  integrations: {
    all: ["integrations"] as const,
    tokens: () => [...queryKeys.integrations.all, "tokens"] as const,
    webhooks: () => [...queryKeys.integrations.all, "webhooks"] as const,
    credentials: () => [...queryKeys.integrations.all, "credentials"] as const,
  },
  premium: {
    all: ["premium"] as const,
    limit: () => [...queryKeys.premium.all, "limit"] as const,
    status: () => [...queryKeys.premium.all, "status"] as const,
    resetDate: () => [...queryKeys.premium.all, "reset-date"] as const,
  },
};
