import type { TaskFilters } from "@contract/tasks";
import type { QueryKey } from "@tanstack/react-query";

/**
 * Every query key of the app, generic to specific, one factory per resource. They live together
 * so that a mutation of one resource can declare what it makes stale in another (a task change
 * makes the daily status stale) without resources importing each other's internals.
 */
export const queryKeys = {
  auth: {
    all: ["auth"] as const,
    me: () => [...queryKeys.auth.all, "me"] as const,
    signInOptions: () => [...queryKeys.auth.all, "sign-in-options"] as const,
    twoFactor: () => [...queryKeys.auth.all, "two-factor"] as const,
    deletionOptions: () => [...queryKeys.auth.all, "deletion-options"] as const,
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
    // What was deleted: a task change (a delete, a restore) refreshes it too.
    trash: () => [...queryKeys.tasks.all, "trash"] as const,
  },
  projects: {
    all: ["projects"] as const,
    list: () => [...queryKeys.projects.all, "list"] as const,
  },
  sharing: {
    all: ["sharing"] as const,
    members: (projectId: string) => [...queryKeys.sharing.all, "members", projectId] as const,
    invitations: () => [...queryKeys.sharing.all, "invitations"] as const,
    comments: (taskId: string) => [...queryKeys.sharing.all, "comments", taskId] as const,
    // A project's activity follows its tasks: under their key, so every task change refreshes it.
    activities: () => [...queryKeys.tasks.all, "activity"] as const,
    activity: (projectId: string) => [...queryKeys.sharing.activities(), projectId] as const,
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
  caldav: {
    all: ["caldav"] as const,
    account: () => [...queryKeys.caldav.all, "account"] as const,
    appPasswords: () => [...queryKeys.caldav.all, "app-passwords"] as const,
  },
  calendarFeed: {
    all: ["calendar"] as const,
    address: () => [...queryKeys.calendarFeed.all, "feed"] as const,
  },
  quickAdd: {
    all: ["quick-add"] as const,
    // The server's reading of a line depends on the projects (`+Name`).
    parses: () => [...queryKeys.quickAdd.all, "parse"] as const,
    parse: (text: string) => [...queryKeys.quickAdd.parses(), text] as const,
  },
  premium: {
    all: ["premium"] as const,
    limit: () => [...queryKeys.premium.all, "limit"] as const,
    status: () => [...queryKeys.premium.all, "status"] as const,
    resetDate: () => [...queryKeys.premium.all, "reset-date"] as const,
  },
};

/**
 * What a change of tasks makes stale, wherever it was made (this tab's mutations, or another
 * device announced by the live-update stream): every task list and what is derived from them
 * under the same key (the dashboard's statistics, the calendar's blocks, analytics, the weekly
 * review), the daily status (its plan names tasks) and the projects (their open-task counts).
 */
export const staleAfterTaskChange: readonly QueryKey[] = [
  queryKeys.tasks.all,
  queryKeys.daily.status(),
  queryKeys.projects.all,
];
