import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-types";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import type { ApiTokenScope } from "@contract/integrations";
import { Forbidden, Unauthenticated } from "../../lib/domain-errors";
import { apiTokenUser, isApiToken } from "../api-tokens/service";
import { findSessionUser, type SignedInUser } from "./session-repository";
import { findUserById } from "./user-repository";

declare module "fastify" {
  interface FastifyRequest {
    auth?: {
      user: SignedInUser;
      /** The session signed in with; null for a personal API token. */
      sessionId: string | null;
      /** The personal API token used, if one was. */
      apiToken: { id: string; scope: ApiTokenScope } | null;
    };
  }
  interface FastifyContextConfig {
    /** A POST that changes nothing of the user's data: a read-only API token may call it. */
    readOnly?: boolean;
  }
}

/**
 * Which calls of a scope a personal API token may make. A credential made by a token would
 * outlive the token's revocation, so tokens never make sign-ins, and make integrations that
 * reach out (webhooks, push subscriptions) only when their scope says so:
 * - "scoped": reads with any token, writes with a "write" or "integrations" token;
 * - "integrations": reads with any token, writes with an "integrations" token only;
 * - "account": reads only, whatever the token's scope (the account and its app passwords);
 * - "refused": none (managing the tokens themselves takes a signed-in session).
 */
export type ApiTokenAccess = "scoped" | "integrations" | "account" | "refused";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function checkApiTokenAccess(request: FastifyRequest, scope: ApiTokenScope, access: ApiTokenAccess): void {
  if (access === "refused") {
    throw new Forbidden(
      "API tokens cannot manage tokens or sign-ins: sign in to the app for that",
      "api_token_refused",
    );
  }
  const reads = SAFE_METHODS.has(request.method) || request.routeOptions.config.readOnly === true;
  if (reads) return;
  if (access === "account") {
    throw new Forbidden(
      "API tokens cannot change the account or its sign-ins: sign in to the app for that",
      "api_token_refused",
    );
  }
  if (scope === "read") throw new Forbidden("This API token is read-only", "read_only_token");
  if (access === "integrations" && scope !== "integrations") {
    throw new Forbidden(
      'Only an API token with the "integrations" scope may manage webhooks and push subscriptions',
      "integrations_scope_needed",
    );
  }
}

const SESSION_ENDED = "Your session has expired or was revoked. Please sign in again.";

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The authentication hook: modules add it as `onRequest` to the scope of their signed-in calls,
 * so a request without a live bearer token is refused with 401 before its body is read. The
 * bearer is a session token or a personal API token (told apart by the latter's prefix), whose
 * scope `access` limits (403).
 */
export function authenticate(deps: Pick<AppDeps, "db" | "clock">, access: ApiTokenAccess = "scoped") {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new Unauthenticated("Authentication required");
    if (isApiToken(token)) {
      const found = await apiTokenUser(deps.db, deps.clock, token);
      if (!found) throw new Unauthenticated("This API token has expired or was revoked");
      checkApiTokenAccess(request, found.scope, access);
      request.auth = {
        user: found.user,
        sessionId: null,
        apiToken: { id: found.tokenId, scope: found.scope },
      };
      return;
    }
    const session = await findSessionUser(deps.db, token, deps.clock.now());
    if (!session) throw new Unauthenticated(SESSION_ENDED);
    request.auth = { user: session.user, sessionId: session.sessionId, apiToken: null };
  };
}

/**
 * The signed-in user of a request that passed `authenticate`: the columns every call needs (see
 * SignedInUser); `currentUserRow` reads the rest.
 */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.auth) throw new Unauthenticated();
  return request.auth.user;
}

/** The whole row of the signed-in user, read now (a user deleted since is signed out). */
export async function currentUserRow(db: Db, request: FastifyRequest): Promise<UserRow> {
  const user = await findUserById(db, currentUser(request).id);
  if (!user) throw new Unauthenticated(SESSION_ENDED);
  return user;
}

/** What a request signed in with: its session, or its personal API token. */
export function currentCredential(request: FastifyRequest): {
  sessionId: string | null;
  apiTokenId: string | null;
} {
  if (!request.auth) throw new Unauthenticated();
  return { sessionId: request.auth.sessionId, apiTokenId: request.auth.apiToken?.id ?? null };
}

/** The personal API token a request was made with; null for a signed-in session. */
export function currentApiTokenId(request: FastifyRequest): string | null {
  return currentCredential(request).apiTokenId;
}

/** The session of a request signed in with one (calls that API tokens reach never ask). */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.auth) throw new Unauthenticated();
  if (request.auth.sessionId === null) throw new Forbidden("This call needs a signed-in session");
  return request.auth.sessionId;
}
