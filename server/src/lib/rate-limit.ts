import { createHash } from "node:crypto";
import type { Db } from "../db/database";
import { RateLimited } from "./domain-errors";

/**
 * Fixed-window rate limits kept in the database (table rate_limits), so several server instances
 * behind a load balancer share one count (nothing that matters lives in process memory).
 */
export interface RateLimitRule {
  /** What is limited and for whom, e.g. "login:ip:203.0.113.7". */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against a rule and says whether it is within the limit. A single
 * INSERT … ON CONFLICT DO UPDATE per hit, atomic on SQLite and PostgreSQL alike, so concurrent
 * requests cannot slip past the count; a window that has ended starts again at 1.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const windowEnd = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key: rule.key, hits: 1, window_ends_at: windowEnd })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when("rate_limits.window_ends_at", "<=", nowIso)
          .then(1)
          .else(eb("rate_limits.hits", "+", 1))
          .end(),
        window_ends_at: eb
          .case()
          .when("rate_limits.window_ends_at", "<=", nowIso)
          .then(windowEnd)
          .else(eb.ref("rate_limits.window_ends_at"))
          .end(),
      })),
    )
    .returning(["hits", "window_ends_at"])
    .executeTakeFirstOrThrow();

  // Expired windows are dead weight; sweeping now and then keeps the table small.
  if (Math.random() < 0.01) {
    await db.deleteFrom("rate_limits").where("window_ends_at", "<=", nowIso).execute();
  }

  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now.getTime()) / 1000));
  return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterSeconds };
}

/**
 * Counts a hit against every rule (all of them, so each count stays honest) and throws 429 with
 * `message(minutes)` when any is over its limit.
 */
export async function enforceRateLimits(
  db: Db,
  rules: RateLimitRule[],
  now: Date,
  message: (retryAfter: string) => string,
): Promise<void> {
  let worst = 0;
  for (const rule of rules) {
    const result = await consumeRateLimit(db, rule, now);
    if (!result.allowed) worst = Math.max(worst, result.retryAfterSeconds);
  }
  if (worst > 0) throw rateLimited(worst, message);
}

/** The 429 of a wait of `seconds`, said in its message (`message("15 minutes")`) and Retry-After. */
export function rateLimited(seconds: number, message: (wait: string) => string): RateLimited {
  return new RateLimited(message(describeWait(seconds)), seconds);
}

/** "45 seconds", "1 minute", "15 minutes" */
function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Rate-limit keys never hold an e-mail address in clear. */
export function hashedKeyPart(value: string): string {
  return createHash("sha256").update(value.trim().toLowerCase()).digest("hex").slice(0, 32);
}

/** The hits counted against a key in its current window (0 when none or the window has ended). */
export async function currentHits(db: Db, key: string, now: Date): Promise<RateLimitResult> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "window_ends_at"])
    .where("key", "=", key)
    .where("window_ends_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now.getTime()) / 1000));
  return { allowed: true, hits: row.hits, retryAfterSeconds };
}

/** Marks a key as held until an instant (a backoff, a remembered client), replacing any earlier mark. */
export async function holdUntil(db: Db, key: string, until: Date): Promise<void> {
  await db
    .insertInto("rate_limits")
    .values({ key, hits: 1, window_ends_at: until.toISOString() })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({ hits: 1, window_ends_at: until.toISOString() }),
    )
    .execute();
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Every count whose key names one of `parts` (a user id, a hashed address) as a whole segment. */
export async function deleteRateLimitsNaming(db: Db, parts: string[]): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where((eb) =>
      eb.or(parts.flatMap((part) => [eb("key", "like", `%:${part}`), eb("key", "like", `%:${part}:%`)])),
    )
    .execute();
}
