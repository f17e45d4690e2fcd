import { z } from "zod";
import {
  authResponseSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  profileRequestSchema,
  registerRequestSchema,
  sendVerificationRequestSchema,
  sendVerificationResponseSchema,
  timezoneRequestSchema,
  userSchema,
} from "./auth";
import { dailyStatusJsonSchema, generationStartResponseSchema, generationStatusJsonSchema } from "./daily";
import { extractRequestSchema, extractResponseSchema } from "./extract";
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
}

const idParams = z.object({ id: z.string() });

/** Every call of spec §7 (plus logout, issue 2): one place for paths and shapes. */
export const apiRoutes = {
  login: {
    method: "POST",
    path: "/auth/login",
    summary: "Sign in with e-mail and password",
    auth: false,
    body: loginRequestSchema,
    response: authResponseSchema,
  },
  sendVerification: {
    method: "POST",
    path: "/auth/send-verification",
    summary: "Mail a 6-digit verification code to an address",
    auth: false,
    body: sendVerificationRequestSchema,
    response: sendVerificationResponseSchema,
  },
  register: {
    method: "POST",
    path: "/auth/register",
    summary: "Create an account with a verified e-mail address",
    auth: false,
    body: registerRequestSchema,
    response: authResponseSchema,
  },
  me: { method: "GET", path: "/auth/me", summary: "The signed-in user", auth: true, response: userSchema },
  logout: { method: "POST", path: "/auth/logout", summary: "Revoke this session's token", auth: true },
  timezone: {
    method: "POST",
    path: "/auth/timezone",
    summary: "Set the preferred IANA time zone",
    auth: true,
    body: timezoneRequestSchema,
    response: userSchema,
  },
  changePassword: {
    method: "POST",
    path: "/auth/change-password",
    summary: "Change the password; every other session is revoked",
    auth: true,
    body: changePasswordRequestSchema,
    response: userSchema,
  },
  profile: {
    method: "PUT",
    path: "/auth/profile",
    summary: "Change first and last name",
    auth: true,
    body: profileRequestSchema,
    response: userSchema,
  },
  listTasks: {
    method: "GET",
    path: "/api/v1/tasks",
    summary: "The user's tasks, filtered",
    auth: true,
    query: taskFiltersQuerySchema,
    response: z.array(taskJsonSchema),
  },
  createTask: {
    method: "POST",
    path: "/api/v1/tasks",
    summary: "Create a task",
    auth: true,
    body: createTaskRequestSchema,
    response: taskJsonSchema,
  },
  taskStats: {
    method: "GET",
    path: "/api/v1/tasks/stats",
    summary: "Counts of the user's tasks",
    auth: true,
    response: taskStatsSchema,
  },
  getTask: {
    method: "GET",
    path: "/api/v1/tasks/:id",
    summary: "One task",
    auth: true,
    response: taskJsonSchema,
  },
  updateTask: {
    method: "PUT",
    path: "/api/v1/tasks/:id",
    summary: "Change a task (partial)",
    auth: true,
    body: updateTaskRequestSchema,
    response: taskJsonSchema,
  },
  deleteTask: { method: "DELETE", path: "/api/v1/tasks/:id", summary: "Delete a task", auth: true },
  dailyStatus: {
    method: "GET",
    path: "/api/v1/tasks/daily/status",
    summary: "Today's AI plan: cached report and AI availability",
    auth: true,
    response: dailyStatusJsonSchema,
  },
  generateDaily: {
    method: "POST",
    path: "/api/v1/tasks/daily/generate/async",
    summary: "Start generating today's AI plan",
    auth: true,
    response: generationStartResponseSchema,
  },
  generationStatus: {
    method: "GET",
    path: "/api/v1/tasks/daily/generate/status/:id",
    summary: "Progress of a plan generation",
    auth: true,
    response: generationStatusJsonSchema,
  },
  extractText: {
    method: "POST",
    path: "/api/v1/extract/text",
    summary: "Extract tasks from text by pattern rules or AI (not saved)",
    auth: true,
    body: extractRequestSchema,
    response: extractResponseSchema,
  },
  premiumStatus: {
    method: "GET",
    path: "/premium/status",
    summary: "Plan and AI usage",
    auth: true,
    response: premiumStatusSchema,
  },
  premiumLimit: {
    method: "GET",
    path: "/premium/limit",
    summary: "Monthly AI usage and limit",
    auth: true,
    response: premiumLimitSchema,
  },
  premiumResetDate: {
    method: "GET",
    path: "/premium/reset-date",
    summary: "When the monthly AI usage resets",
    auth: true,
    response: premiumResetDateSchema,
  },
} as const satisfies Record<string, RouteDefinition>;

export const taskIdParamsSchema = idParams;

/** Fills `:name` parameters of a route path. */
export function pathFor(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
