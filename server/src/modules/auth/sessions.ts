import type { AuthResponse } from "@contract/auth";
import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { NotFound } from "../../lib/domain-errors";
import { endLiveStreams } from "../live-updates";
import {
  createSession,
  revokeOtherSessions,
  revokeSessionOfUser,
  type SessionClient,
} from "./session-repository";
import { toUserJson } from "./user-json";

export type { SessionClient };

type SessionDeps = Pick<AppDeps, "db" | "config" | "clock">;

/** A User-Agent is kept to this length: enough to tell browsers apart, never a stored essay. */
const USER_AGENT_MAX_LENGTH = 256;

/** The client of a request, as its session records it. */
export function clientOf(request: FastifyRequest): SessionClient {
  const userAgent = request.headers["user-agent"]?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
  return { userAgent, ip: request.ip };
}

/** A new session for a user who proved who they are: its bearer token and the user. */
export async function startSession(
  deps: SessionDeps,
  user: UserRow,
  client: SessionClient,
): Promise<AuthResponse> {
  const now = deps.clock.now();
  const { token } = await createSession(deps.db, user.id, now, deps.config.sessionTtlDays, client);
  return { token, user: await toUserJson(deps, user, now) };
}

/** DELETE /auth/sessions/:id: that device is signed out at once, its live-update streams too. */
export async function signOutSession(deps: SessionDeps, userId: string, sessionId: string): Promise<void> {
  if (!(await revokeSessionOfUser(deps.db, userId, sessionId, deps.clock.now()))) {
    throw new NotFound("No such session", "session_not_found");
  }
  await endLiveStreams(deps.db, userId, { session: sessionId });
}

/** DELETE /auth/sessions: every session but the current one ends. */
export async function signOutOtherSessions(
  deps: SessionDeps,
  userId: string,
  currentSessionId: string,
): Promise<void> {
  await revokeOtherSessions(deps.db, userId, currentSessionId, deps.clock.now());
  await endLiveStreams(deps.db, userId, { allBut: currentSessionId });
}
