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
} as const;

/** Fills `:name` parameters of a route path. */
export function pathFor(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
