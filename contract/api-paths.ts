/**
 * The path of every call of the API, by name: plain text, no schema. The web app takes its paths
 * from here; contract/routes.ts builds the server's route table (method, path, schemas, errors) on
 * the same names. Kept apart so that a page asking for a path does not build every schema of the
 * API with it (zod builds a schema when its module is evaluated).
 */
export const apiPaths = {
  login: "/auth/login",
  sendVerification: "/auth/send-verification",
  register: "/auth/register",
  me: "/auth/me",
  logout: "/auth/logout",
  forgotPassword: "/auth/forgot-password",
  resetPassword: "/auth/reset-password",
  timezone: "/auth/timezone",
  changePassword: "/auth/change-password",
  profile: "/auth/profile",
  settings: "/auth/settings",
  listTasks: "/api/v1/tasks",
  createTask: "/api/v1/tasks",
  taskStats: "/api/v1/tasks/stats",
  getTask: "/api/v1/tasks/:id",
  updateTask: "/api/v1/tasks/:id",
  deleteTask: "/api/v1/tasks/:id",
  listTrash: "/api/v1/tasks/trash",
  trashTasks: "/api/v1/tasks/trash",
  restoreTasks: "/api/v1/tasks/trash/restore",
  emptyTrash: "/api/v1/tasks/trash",
  batchUpdateTasks: "/api/v1/tasks/batch",
  dailyStatus: "/api/v1/tasks/daily/status",
  generateDaily: "/api/v1/tasks/daily/generate/async",
  generationStatus: "/api/v1/tasks/daily/generate/status/:id",
  extractText: "/api/v1/extract/text",
  premiumStatus: "/premium/status",
  premiumLimit: "/premium/limit",
  premiumResetDate: "/premium/reset-date",
  parseTask: "/api/v1/tasks/parse",
  exportTasks: "/api/v1/export",
  importTasks: "/api/v1/import",
  calendarFeed: "/api/v1/calendar",
  rotateCalendarFeed: "/api/v1/calendar/rotate",
  calendarIcs: "/api/v1/calendar/:file",
  calendarEvents: "/api/v1/calendar/events",
  listCalendars: "/api/v1/calendars",
  subscribeCalendar: "/api/v1/calendars",
  importCalendar: "/api/v1/calendars/import",
  deleteCalendar: "/api/v1/calendars/:id",
  syncCalendar: "/api/v1/calendars/:id/sync",
  proposePlan: "/api/v1/plan/propose",
  acceptPlan: "/api/v1/plan/accept",
  undoPlan: "/api/v1/plan/undo",
  listNotifications: "/api/v1/notifications",
  markNotificationsRead: "/api/v1/notifications/read",
  pushKey: "/api/v1/push/key",
  pushSubscribe: "/api/v1/push/subscriptions",
  pushUnsubscribe: "/api/v1/push/subscriptions",
  listProjects: "/api/v1/projects",
  createProject: "/api/v1/projects",
  updateProject: "/api/v1/projects/:id",
  deleteProject: "/api/v1/projects/:id",
  analytics: "/api/v1/analytics",
  review: "/api/v1/review",
  listAppPasswords: "/api/v1/app-passwords",
  createAppPassword: "/api/v1/app-passwords",
  deleteAppPassword: "/api/v1/app-passwords/:id",
  caldavAccount: "/api/v1/caldav",
  listApiTokens: "/api/v1/tokens",
  createApiToken: "/api/v1/tokens",
  deleteApiToken: "/api/v1/tokens/:id",
  revokeAllApiTokens: "/api/v1/tokens",
  credentials: "/api/v1/credentials",
  listWebhooks: "/api/v1/webhooks",
  createWebhook: "/api/v1/webhooks",
  deleteWebhook: "/api/v1/webhooks/:id",
  eventTicket: "/api/v1/events/ticket",
  eventStream: "/api/v1/events",
} as const;

/** Fills `:name` parameters of a route path. */
export function pathFor(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
