import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-types";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { Unauthenticated } from "../../lib/domain-errors";
import { findSessionUser, type SignedInUser } from "./session-repository";
import { findUserById } from "./user-repository";

declare module "fastify" {
  interface FastifyRequest {
    auth?: { user: SignedInUser; sessionId: string };
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
 * so a request without a live bearer token is refused with 401 before its body is read.
 */
export function authenticate(deps: Pick<AppDeps, "db" | "clock">) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new Unauthenticated("Authentication required");
    const session = await findSessionUser(deps.db, token, deps.clock.now());
    if (!session) throw new Unauthenticated(SESSION_ENDED);
    request.auth = { user: session.user, sessionId: session.sessionId };
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

export function currentSessionId(request: FastifyRequest): string {
  if (!request.auth) throw new Unauthenticated();
  return request.auth.sessionId;
}
