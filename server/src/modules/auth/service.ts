import type {
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SendVerificationResponse,
  User,
} from "@contract/auth";
import { INVALID_RESET_CODE_MESSAGE } from "@contract/auth";
import type { LoginResponse } from "@contract/account-security";
import type { SignedInSession } from "@contract/integrations";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-types";
import { isUniqueViolation, type Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { Conflict, MailUndeliverable, Unauthenticated, Validation } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstDecoy,
  verifyPassword,
} from "../../lib/passwords";
import {
  clearRateLimit,
  consumeRateLimit,
  currentHits,
  enforceRateLimits,
  hashedKeyPart,
  holdUntil,
  rateLimited,
  type RateLimitRule,
} from "../../lib/rate-limit";
import type { OutgoingMail } from "../../mail/mailer";
import { existingAccountMail, passwordResetMail, verificationMail } from "../../mail/verification-mail";
import { endLiveStreams } from "../live-updates";
import { giveInbox } from "../projects/service";
import { startSession, type SessionClient } from "./sessions";
import { twoFactorChallenge } from "./two-factor";
import {
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  selectLiveSessions,
} from "./session-repository";
import { assertEnabled, assertMaySignUp } from "./sign-in-control";
import { toUserJson } from "./user-json";
import { findUserByEmail, findUserById, findUserByUsername, insertUser, updateUser } from "./user-repository";
import {
  checkCode,
  consumeCode,
  discardCode,
  matchCode,
  newVerificationCode,
  storeNewCode,
} from "./verification-codes";

type AuthDeps = Pick<AppDeps, "db" | "config" | "clock" | "mailer">;

const EMAIL_TAKEN_MESSAGE = "An account with this e-mail already exists";
const USERNAME_TAKEN_MESSAGE = "This username is taken";
const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";

const MINUTE = 60_000;

/**
 * Rate limits on login, code sending and code checking. Per address AND per client IP:
 * the first stops guessing one account's password, the second one client spraying many.
 *
 * Failed sign-ins are limited so that strangers cannot lock an owner out:
 * - per client: 20 failures in 15 minutes lock that client out for the rest of the window
 *   (whatever accounts it tries), on top of 50 attempts in 15 minutes in all
 *   (AUTH_SIGN_INS_PER_CLIENT replaces the 50);
 * - per account: after 5 failures in 15 minutes each further attempt must wait, 1 s, 2 s, 4 s…
 *   up to 60 s after the last failure (a backoff, never a lock), and a client that has signed in
 *   to the account in the last 30 days is not held back by failures of others at all.
 */
