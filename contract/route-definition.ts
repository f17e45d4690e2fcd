import { z } from "zod";
import { withoutNul } from "./common";

/** One call of the API: its method and path, what it takes and answers, and its errors. */
export interface RouteDefinition {
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
export const bodyErrors = {
  400: "Bad input: a field breaks the schema (the message names it) or the body is not valid JSON",
  413: "The request body is over 1 MiB",
  415: "The body is not sent as application/json",
} as const;
export const queryErrors = { 400: "A query parameter breaks the schema (the message names it)" } as const;
export const authErrors = { 401: "No valid bearer token (missing, expired or revoked)" } as const;
export const sessionOnly = {
  403: "Called with a personal API token: tokens are managed from a signed-in session",
} as const;
export const readOnlyToken = { 403: "Called with a read-only personal API token" } as const;
export const taskNotFound = { 404: "No such task among the signed-in user's tasks" } as const;
export const projectNotFound = { 404: "No such project among the signed-in user's projects" } as const;
/** What a task write answers when its project or parent is not the user's, or the tree rules break. */
export const taskTreeErrors = {
  400: "Bad input: a field breaks the schema, or the parent would make the task nest more than 4 levels deep or under itself (the message says which)",
  404: "No such task, or the project_id or parent_id is not one of the signed-in user's (the message names it)",
} as const;
export const quotaReached = { 403: "The monthly AI usage limit is reached (code quota_exceeded)" } as const;

// An id is text that is stored: one holding NUL is refused as bad input on both engines.
export const idParams = /* @__PURE__ */ z.object({ id: withoutNul(z.string(), "id") });
