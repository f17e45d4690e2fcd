import type {
  AuthResponse,
  ChangePasswordRequest,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  SendVerificationResponse,
  User,
} from "../../../../contract/auth";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { badRequest, conflict, HttpError, unauthorized } from "../../lib/http-error";
import { newId } from "../../lib/ids";
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstDecoy,
  verifyPassword,
} from "../../lib/passwords";
import { enforceRateLimits, hashedKeyPart, type RateLimitRule } from "../../lib/rate-limit";
import { verificationMail } from "../../mail/verification-mail";
import { createSession, revokeOtherSessions, revokeSession } from "./session-repository";
import { toUserJson } from "./user-json";
import {
  findUserByEmail,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  updateUser,
} from "./user-repository";
import { checkCode, consumeCode, discardCode, newVerificationCode, storeNewCode } from "./verification-codes";

type AuthDeps = Pick<AppDeps, "db" | "config" | "clock" | "mailer">;

const EMAIL_TAKEN_MESSAGE = "An account with this e-mail already exists";
const USERNAME_TAKEN_MESSAGE = "This username is taken";
const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";

const MINUTE = 60_000;

/**
 * Rate limits (issue 2: login, code sending and code checking). Per address AND per client IP:
 * the first stops guessing one account's password, the second one client spraying many.
 */
const limits = {
  loginPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  loginPerIp: { limit: 50, windowMs: 15 * MINUTE },
  codeSendPerEmail: { limit: 6, windowMs: 60 * MINUTE },
  codeSendPerIp: { limit: 20, windowMs: 60 * MINUTE },
  codeCheckPerEmail: { limit: 15, windowMs: 60 * MINUTE },
  codeCheckPerIp: { limit: 30, windowMs: 15 * MINUTE },
  passwordChangePerUser: { limit: 10, windowMs: 15 * MINUTE },
} as const;

function rule(name: keyof typeof limits, subject: string): RateLimitRule {
  return { key: `${name}:${subject}`, ...limits[name] };
}

/**
 * Addresses that mail systems reserve or that Tasklane sends from: a user called "postmaster" or
 * "no-reply" would own an inbound address that is not theirs to have.
 */
const RESERVED_USERNAMES = new Set([
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

function emptyToNull(value: string | undefined): string | null {
  return value && value.trim() !== "" ? value.trim() : null;
}

function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, "common_password");
}

async function assertEmailFree(deps: AuthDeps, email: string): Promise<void> {
  if (await findUserByEmail(deps.db, email)) throw conflict(EMAIL_TAKEN_MESSAGE, "email_taken");
}

async function assertUsernameFree(deps: AuthDeps, username: string): Promise<void> {
  if (RESERVED_USERNAMES.has(username.toLowerCase())) {
    throw badRequest("This username is reserved. Please choose another.", "username_reserved");
  }
  if (await findUserByUsername(deps.db, username)) throw conflict(USERNAME_TAKEN_MESSAGE, "username_taken");
}

async function startSession(deps: AuthDeps, user: UserRow): Promise<AuthResponse> {
  const now = deps.clock.now();
  const { token } = await createSession(deps.db, user.id, now, deps.config.sessionTtlDays);
  return { token, user: toUserJson(deps.config, user, now) };
}