const limits = {
  loginPerIp: { limit: 50, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { limit: 20, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  codeSendPerEmail: { limit: 6, windowMs: 60 * MINUTE },
  // Per client, per hour: AUTH_CODES_PER_CLIENT_PER_HOUR (default 20) replaces the limit.
  codeSendPerIp: { limit: 20, windowMs: 60 * MINUTE },
  codeCheckPerEmail: { limit: 15, windowMs: 60 * MINUTE },
  codeCheckPerIp: { limit: 30, windowMs: 15 * MINUTE },
  passwordChangePerUser: { limit: 10, windowMs: 15 * MINUTE },
  // A reset code is sent and checked under the same limits as a sign-up code.
  resetSendPerEmail: { limit: 6, windowMs: 60 * MINUTE },
  resetSendPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetCheckPerEmail: { limit: 15, windowMs: 60 * MINUTE },
  resetCheckPerIp: { limit: 30, windowMs: 15 * MINUTE },
} as const;

const LOGIN_BACKOFF_MAX_MS = 60_000;
const KNOWN_CLIENT_MS = 30 * 24 * 60 * MINUTE;

function rule(name: keyof typeof limits, subject: string): RateLimitRule {
  return { key: `${name}:${subject}`, ...limits[name] };
}

/**
 * Addresses that mail systems reserve or that Tasklane sends from: a user called "postmaster" or
 * "no-reply" would own an inbound address that is not theirs to have.
 */
export const RESERVED_USERNAMES = new Set([
  "abuse",
  "admin",
  "administrator",
  "hostmaster",
  "mailer-daemon",
  "no-reply",
  "noreply",
  "postmaster",
  "root",
  "security",
  "support",
  "webmaster",
]);

export function emptyToNull(value: string | undefined): string | null {
  return value && value.trim() !== "" ? value.trim() : null;
}

function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new Validation(COMMON_PASSWORD_MESSAGE, "common_password");
}

async function assertEmailFree(deps: AuthDeps, email: string): Promise<void> {
  if (await findUserByEmail(deps.db, email)) throw new Conflict(EMAIL_TAKEN_MESSAGE, "email_taken");
}

function assertUsernameNotReserved(username: string): void {
  if (RESERVED_USERNAMES.has(username.toLowerCase())) {
    throw new Validation("This username is reserved. Please choose another.", "username_reserved");
  }
}

async function assertUsernameFree(deps: AuthDeps, username: string): Promise<void> {
  if (await findUserByUsername(deps.db, username))
    throw new Conflict(USERNAME_TAKEN_MESSAGE, "username_taken");
}

/**
 * POST /auth/send-verification. The answer is the same whether or not the address already has an
 * account, so the call cannot be used to find out who has one: a new address gets a code, an
 * existing owner gets a note that someone tried to sign up with it. Both go through the same
 * once-a-minute throttle (a code is stored for an existing address too, but never sent).
 */
export async function sendVerification(
  deps: AuthDeps,
  email: string,
  ip: string,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<SendVerificationResponse> {
  await assertMaySignUp(deps, email);
  const now = deps.clock.now();
  const emailLower = email.toLowerCase();
  await enforceRateLimits(
    deps.db,
    [
      { ...rule("codeSendPerIp", ip), limit: deps.config.codesPerClientPerHour },
      rule("codeSendPerEmail", hashedKeyPart(emailLower)),
    ],
    now,
    (wait) => `Too many verification codes requested. Please try again in ${wait}.`,
  );
  const accountExists = (await findUserByEmail(deps.db, email)) !== undefined;

  const ttlMinutes = deps.config.verificationCodeTtlMinutes;
  const code = newVerificationCode();
  const { codeHash } = await storeNewCode(deps.db, "verification_codes", emailLower, code, now, ttlMinutes);
  try {
    await deps.mailer.send(
      accountExists
        ? existingAccountMail(email, deps.config.publicUrl)
        : verificationMail(email, code, ttlMinutes),
    );
  } catch (error) {
    await discardCode(deps.db, "verification_codes", emailLower, codeHash);
    log.error({ err: error }, "Sending the verification e-mail failed");
    throw new MailUndeliverable(
      "We could not send the verification e-mail. Please try again in a moment.",
      "mail_failed",
    );
  }
  const delivery = codeDelivery(deps);
  return {
    message:
      delivery === "email"
        ? `We sent a verification code to ${email}`
        : `No mail server is configured, so the verification code for ${email} was written to the server log`,
    expires_in: ttlMinutes,
    delivery,
  };
}

/** Without SMTP_URL the mailer writes each message to the server log instead of sending it. */
function codeDelivery(deps: AuthDeps): "email" | "server_log" {
  return deps.config.smtpUrl ? "email" : "server_log";
}

/**
 * POST /auth/forgot-password: the same answer whether or not the address has an account, so
 * nobody can find out who uses Tasklane. A code is stored for every address (the once-a-minute
 * limit then answers alike too) but only mailed to an account's own address.
 */
export async function forgotPassword(
  deps: AuthDeps,
  email: string,
  ip: string,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<ForgotPasswordResponse> {
  const now = deps.clock.now();
  const emailLower = email.toLowerCase();
  await enforceRateLimits(
    deps.db,
    [
      { ...rule("resetSendPerIp", ip), limit: deps.config.codesPerClientPerHour },
      rule("resetSendPerEmail", hashedKeyPart(emailLower)),
    ],
    now,
    (wait) => `Too many reset codes requested. Please try again in ${wait}.`,
  );
  const ttlMinutes = deps.config.verificationCodeTtlMinutes;
  const code = newVerificationCode();
  const { codeHash } = await storeNewCode(deps.db, "password_reset_codes", emailLower, code, now, ttlMinutes);
  const user = await findUserByEmail(deps.db, email);
  if (user)
    await sendOrDiscard(deps, passwordResetMail(user.email, code, ttlMinutes), emailLower, codeHash, log);
  const delivery = codeDelivery(deps);
  return {
    message:
      delivery === "email"
        ? "If an account uses this address, we sent it a code to reset the password"
        : "If an account uses this address, its reset code was written to the server log (no mail server is configured)",
    expires_in: ttlMinutes,
    delivery,
  };
}

/**
 * A reset mail that could not be sent is logged and its code dropped, so the person may ask
 * again at once; the answer stays the same, or it would tell that the address has an account.
 */
async function sendOrDiscard(
  deps: AuthDeps,
  mail: OutgoingMail,
  emailLower: string,
  codeHash: string,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await discardCode(deps.db, "password_reset_codes", emailLower, codeHash);
    log.error({ err: error }, "Sending the password reset e-mail failed");
  }
}

/**
 * POST /auth/reset-password: the new password follows the rules of registration; then the code
 * is checked, and any problem with it (none sent, wrong, expired, too many tries, no account)
 * reads the same. Every session of the account ends, and every live-update stream; the caller
 * ends the account's other credentials (a reset is what recovering from a compromise looks like).
 */
export async function resetPassword(
  deps: AuthDeps,
  request: ResetPasswordRequest,
  ip: string,
): Promise<{ userId: string; answer: ResetPasswordResponse }> {
  const now = deps.clock.now();
  const emailLower = request.email.toLowerCase();
  await enforceRateLimits(
    deps.db,
    [rule("resetCheckPerIp", ip), rule("resetCheckPerEmail", hashedKeyPart(emailLower))],
    now,
    (wait) => `Too many reset attempts. Please try again in ${wait}.`,
  );
  // Checked before the code, so a password that is refused does not burn one of the code's tries.
  assertUncommonPassword(request.new_password);
  const match = await matchCode(deps.db, "password_reset_codes", emailLower, request.code, now);
  const user = match.matched ? await findUserByEmail(deps.db, request.email) : undefined;
  if (!user) throw new Validation(INVALID_RESET_CODE_MESSAGE, "invalid_reset_code");

  await updateUser(deps.db, user.id, {
    password_hash: await hashPassword(request.new_password, deps.config.passwordHashCost),
    updated_at: now.toISOString(),
  });
  await revokeAllSessions(deps.db, user.id, now);
  await endLiveStreams(deps.db, user.id, { allBut: null });
  await consumeCode(deps.db, "password_reset_codes", emailLower);
  return {
    userId: user.id,
    answer: { message: "Your password has been reset. Please sign in with your new password." },
  };
}

/** POST /auth/register: every sign-up rule the form checks (e-mail, username, password, names) is checked again here, then the code. */
export async function register(
  deps: AuthDeps,
  request: RegisterRequest,
  client: SessionClient,
): Promise<AuthResponse> {
  const { ip } = client;
  await assertMaySignUp(deps, request.email);
  const now = deps.clock.now();
  const emailLower = request.email.toLowerCase();
  await enforceRateLimits(
    deps.db,
    [
      // A client may try at least as many sign-ups as it may be sent codes.
      {
        ...rule("codeCheckPerIp", ip),
        limit: Math.max(limits.codeCheckPerIp.limit, deps.config.codesPerClientPerHour),
      },
      rule("codeCheckPerEmail", hashedKeyPart(emailLower)),
    ],
    now,
    (wait) => `Too many verification attempts. Please try again in ${wait}.`,
  );
  assertUncommonPassword(request.password);
  assertUsernameNotReserved(request.username);
  // The code first: only someone who proved they own a new address learns whether an e-mail or
  // a username is taken (an existing owner is never mailed a code), so neither can be probed.
  await checkCode(deps.db, emailLower, request.verification_code, now);
  await assertEmailFree(deps, request.email);
  await assertUsernameFree(deps, request.username);

  const timestamp = now.toISOString();
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      id: newId(),
      email: request.email,
      email_lower: emailLower,
      username: request.username,
      username_lower: request.username.toLowerCase(),
      password_hash: await hashPassword(request.password, deps.config.passwordHashCost),
      first_name: emptyToNull(request.first_name),
      last_name: emptyToNull(request.last_name),
      created_at: timestamp,
      updated_at: timestamp,
    });
  } catch (error) {
    // Someone else took the address or the name between our check and the insert.
    if (!isUniqueViolation(error)) throw error;
    await assertEmailFree(deps, request.email);
    throw new Conflict(USERNAME_TAKEN_MESSAGE, "username_taken");
  }
  await consumeCode(deps.db, "verification_codes", emailLower);
  await giveInbox(deps.db, deps.clock, user.id);
  return startSession(deps, user, client);
}

