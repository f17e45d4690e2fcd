import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { unauthorized } from "../../lib/http-error";
import { findSessionUser } from "./session-repository";

declare module "fastify" {
  interface FastifyRequest {
    auth?: { user: UserRow; sessionId: string };
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** A preHandler for every call that needs a signed-in user (spec §6): 401 otherwise. */
export function authenticate(deps: Pick<AppDeps, "db" | "clock">) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw unauthorized("Authentication required");
    const session = await findSessionUser(deps.db, token, deps.clock.now());
    if (!session) throw unauthorized("Your session has expired or was revoked. Please sign in again.");
    request.auth = { user: session.user, sessionId: session.sessionId };
  };
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export function currentSessionId(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized();
  return request.auth.sessionId;
}
