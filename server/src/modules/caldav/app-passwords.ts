import { createHash, randomInt } from "node:crypto";
import type { AppPassword, CreatedAppPassword } from "@contract/caldav";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound, Unauthenticated } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { consumeRateLimit, currentHits, hashedKeyPart, rateLimited } from "../../lib/rate-limit";
import { getUserBySignInName } from "../auth/service";
import {
  insertAppPassword,
  markAppPasswordUsed,
  revokeAllAppPasswordsOf,
  revokeAppPassword,
  selectAppPasswords,
  selectLiveAppPassword,
} from "./app-password-repository";

/**
 * Lowercase letters and digits without the look-alikes (0/o, 1/l/i): easy to type into a phone,
 * 31 symbols, so a password of 20 carries 99 random bits.
 */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_LENGTH = 5;

function newPassword(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/**
 * An app password is 99 random bits, not something a person chose, so a fast hash is as safe as
 * a slow one here (there is no dictionary to try) and costs nothing on each CalDAV request.
 */
function hashOf(password: string): string {
  return createHash("sha256").update(password.trim().toLowerCase()).digest("hex");
}

function toAppPasswordJson(row: {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): AppPassword {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

export async function listAppPasswords(db: Db, userId: string): Promise<AppPassword[]> {
  return (await selectAppPasswords(db, userId)).map(toAppPasswordJson);
}

export async function createAppPassword(
  db: Db,
  clock: Clock,
  userId: string,
  name: string,
): Promise<CreatedAppPassword> {
  const password = newPassword();
  const row = {
    id: newId(),
    user_id: userId,
    name,
    password_hash: hashOf(password),
    created_at: isoNow(clock),
    last_used_at: null,
    revoked_at: null,
  };
  await insertAppPassword(db, row);
  return { id: row.id, name: row.name, password, created_at: row.created_at };
}

export async function deleteAppPassword(db: Db, clock: Clock, userId: string, id: string): Promise<void> {
  if (!(await revokeAppPassword(db, userId, id, isoNow(clock)))) throw new NotFound("App password not found");
}

/** Every app password of the user stops working (the account password changed). */
export async function revokeAllAppPasswords(db: Db, clock: Clock, userId: string): Promise<void> {
  await revokeAllAppPasswordsOf(db, userId, isoNow(clock));
}

/**
 * Failed Basic sign-ins are limited as failed sign-ins on the login form are: per client and per
 * account, counted in the database so every instance shares the count. Only failures count: a
 * syncing client makes many requests, each signed in. A device whose app password has signed in
 * before is a known client: it is never held back by the failures of others, so guessing at an
 * account cannot lock its owner's phone out (an app password is 99 random bits: the limits are
 * there against floods and spraying, not against guessing one).
 */
const FAILURE_WINDOW_MS = 15 * 60_000;
const FAILURES_PER_CLIENT = 20;
const FAILURES_PER_ACCOUNT = 10;
/** last_used_at is written at most this often, so a sync of many requests writes it once. */
const LAST_USED_RESOLUTION_MS = 60_000;

const tooManyAttempts = (wait: string) => `Too many sign-in attempts. Please try again in ${wait}.`;
export const BAD_CREDENTIALS = "Sign in with your username or e-mail and an app password made in Settings";

/**
 * The user of a CalDAV request's Basic credentials: a username or e-mail and one of the user's
 * live app passwords. The account password is never accepted here: only app passwords are
 * looked up. Throws Unauthenticated (401) or RateLimited (429).
 */
export async function userOfAppPassword(
  db: Db,
  clock: Clock,
  credentials: { name: string; password: string },
  ip: string,
): Promise<UserRow> {
  const now = clock.now();
  const user = credentials.name.trim() ? await getUserBySignInName(db, credentials.name) : undefined;
  const match = user ? await selectLiveAppPassword(db, user.id, hashOf(credentials.password)) : undefined;
  const knownClient = match !== undefined && match.last_used_at !== null;

  const clientKey = `davFailuresPerIp:${ip}`;
  const accountKey = `davFailuresPerAccount:${hashedKeyPart(credentials.name)}`;
  if (!knownClient) {
    for (const [key, limit] of [
      [clientKey, FAILURES_PER_CLIENT],
      [accountKey, FAILURES_PER_ACCOUNT],
    ] as const) {
      const hits = await currentHits(db, key, now);
      if (hits.hits >= limit) throw rateLimited(hits.retryAfterSeconds, tooManyAttempts);
    }
  }
  if (!user || !match) {
    await consumeRateLimit(
      db,
      { key: clientKey, limit: FAILURES_PER_CLIENT, windowMs: FAILURE_WINDOW_MS },
      now,
    );
    await consumeRateLimit(
      db,
      { key: accountKey, limit: FAILURES_PER_ACCOUNT, windowMs: FAILURE_WINDOW_MS },
      now,
    );
    throw new Unauthenticated(BAD_CREDENTIALS);
  }
  if (
    match.last_used_at === null ||
    now.getTime() - Date.parse(match.last_used_at) >= LAST_USED_RESOLUTION_MS
  ) {
    await markAppPasswordUsed(db, match.id, now.toISOString());
  }
  return user;
}