const tooManySignIns = (wait: string) => `Too many sign-in attempts. Please try again in ${wait}.`;

/** Keys of the sign-in limits; addresses and accounts only hashed. */
function loginKeys(emailLower: string, ip: string) {
  const account = hashedKeyPart(emailLower);
  return {
    clientFailures: rule("loginFailuresPerIp", ip),
    accountFailures: rule("loginFailuresPerAccount", account),
    accountBackoff: `loginBackoff:${account}`,
    knownClient: (userId: string) => `loginKnownClient:${userId}:${hashedKeyPart(ip)}`,
  };
}

/**
 * POST /auth/login: one message whether the e-mail is unknown or the password wrong, and the
 * same limits for unknown and existing addresses. An account with two-factor sign-in gets a
 * challenge instead of a session.
 */
export async function login(
  deps: AuthDeps,
  request: LoginRequest,
  client: SessionClient,
): Promise<LoginResponse> {
  const { ip } = client;
  const now = deps.clock.now();
  const emailLower = request.email.toLowerCase();
  const keys = loginKeys(emailLower, ip);
  await enforceRateLimits(
    deps.db,
    [{ ...rule("loginPerIp", ip), limit: deps.config.signInsPerClient }],
    now,
    tooManySignIns,
  );

  const clientFailures = await currentHits(deps.db, keys.clientFailures.key, now);
  if (clientFailures.hits >= keys.clientFailures.limit) {
    throw rateLimited(clientFailures.retryAfterSeconds, tooManySignIns);
  }
  const user = await findUserByEmail(deps.db, request.email);
  const knownClient = user ? (await currentHits(deps.db, keys.knownClient(user.id), now)).hits > 0 : false;
  if (!knownClient) {
    const backoff = await currentHits(deps.db, keys.accountBackoff, now);
    if (backoff.hits > 0) throw rateLimited(backoff.retryAfterSeconds, tooManySignIns);
  }

  // An unknown e-mail costs the same time as a wrong password, so it cannot be told apart.
  if (!user) await verifyAgainstDecoy(request.password, deps.config.passwordHashCost);
  if (!user || !(await verifyPassword(user.password_hash, request.password))) {
    await consumeRateLimit(deps.db, keys.clientFailures, now);
    const accountFailures = await consumeRateLimit(deps.db, keys.accountFailures, now);
    if (!accountFailures.allowed) {
      const excess = accountFailures.hits - keys.accountFailures.limit;
      const delay = Math.min(LOGIN_BACKOFF_MAX_MS, 1000 * 2 ** Math.min(excess - 1, 16));
      await holdUntil(deps.db, keys.accountBackoff, new Date(now.getTime() + delay));
    }
    throw new Unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  }
  await clearRateLimit(deps.db, keys.accountFailures.key);
  await clearRateLimit(deps.db, keys.accountBackoff);
  await holdUntil(deps.db, keys.knownClient(user.id), new Date(now.getTime() + KNOWN_CLIENT_MS));
  assertEnabled(user);
  return (await twoFactorChallenge(deps, user.id, client)) ?? startSession(deps, user, client);
}