/** POST /auth/send-verification */
export async function sendVerification(
  deps: AuthDeps,
  email: string,
  ip: string,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<SendVerificationResponse> {
  const now = deps.clock.now();
  const emailLower = email.toLowerCase();
  await enforceRateLimits(
    deps.db,
    [rule("codeSendPerIp", ip), rule("codeSendPerEmail", hashedKeyPart(emailLower))],
    now,
    (wait) => `Too many verification codes requested. Please try again in ${wait}.`,
  );
  await assertEmailFree(deps, email);

  const ttlMinutes = deps.config.verificationCodeTtlMinutes;
  const code = newVerificationCode();
  const { codeHash } = await storeNewCode(deps.db, emailLower, code, now, ttlMinutes);
  try {
    await deps.mailer.send(verificationMail(email, code, ttlMinutes));
  } catch (error) {
    await discardCode(deps.db, emailLower, codeHash);
    log.error({ err: error }, "Sending the verification e-mail failed");
    throw new HttpError(
      502,
      "We could not send the verification e-mail. Please try again in a moment.",
      "mail_failed",
    );
  }
  return { message: `We sent a verification code to ${email}`, expires_in: ttlMinutes };
}

/** POST /auth/register: every rule of spec §5 is checked again here, then the code. */
export async function register(deps: AuthDeps, request: RegisterRequest, ip: string): Promise<AuthResponse> {
  const now = deps.clock.now();
  const emailLower = request.email.toLowerCase();
  await enforceRateLimits(
    deps.db,
    [rule("codeCheckPerIp", ip), rule("codeCheckPerEmail", hashedKeyPart(emailLower))],
    now,
    (wait) => `Too many verification attempts. Please try again in ${wait}.`,
  );
  assertUncommonPassword(request.password);
  await assertEmailFree(deps, request.email);
  await assertUsernameFree(deps, request.username);
  // Checked after the cheap rules, so a taken username does not burn one of the code's tries.
  await checkCode(deps.db, emailLower, request.verification_code, now);

  const timestamp = now.toISOString();
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      id: newId(),
      email: request.email,
      email_lower: emailLower,
      username: request.username,
      username_lower: request.username.toLowerCase(),
      password_hash: await hashPassword(request.password),
      first_name: emptyToNull(request.first_name),
      last_name: emptyToNull(request.last_name),
      created_at: timestamp,
      updated_at: timestamp,
    });
  } catch (error) {
    // Someone else took the address or the name between our check and the insert.
    if (!isUniqueViolation(error)) throw error;
    await assertEmailFree(deps, request.email);
    throw conflict(USERNAME_TAKEN_MESSAGE, "username_taken");
  }
  await consumeCode(deps.db, emailLower);
  return startSession(deps, user);
}

/** POST /auth/login: one message whether the e-mail is unknown or the password wrong. */
export async function login(deps: AuthDeps, request: LoginRequest, ip: string): Promise<AuthResponse> {
  const now = deps.clock.now();
  await enforceRateLimits(
    deps.db,
    [rule("loginPerIp", ip), rule("loginPerEmail", hashedKeyPart(request.email))],
    now,
    (wait) => `Too many sign-in attempts. Please try again in ${wait}.`,
  );
  const user = await findUserByEmail(deps.db, request.email);
  if (!user) {
    await verifyAgainstDecoy(request.password);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(user.password_hash, request.password)))
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  return startSession(deps, user);
}

export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock.now());
}

export function me(deps: AuthDeps, user: UserRow): User {
  return toUserJson(deps.config, user, deps.clock.now());
}

/** POST /auth/timezone (the schema has already refused offsets such as +02:00). */
export async function setTimezone(deps: AuthDeps, user: UserRow, timezone: string): Promise<User> {
  const now = deps.clock.now();
  const updated = await updateUser(deps.db, user.id, { timezone, updated_at: now.toISOString() });
  return toUserJson(deps.config, updated, now);
}

/** PUT /auth/profile: only the names provided change (spec §5); an empty name clears it. */
export async function updateProfile(deps: AuthDeps, user: UserRow, request: ProfileRequest): Promise<User> {
  const now = deps.clock.now();
  const changes = {
    ...(request.first_name !== undefined ? { first_name: emptyToNull(request.first_name) } : {}),
    ...(request.last_name !== undefined ? { last_name: emptyToNull(request.last_name) } : {}),
  };
  const updated =
    Object.keys(changes).length > 0
      ? await updateUser(deps.db, user.id, { ...changes, updated_at: now.toISOString() })
      : user;
  return toUserJson(deps.config, updated, now);
}

/** POST /auth/change-password: needs the current password; every other session is revoked. */
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
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, "wrong_password");
  }
  if (request.new_password === request.current_password) {
    throw badRequest("The new password must be different from the current password", "same_password");
  }
  assertUncommonPassword(request.new_password);
  const updated = await updateUser(deps.db, user.id, {
    password_hash: await hashPassword(request.new_password),
    updated_at: now.toISOString(),
  });
  await revokeOtherSessions(deps.db, user.id, sessionId, now);
  return toUserJson(deps.config, updated, now);
}
