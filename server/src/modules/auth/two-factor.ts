import { randomInt } from "node:crypto";
import {
  INVALID_TWO_FACTOR_CODE_MESSAGE,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type TwoFactorRequired,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorVerifyRequest,
} from "@contract/account-security";
import type { AuthResponse } from "@contract/auth";
import { generateSecret, generateURI, verify } from "otplib";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { Conflict, Unauthenticated, Validation } from "../../lib/domain-errors";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import { clearRateLimit, consumeRateLimit, currentHits, rateLimited } from "../../lib/rate-limit";
import { startSession, type SessionClient } from "./sessions";
import { assertEnabled } from "./sign-in-control";
import {
  consumeChallenge,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableWithRecoveryCodes,
  findLiveChallenge,
  findTwoFactor,
  insertChallenge,
  storePendingSecret,
  takeTimeStep,
  useRecoveryCode,
} from "./two-factor-repository";
import { findUserById } from "./user-repository";

type TwoFactorDeps = Pick<AppDeps, "db" | "config" | "clock">;

const ISSUER = "Tasklane";
const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is taken too: phones' clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30;
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes an account may send in the window, whatever challenge or call they come with. */
const failures = (userId: string) => ({
  key: `twoFactorFailures:${userId}`,
  limit: 5,
  windowMs: 15 * 60_000,
});
const tooManyCodes = (wait: string) => `Too many wrong codes. Please try again in ${wait}.`;

// Recovery codes: 10 characters without look-alikes (0/o, 1/l/i), shown as two groups of 5.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

function newRecoveryCode(): string {
  const characters = Array.from(
    { length: RECOVERY_LENGTH },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
}

/** What a recovery code is stored and compared as: its letters only, lower case, hashed. */
function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ""));
}

/** The TOTP step a code of `secret` was made at, if it is one for now (and later than `after`). */
async function totpStep(
  secret: string,
  code: string,
  now: Date,
  after: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const latestStep = Math.floor((epoch + TOTP_TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS);
  if (after !== null && after >= latestStep) return null;
  const result = await verify({
    secret,
    token,
    epoch,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** Refuses the account's code checks while it has sent too many wrong codes (429). */
async function assertCodesLeft(deps: TwoFactorDeps, userId: string, now: Date): Promise<void> {
  const rule = failures(userId);
  const hits = await currentHits(deps.db, rule.key, now);
  if (hits.hits >= rule.limit) throw rateLimited(hits.retryAfterSeconds, tooManyCodes);
}

/**
 * Checks a code of an account with two-factor on: a TOTP code of a step not taken before, or an
 * unused recovery code, each taken by this check. A wrong one counts against the account (400).
 */
async function takeCode(deps: TwoFactorDeps, userId: string, code: string): Promise<void> {
  const now = deps.clock.now();
  await assertCodesLeft(deps, userId, now);
  const stored = await findTwoFactor(deps.db, userId);
  if (!stored?.enabled_at) throw new Validation("Two-factor sign-in is off", "two_factor_off");
  const step = await totpStep(stored.secret, code, now, stored.last_time_step);
  const taken =
    step !== null
      ? await takeTimeStep(deps.db, userId, step)
      : await useRecoveryCode(deps.db, userId, recoveryCodeHash(code), now.toISOString());
  if (!taken) {
    await consumeRateLimit(deps.db, failures(userId), now);
    throw new Validation(INVALID_TWO_FACTOR_CODE_MESSAGE, "invalid_two_factor_code");
  }
  await clearRateLimit(deps.db, failures(userId).key);
}

/** GET /auth/2fa. */
export async function twoFactorStatus(deps: TwoFactorDeps, userId: string): Promise<TwoFactorStatus> {
  const stored = await findTwoFactor(deps.db, userId);
  if (!stored?.enabled_at) return { enabled: false, recovery_codes_left: 0 };
  return { enabled: true, recovery_codes_left: await countUnusedRecoveryCodes(deps.db, userId) };
}

/** POST /auth/2fa/setup: a new secret, kept until a code of it turns two-factor on. */
export async function setUpTwoFactor(deps: TwoFactorDeps, user: UserRow): Promise<TwoFactorSetup> {
  if ((await findTwoFactor(deps.db, user.id))?.enabled_at) {
    throw new Conflict("Two-factor sign-in is already on", "two_factor_on");
  }
  const secret = generateSecret();
  await storePendingSecret(deps.db, user.id, secret, deps.clock.now().toISOString());
  return { secret, otpauth_url: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

/** POST /auth/2fa/enable: a code of the new secret proves the app has it; recovery codes, once. */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
): Promise<RecoveryCodes> {
  const now = deps.clock.now();
  await assertCodesLeft(deps, userId, now);
  const stored = await findTwoFactor(deps.db, userId);
  if (stored?.enabled_at) throw new Conflict("Two-factor sign-in is already on", "two_factor_on");
  if (!stored) throw new Validation("Set up two-factor sign-in first", "two_factor_not_set_up");
  const step = await totpStep(stored.secret, code, now, null);
  if (step === null || !(await takeTimeStep(deps.db, userId, step))) {
    await consumeRateLimit(deps.db, failures(userId), now);
    throw new Validation(INVALID_TWO_FACTOR_CODE_MESSAGE, "invalid_two_factor_code");
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  if (!(await enableWithRecoveryCodes(deps.db, userId, now.toISOString(), codes.map(recoveryCodeHash)))) {
    throw new Conflict("Two-factor sign-in is already on", "two_factor_on");
  }
  return { recovery_codes: codes };
}

/** POST /auth/2fa/disable. */
export async function disableTwoFactor(deps: TwoFactorDeps, userId: string, code: string): Promise<void> {
  await takeCode(deps, userId, code);
  await deleteTwoFactor(deps.db, userId);
}

/** A fresh code confirms a step as a password would (deleting an account without one). */
export const confirmWithTwoFactor = takeCode;

/**
 * After the right password: a challenge for an account with two-factor on (its secret stays on
 * the server, only the challenge's hash is stored), nothing for one without.
 */
export async function twoFactorChallenge(
  deps: TwoFactorDeps,
  userId: string,
  client: SessionClient,
): Promise<TwoFactorRequired | undefined> {
  if (!(await findTwoFactor(deps.db, userId))?.enabled_at) return undefined;
  const challenge = newToken();
  await insertChallenge(deps.db, {
    challenge_hash: hashToken(challenge),
    user_id: userId,
    expires_at: new Date(deps.clock.now().getTime() + CHALLENGE_TTL_MS).toISOString(),
    user_agent: client.userAgent,
    ip: client.ip,
  });
  return { two_factor_required: true, challenge };
}

/** POST /auth/2fa/verify: the challenge and a code give the session the sign-in asked for. */
export async function verifyTwoFactor(
  deps: TwoFactorDeps,
  request: TwoFactorVerifyRequest,
): Promise<AuthResponse> {
  const signInAgain = "This sign-in has expired. Please sign in again.";
  const nowIso = deps.clock.now().toISOString();
  const challenge = await findLiveChallenge(deps.db, hashToken(request.challenge), nowIso);
  if (!challenge) throw new Unauthenticated(signInAgain);
  await takeCode(deps, challenge.user_id, request.code);
  const user = await findUserById(deps.db, challenge.user_id);
  if (!user || !(await consumeChallenge(deps.db, challenge, nowIso))) throw new Unauthenticated(signInAgain);
  assertEnabled(user);
  return startSession(deps, user, { userAgent: challenge.user_agent, ip: challenge.ip });
}