export async function logout(deps: AuthDeps, user: Pick<UserRow, "id">, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock.now());
  await endLiveStreams(deps.db, user.id, { session: sessionId });
}

/** The user's live sessions, most recently used first, marking the one of the asking request. */
export async function listSessions(
  deps: Pick<AuthDeps, "db" | "clock">,
  userId: string,
  currentSessionId: string | null,
): Promise<SignedInSession[]> {
  const rows = await selectLiveSessions(deps.db, userId, deps.clock.now());
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

export function me(deps: AuthDeps, user: UserRow): Promise<User> {
  return toUserJson(deps, user, deps.clock.now());
}

/**
 * POST /auth/change-password: needs the current password; every other session is revoked and
 * every live-update stream but the current session's ends. The caller ends the account's other
 * credentials.
 */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  sessionId: string,
  request: ChangePasswordRequest,
): Promise<User> {
  const now = deps.clock.now();
  await enforceRateLimits(
    deps.db,
    [rule("passwordChangePerUser", user.id)],
    now,
    (wait) => `Too many password change attempts. Please try again in ${wait}.`,
  );
  if (!(await verifyPassword(user.password_hash, request.current_password))) {
    throw new Validation(WRONG_CURRENT_PASSWORD_MESSAGE, "wrong_password");
  }
  if (request.new_password === request.current_password) {
    throw new Validation("The new password must be different from the current password", "same_password");
  }
  assertUncommonPassword(request.new_password);
  const updated = await updateUser(deps.db, user.id, {
    password_hash: await hashPassword(request.new_password, deps.config.passwordHashCost),
    updated_at: now.toISOString(),
  });
  await revokeOtherSessions(deps.db, user.id, sessionId, now);
  await endLiveStreams(deps.db, user.id, { allBut: sessionId });
  return toUserJson(deps, updated, now);
}

/** A user by id (for work done outside a request, such as the daily-plan worker). */
export function getUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

/** A user by username, compared case-insensitively (the inbound address's local part). */
export function getUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return findUserByUsername(db, username);
}

/**
 * A user by the name they sign in to a device with: the username or the e-mail address. A
 * disabled account is nobody, so its app passwords stop with it.
 */
export async function getUserBySignInName(db: Db, name: string): Promise<UserRow | undefined> {
  const user = (await findUserByUsername(db, name)) ?? (await findUserByEmail(db, name));
  return user?.disabled_at ? undefined : user;
}
