import { z } from "zod";
import {
  deleteAccountRequestSchema,
  loginResponseSchema,
  recoveryCodesSchema,
  sessionListSchema,
  twoFactorCodeRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyRequestSchema,
} from "./account-security";
import { apiPaths } from "./api-paths";
import { withoutNul } from "./common";
import {
  authResponseSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  profileRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  sendVerificationRequestSchema,
  sendVerificationResponseSchema,
  settingsRequestSchema,
  passwordChangedSchema,
  timezoneRequestSchema,
  userSchema,
} from "./auth";
import { analyticsQuerySchema, analyticsSchema, reviewQuerySchema, reviewSchema } from "./analytics";
import { dailyStatusJsonSchema, generationStartResponseSchema, generationStatusJsonSchema } from "./daily";
import { extractRequestSchema, extractResponseSchema } from "./extract";
import { calendarFeedSchema } from "./calendar";
import {
  calendarEventListSchema,
  calendarEventsQuerySchema,
  calendarJsonSchema,
  calendarListSchema,
  importCalendarQuerySchema,
  planAcceptRequestSchema,
  planAcceptResponseSchema,
  planProposalSchema,
  planProposeRequestSchema,
  planUndoRequestSchema,
  planUndoResponseSchema,
  subscribeCalendarRequestSchema,
} from "./planning";
import {
  appPasswordListSchema,
  caldavAccountSchema,
  createAppPasswordRequestSchema,
  createdAppPasswordSchema,
} from "./caldav";
import { markNotificationsReadRequestSchema, notificationListSchema } from "./notifications";
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  createApiTokenRequestSchema,
  createWebhookRequestSchema,
  eventStreamQuerySchema,
  credentialsSchema,
  eventTicketSchema,
  webhookCreatedSchema,
  webhookListSchema,
} from "./integrations";
import { pushKeySchema, pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from "./push";
import {
  createProjectRequestSchema,
  deleteProjectQuerySchema,
  deleteProjectResponseSchema,
  projectJsonSchema,
  updateProjectRequestSchema,
} from "./projects";
import { parseTaskRequestSchema, parseTaskResponseSchema } from "./quick-add";
import { exportQuerySchema, importResultSchema } from "./transfer";
import { premiumLimitSchema, premiumResetDateSchema, premiumStatusSchema } from "./premium";
import {
  createTaskRequestSchema,
  taskFiltersQuerySchema,
  taskJsonSchema,
  taskStatsSchema,
  updateTaskRequestSchema,
} from "./tasks";

interface RouteDefinition {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Fastify-style path; `:id` is a parameter. */
  path: string;
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** Every error status the call answers (body `{ message, code? }`), with when it does. */
  errors: Partial<Record<ErrorStatus, string>>;
}

type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 429 | 502 | 504;

/** What any POST or PUT can answer before its own rules run (also one that takes no body). */
const bodyErrors = {
  400: "Bad input: a field breaks the schema (the message names it) or the body is not valid JSON",
  413: "The request body is over 1 MiB",
  415: "The body is not sent as application/json",
} as const;
const queryErrors = { 400: "A query parameter breaks the schema (the message names it)" } as const;
const authErrors = { 401: "No valid bearer token (missing, expired or revoked)" } as const;
const sessionOnly = {
  403: "Called with a personal API token: tokens are managed from a signed-in session",
} as const;
const readOnlyToken = { 403: "Called with a read-only personal API token" } as const;
const taskNotFound = { 404: "No such task among the signed-in user's tasks" } as const;
const projectNotFound = { 404: "No such project among the signed-in user's projects" } as const;
/** What a task write answers when its project or parent is not the user's, or the tree rules break. */
const taskTreeErrors = {
  400: "Bad input: a field breaks the schema, or the parent would make the task nest more than 4 levels deep or under itself (the message says which)",
  404: "No such task, or the project_id or parent_id is not one of the signed-in user's (the message names it)",
} as const;
const quotaReached = { 403: "The monthly AI usage limit is reached (code quota_exceeded)" } as const;

/** The calendar feed's query: ?project=<id> limits it to one project. */
const calendarIcsQuerySchema = /* @__PURE__ */ z.object({
  project: withoutNul(z.string(), "project").optional(),
});

// An id is text that is stored: one holding NUL is refused as bad input on both engines.
const idParams = /* @__PURE__ */ z.object({ id: withoutNul(z.string(), "id") });

/** Every call of the API: one place for paths and shapes, shared by the web app and the server. */
export const apiRoutes = {
  login: {
    method: "POST",
    path: apiPaths.login,
    summary: "Sign in with e-mail and password",
    auth: false,
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: {
      ...bodyErrors,
      401: "Invalid email or password",
      429: "Too many sign-in attempts from this client, or the account is backing off after failures (the message says how long to wait)",
    },
  },
  sendVerification: {
    method: "POST",
    path: apiPaths.sendVerification,
    summary: "Mail a 6-digit verification code to an address",
    auth: false,
    body: sendVerificationRequestSchema,
    response: sendVerificationResponseSchema,
    errors: {
      ...bodyErrors,
      429: "Too many codes requested for this address or from this client, or one was sent less than a minute ago",
      502: "The e-mail could not be sent; nothing is stored, try again",
    },
  },
  register: {
    method: "POST",
    path: apiPaths.register,
    summary: "Create an account with a verified e-mail address",
    auth: false,
    body: registerRequestSchema,
    response: authResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a common password, a reserved username, or a missing, wrong or expired verification code",
      409: "The username (or, in a race, the e-mail) was taken; only answered after a valid code",
      429: "Too many verification attempts",
    },
  },
  me: {
    method: "GET",
    path: apiPaths.me,
    summary: "The signed-in user",
    auth: true,
    response: userSchema,
    errors: { ...authErrors },
  },
  logout: {
    method: "POST",
    path: apiPaths.logout,
    summary: "Revoke this session's token",
    auth: true,
    errors: { ...bodyErrors, ...authErrors },
  },
  forgotPassword: {
    method: "POST",
    path: apiPaths.forgotPassword,
    summary: "Mail a 6-digit password reset code to an address, if it has an account",
    auth: false,
    body: forgotPasswordRequestSchema,
    response: forgotPasswordResponseSchema,
    errors: { ...bodyErrors, 429: "Too many reset codes requested, or one was sent less than a minute ago" },
  },
  resetPassword: {
    method: "POST",
    path: apiPaths.resetPassword,
    summary: "Set a new password with a mailed reset code; signs the account out everywhere",
    auth: false,
    body: resetPasswordRequestSchema,
    response: resetPasswordResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a common password, or a missing, wrong or expired reset code",
      429: "Too many reset attempts",
    },
  },
  timezone: {
    method: "POST",
    path: apiPaths.timezone,
    summary: "Set the preferred IANA time zone",
    auth: true,
    body: timezoneRequestSchema,
    response: userSchema,
    errors: { ...bodyErrors, 400: "Not an IANA time-zone name", ...authErrors },
  },
  changePassword: {
    method: "POST",
    path: apiPaths.changePassword,
    summary: "Change the password; other sessions, app passwords and live streams end",
    auth: true,
    body: changePasswordRequestSchema,
    response: passwordChangedSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong current password, the same or a common new password",
      ...authErrors,
      429: "Too many password change attempts",
    },
  },
  profile: {
    method: "PUT",
    path: apiPaths.profile,
    summary: "Change first and last name",
    auth: true,
    body: profileRequestSchema,
    response: userSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  settings: {
    method: "PUT",
    path: apiPaths.settings,
    summary:
      "Change the settings (default reminder lead time, e-mail reminders, daily goal, weekly review e-mail)",
    auth: true,
    body: settingsRequestSchema,
    response: userSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  listTasks: {
    method: "GET",
    path: apiPaths.listTasks,
    summary: "The user's tasks, filtered",
    auth: true,
    query: taskFiltersQuerySchema,
    response: z.array(taskJsonSchema),
    errors: { ...queryErrors, ...authErrors, ...projectNotFound },
  },
  createTask: {
    method: "POST",
    path: apiPaths.createTask,
    summary: "Create a task",
    auth: true,
    body: createTaskRequestSchema,
    response: taskJsonSchema,
    errors: {
      ...bodyErrors,
      ...authErrors,
      ...taskTreeErrors,
      404: "The project_id or parent_id is not one of the signed-in user's (the message names it)",
    },
  },
  taskStats: {
    method: "GET",
    path: apiPaths.taskStats,
    summary: "Counts of the user's tasks",
    auth: true,
    response: taskStatsSchema,
    errors: { ...authErrors },
  },
  getTask: {
    method: "GET",
    path: apiPaths.getTask,
    summary: "One task",
    auth: true,
    response: taskJsonSchema,
    errors: { ...authErrors, ...taskNotFound },
  },
  updateTask: {
    method: "PUT",
    path: apiPaths.updateTask,
    summary: "Change a task (partial); moving it moves its subtree",
    auth: true,
    body: updateTaskRequestSchema,
    response: taskJsonSchema,
    errors: { ...bodyErrors, ...authErrors, ...taskTreeErrors },
  },
  deleteTask: {
    method: "DELETE",
    path: apiPaths.deleteTask,
    summary: "Delete a task and its subtasks",
    auth: true,
    errors: { ...authErrors, ...taskNotFound },
  },
  dailyStatus: {
    method: "GET",
    path: apiPaths.dailyStatus,
    summary: "Today's AI plan: cached report and AI availability",
    auth: true,
    response: dailyStatusJsonSchema,
    errors: { ...authErrors },
  },
  generateDaily: {
    method: "POST",
    path: apiPaths.generateDaily,
    summary: "Start generating today's AI plan",
    auth: true,
    response: generationStartResponseSchema,
    errors: { ...bodyErrors, ...authErrors, ...quotaReached },
  },
  generationStatus: {
    method: "GET",
    path: apiPaths.generationStatus,
    summary: "Progress of a plan generation",
    auth: true,
    response: generationStatusJsonSchema,
    errors: { ...authErrors, 404: "No such generation request of the signed-in user" },
  },
  extractText: {
    method: "POST",
    path: apiPaths.extractText,
    summary: "Extract tasks from text by pattern rules or AI (not saved)",
    auth: true,
    body: extractRequestSchema,
    response: extractResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Blank content or a bad field",
      ...authErrors,
      ...quotaReached,
      413: "Content longer than 50,000 characters, or a body over 1 MiB",
      502: "The AI service failed or answered invalidly; nothing was charged",
      504: "The AI service took too long; nothing was charged",
    },
  },
  premiumStatus: {
    method: "GET",
    path: apiPaths.premiumStatus,
    summary: "Plan and AI usage",
    auth: true,
    response: premiumStatusSchema,
    errors: { ...authErrors },
  },
  premiumLimit: {
    method: "GET",
    path: apiPaths.premiumLimit,
    summary: "Monthly AI usage and limit",
    auth: true,
    response: premiumLimitSchema,
    errors: { ...authErrors },
  },
  premiumResetDate: {
    method: "GET",
    path: apiPaths.premiumResetDate,
    summary: "When the monthly AI usage resets",
    auth: true,
    response: premiumResetDateSchema,
    errors: { ...authErrors },
  },
  parseTask: {
    method: "POST",
    path: apiPaths.parseTask,
    summary: "Read a quick-add line into a task's parts (not saved)",
    auth: true,
    body: parseTaskRequestSchema,
    response: parseTaskResponseSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  exportTasks: {
    method: "GET",
    path: apiPaths.exportTasks,
    summary: "Download every task as Tasklane JSON, CSV or todo.txt",
    auth: true,
    query: exportQuerySchema,
    errors: { ...queryErrors, ...authErrors },
  },
  importTasks: {
    method: "POST",
    path: apiPaths.importTasks,
    summary: "Import tasks from a file (Tasklane JSON or CSV, todo.txt, Todoist CSV)",
    auth: true,
    response: importResultSchema,
    errors: {
      400: "No file, or a file that is not text",
      ...authErrors,
      406: "The request is not multipart/form-data",
      413: "The file is larger than 5 MB",
      415: "The body is sent with a content type the server does not read",
    },
  },
  analytics: {
    method: "GET",
    path: apiPaths.analytics,
    summary: "Progress over the last 7, 30, 90 or 365 days, in the user's timezone",
    auth: true,
    query: analyticsQuerySchema,
    response: analyticsSchema,
    errors: { ...queryErrors, ...authErrors },
  },
  review: {
    method: "GET",
    path: apiPaths.review,
    summary: "The weekly review of an ISO week (the current one when week is left out)",
    auth: true,
    query: reviewQuerySchema,
    response: reviewSchema,
    errors: { ...queryErrors, ...authErrors },
  },
  calendarFeed: {
    method: "GET",
    path: apiPaths.calendarFeed,
    summary: "The private address of the calendar feed",
    auth: true,
    response: calendarFeedSchema,
    errors: { ...authErrors },
  },
  rotateCalendarFeed: {
    method: "POST",
    path: apiPaths.rotateCalendarFeed,
    summary: "Replace the calendar address; the old one stops working",
    auth: true,
    response: calendarFeedSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  calendarIcs: {
    method: "GET",
    path: apiPaths.calendarIcs,
    summary: "The calendar feed (iCalendar); the secret address is the only credential",
    auth: false,
    query: calendarIcsQuerySchema,
    errors: {
      ...queryErrors,
      404: "No feed at this address (unknown or rotated), or ?project= is not one of the feed owner's projects",
    },
  },
  calendarEvents: {
    method: "GET",
    path: apiPaths.calendarEvents,
    summary: "The events of the user's calendars in a window, recurrences expanded, in UTC",
    auth: true,
    query: calendarEventsQuerySchema,
    response: calendarEventListSchema,
    errors: {
      ...queryErrors,
      400: "A bad from or to, to not after from, or a window over 92 days",
      ...authErrors,
    },
  },
  listCalendars: {
    method: "GET",
    path: apiPaths.listCalendars,
    summary: "The calendars the user reads (subscriptions and uploaded files)",
    auth: true,
    response: calendarListSchema,
    errors: { ...authErrors },
  },
  subscribeCalendar: {
    method: "POST",
    path: apiPaths.subscribeCalendar,
    summary: "Subscribe to an ICS address; it is fetched once before the answer, then every 15 minutes",
    auth: true,
    body: subscribeCalendarRequestSchema,
    response: calendarJsonSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, an address that is refused (loopback or private), or a first fetch that failed or did not read as iCalendar (the message says why)",
      ...authErrors,
      409: "The user already reads this address",
    },
  },
  importCalendar: {
    method: "POST",
    path: apiPaths.importCalendar,
    summary: "Upload an .ics file (the body, sent as text/calendar) as a calendar",
    auth: true,
    query: importCalendarQuerySchema,
    response: calendarJsonSchema,
    errors: {
      400: "An empty body or one that does not read as iCalendar",
      ...authErrors,
      413: "The file is larger than 5 MiB",
      415: "The body is not sent as text/calendar",
    },
  },
  deleteCalendar: {
    method: "DELETE",
    path: apiPaths.deleteCalendar,
    summary: "Stop reading a calendar",
    auth: true,
    errors: { ...authErrors, 404: "No such calendar among the signed-in user's" },
  },
  syncCalendar: {
    method: "POST",
    path: apiPaths.syncCalendar,
    summary: "Fetch a subscription now; a failure is recorded in error and the last good copy kept",
    auth: true,
    response: calendarJsonSchema,
    errors: {
      ...bodyErrors,
      ...authErrors,
      404: "No such calendar among the signed-in user's",
      409: "An uploaded calendar has no address to fetch",
    },
  },
  proposePlan: {
    method: "POST",
    path: apiPaths.proposePlan,
    summary: "Propose a schedule of open tasks in a day's free working time (changes nothing)",
    auth: true,
    body: planProposeRequestSchema,
    response: planProposalSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  acceptPlan: {
    method: "POST",
    path: apiPaths.acceptPlan,
    summary: "Apply a schedule: sets the tasks' scheduled_start and duration_minutes",
    auth: true,
    body: planAcceptRequestSchema,
    response: planAcceptResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input: a block shorter than 5 or longer than 720 minutes, a task twice, or a field that breaks the schema",
      ...authErrors,
      404: "A block names a task that is not among the signed-in user's",
    },
  },
  undoPlan: {
    method: "POST",
    path: apiPaths.undoPlan,
    summary: "Put the tasks of an accepted schedule back as they were",
    auth: true,
    body: planUndoRequestSchema,
    response: planUndoResponseSchema,
    errors: { ...bodyErrors, ...authErrors, 404: "No such undo token (unknown, used or expired)" },
  },
  listNotifications: {
    method: "GET",
    path: apiPaths.listNotifications,
    summary: "The bell: the newest notifications and how many are unread",
    auth: true,
    response: notificationListSchema,
    errors: { ...authErrors },
  },
  markNotificationsRead: {
    method: "POST",
    path: apiPaths.markNotificationsRead,
    summary: "Mark notifications as read: some by id, or all",
    auth: true,
    body: markNotificationsReadRequestSchema,
    response: notificationListSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input: neither or both of ids and all, an empty or over-long list, or a field that breaks the schema",
      ...authErrors,
    },
  },
  pushKey: {
    method: "GET",
    path: apiPaths.pushKey,
    summary: "The server's VAPID public key, to subscribe a browser to reminders by push",
    auth: true,
    response: pushKeySchema,
    errors: { ...authErrors },
  },
  pushSubscribe: {
    method: "POST",
    path: apiPaths.pushSubscribe,
    summary: "Send this browser the user's reminders by Web Push",
    auth: true,
    body: pushSubscriptionRequestSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  pushUnsubscribe: {
    method: "DELETE",
    path: apiPaths.pushUnsubscribe,
    summary: "Stop pushing reminders to this browser",
    auth: true,
    body: pushUnsubscribeRequestSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  listProjects: {
    method: "GET",
    path: apiPaths.listProjects,
    summary: "The user's projects with their open-task counts, the Inbox first",
    auth: true,
    response: z.array(projectJsonSchema),
    errors: { ...authErrors },
  },
  createProject: {
    method: "POST",
    path: apiPaths.createProject,
    summary: "Create a project (201)",
    auth: true,
    body: createProjectRequestSchema,
    response: projectJsonSchema,
    errors: { ...bodyErrors, ...authErrors, 409: "The user has a project of this name (case ignored)" },
  },
  updateProject: {
    method: "PUT",
    path: apiPaths.updateProject,
    summary: "Rename, recolour, archive or unarchive a project (partial)",
    auth: true,
    body: updateProjectRequestSchema,
    response: projectJsonSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, or archiving the Inbox",
      ...authErrors,
      ...projectNotFound,
      409: "The user has another project of this name (case ignored)",
    },
  },
  deleteProject: {
    method: "DELETE",
    path: apiPaths.deleteProject,
    summary: "Delete a project: its tasks move to the Inbox, or are deleted with ?with_tasks=true",
    auth: true,
    query: deleteProjectQuerySchema,
    response: deleteProjectResponseSchema,
    errors: {
      ...queryErrors,
      400: "The Inbox cannot be deleted, or a bad query",
      ...authErrors,
      ...projectNotFound,
    },
  },
  listAppPasswords: {
    method: "GET",
    path: apiPaths.listAppPasswords,
    summary: "The user's app passwords for CalDAV, newest first (never the passwords)",
    auth: true,
    response: appPasswordListSchema,
    errors: { ...authErrors },
  },
  createAppPassword: {
    method: "POST",
    path: apiPaths.createAppPassword,
    summary: "Make an app password for one CalDAV device; the answer is the only time it is shown",
    auth: true,
    body: createAppPasswordRequestSchema,
    response: createdAppPasswordSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  deleteAppPassword: {
    method: "DELETE",
    path: apiPaths.deleteAppPassword,
    summary: "Revoke an app password: the device using it is refused from now on",
    auth: true,
    errors: { ...authErrors, 404: "No such app password among the signed-in user's" },
  },
  caldavAccount: {
    method: "GET",
    path: apiPaths.caldavAccount,
    summary: "Where CalDAV clients connect: the discovery address and each task list's address",
    auth: true,
    response: caldavAccountSchema,
    errors: { ...authErrors },
  },
  listApiTokens: {
    method: "GET",
    path: apiPaths.listApiTokens,
    summary: "The user's personal API tokens (never their secrets)",
    auth: true,
    response: apiTokenListSchema,
    errors: { ...authErrors, ...sessionOnly },
  },
  createApiToken: {
    method: "POST",
    path: apiPaths.createApiToken,
    summary: "Create a personal API token; the token is shown only in this answer",
    auth: true,
    body: createApiTokenRequestSchema,
    response: apiTokenCreatedSchema,
    errors: { ...bodyErrors, ...authErrors, ...sessionOnly },
  },
  deleteApiToken: {
    method: "DELETE",
    path: apiPaths.deleteApiToken,
    summary: "Revoke a personal API token",
    auth: true,
    errors: { ...authErrors, ...sessionOnly, 404: "No such token of the signed-in user" },
  },
  revokeAllApiTokens: {
    method: "DELETE",
    path: apiPaths.revokeAllApiTokens,
    summary: "Revoke every personal API token of the user at once",
    auth: true,
    errors: { ...authErrors, ...sessionOnly },
  },
  credentials: {
    method: "GET",
    path: apiPaths.credentials,
    summary:
      "Everything that can sign in to the account (sessions, API tokens, app passwords), with its last use",
    auth: true,
    response: credentialsSchema,
    errors: { ...authErrors, ...sessionOnly },
  },
  listWebhooks: {
    method: "GET",
    path: apiPaths.listWebhooks,
    summary: "The user's webhooks, each with its last deliveries",
    auth: true,
    response: webhookListSchema,
    errors: { ...authErrors },
  },
  createWebhook: {
    method: "POST",
    path: apiPaths.createWebhook,
    summary: "Register a webhook for task events; the signing secret is shown only in this answer",
    auth: true,
    body: createWebhookRequestSchema,
    response: webhookCreatedSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, or a URL whose host is a loopback or private address (unless the server allows them)",
      ...authErrors,
      ...readOnlyToken,
    },
  },
  deleteWebhook: {
    method: "DELETE",
    path: apiPaths.deleteWebhook,
    summary: "Delete a webhook and its delivery log",
    auth: true,
    errors: { ...authErrors, ...readOnlyToken, 404: "No such webhook of the signed-in user" },
  },
  eventTicket: {
    method: "POST",
    path: apiPaths.eventTicket,
    summary: "A one-use ticket, valid 60 s, that opens the live-update stream",
    auth: true,
    response: eventTicketSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  eventStream: {
    method: "GET",
    path: apiPaths.eventStream,
    summary: "The live-update stream of the user's task changes (text/event-stream)",
    auth: false,
    query: eventStreamQuerySchema,
    errors: { ...queryErrors, 401: "The ticket is unknown, used or older than 60 s" },
  },
  twoFactorStatus: {
    method: "GET",
    path: apiPaths.twoFactorStatus,
    summary: "Whether sign-in asks for an authenticator code, and how many recovery codes are left",
    auth: true,
    response: twoFactorStatusSchema,
    errors: { ...authErrors, ...sessionOnly },
  },
  twoFactorSetup: {
    method: "POST",
    path: apiPaths.twoFactorSetup,
    summary: "Start two-factor sign-in: a new authenticator secret, confirmed by the enable call",
    auth: true,
    response: twoFactorSetupSchema,
    errors: { ...bodyErrors, ...authErrors, ...sessionOnly, 409: "Two-factor sign-in is already on" },
  },
  twoFactorEnable: {
    method: "POST",
    path: apiPaths.twoFactorEnable,
    summary: "Turn two-factor sign-in on with a code of the new secret; answers the recovery codes once",
    auth: true,
    body: twoFactorCodeRequestSchema,
    response: recoveryCodesSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong code, or no secret set up first",
      ...authErrors,
      ...sessionOnly,
      409: "Two-factor sign-in is already on",
      429: "5 wrong codes for the account in 15 minutes",
    },
  },
  twoFactorVerify: {
    method: "POST",
    path: apiPaths.twoFactorVerify,
    summary: "Finish a sign-in that asked for a second factor: an authenticator or recovery code",
    auth: false,
    body: twoFactorVerifyRequestSchema,
    response: authResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, or a wrong, used or replayed code",
      401: "The challenge is unknown, used or older than 5 minutes: sign in again",
      429: "5 wrong codes for the account in 15 minutes (a new challenge does not reset it)",
    },
  },
  twoFactorDisable: {
    method: "POST",
    path: apiPaths.twoFactorDisable,
    summary: "Turn two-factor sign-in off, with an authenticator or recovery code",
    auth: true,
    body: twoFactorCodeRequestSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong code, or two-factor sign-in is off",
      ...authErrors,
      ...sessionOnly,
      429: "5 wrong codes for the account in 15 minutes",
    },
  },
  listSessions: {
    method: "GET",
    path: apiPaths.listSessions,
    summary: "The signed-in browsers and apps, most recently used first",
    auth: true,
    response: sessionListSchema,
    errors: { ...authErrors, ...sessionOnly },
  },
  deleteSession: {
    method: "DELETE",
    path: apiPaths.deleteSession,
    summary: "Sign one session out",
    auth: true,
    errors: { ...authErrors, ...sessionOnly, 404: "No such live session of the signed-in user" },
  },
  deleteOtherSessions: {
    method: "DELETE",
    path: apiPaths.deleteOtherSessions,
    summary: "Sign out everywhere else: every session but this one",
    auth: true,
    errors: { ...authErrors, ...sessionOnly },
  },
  deleteAccount: {
    method: "DELETE",
    path: apiPaths.deleteAccount,
    summary: "Delete the account and everything of it, at once",
    auth: true,
    body: deleteAccountRequestSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong password or code, or neither given",
      ...authErrors,
      ...sessionOnly,
      429: "5 wrong two-factor codes for the account in 15 minutes",
    },
  },
} as const satisfies Record<string, RouteDefinition>;

export const taskIdParamsSchema = idParams;
export const projectIdParamsSchema = idParams;
/** The `:id` of any resource (a token, a webhook). */
export const idParamsSchema = idParams;

export { pathFor } from "./api-paths";
