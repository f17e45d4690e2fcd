import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
  type CreateApiTokenRequest,
} from "@contract/integrations";
import type { Db } from "../../db/database";
import type { ApiTokenRow } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { NotFound } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import { endLiveStreams } from "../live-updates";
import {
  deleteAllApiTokens,
  deleteApiToken,
  type TokenUser,
  findApiTokenUser,
  insertApiToken,
  selectApiTokens,
  touchApiToken,
} from "./repository";

/** A token's last use is recorded at most this often (the list shows it to the minute). */
const LAST_USE_PRECISION_MS = 60_000;

function toApiTokenJson(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
  };
}

/** Whether a bearer token is a personal API token (else it can only be a session token). */
export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** POST /api/v1/tokens: the token is returned once; only its SHA-256 is kept. */
export async function createApiToken(
  db: Db,
  clock: Clock,
  userId: string,
  request: CreateApiTokenRequest,
): Promise<ApiTokenCreated> {
  const now = clock.now();
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  const row: ApiTokenRow = {
    id: newId(),
    user_id: userId,
    name: request.name,
    scope: request.scope,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    expires_at:
      request.expires_in_days == null
        ? null
        : new Date(now.getTime() + request.expires_in_days * 86_400_000).toISOString(),
    last_used_at: null,
  };
  await insertApiToken(db, row);
  return { id: row.id, name: row.name, scope: request.scope, token, expires_at: row.expires_at };
}

/** GET /api/v1/tokens */
export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  return (await selectApiTokens(db, userId)).map(toApiTokenJson);
}

/**
 * DELETE /api/v1/tokens/:id: the token stops working at once, and so do the webhooks and push
 * subscriptions it made and the live-update streams it opened.
 */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteApiToken(db, userId, id))) throw new NotFound("Token not found");
  await endLiveStreams(db, userId, { apiToken: id });
}

/** DELETE /api/v1/tokens: every token of the user, as revoking each would. */
export async function revokeAllApiTokens(db: Db, userId: string): Promise<void> {
  await deleteAllApiTokens(db, userId);
  await endLiveStreams(db, userId, { apiTokens: "all" });
}

/**
 * The user and scope of a live personal API token (unknown, revoked and expired ones find
 * nobody), recording its use.
 */
export async function apiTokenUser(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ tokenId: string; scope: ApiTokenScope; user: TokenUser } | undefined> {
  const now = clock.now();
  const found = await findApiTokenUser(db, hashToken(token), now.toISOString());
  if (!found) return undefined;
  const staleBefore = new Date(now.getTime() - LAST_USE_PRECISION_MS).toISOString();
  if (found.lastUsedAt === null || found.lastUsedAt < staleBefore) {
    await touchApiToken(db, found.tokenId, now.toISOString(), staleBefore);
  }
  return { tokenId: found.tokenId, scope: found.scope as ApiTokenScope, user: found.user };
}
