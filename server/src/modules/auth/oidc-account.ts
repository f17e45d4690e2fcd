import { randomInt } from "node:crypto";
import type { OidcErrorCode } from "@contract/sign-in-options";
import { USERNAME_MAX_LENGTH, usernameSchema } from "@contract/auth";
import type { AppDeps } from "../../app-types";
import { isUniqueViolation } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import { giveInbox } from "../projects/service";
import { findOidcIdentityUser, insertOidcHandoff, insertOidcIdentity } from "./oidc-repository";
import { emptyToNull, RESERVED_USERNAMES } from "./service";
import { signUpRefusal } from "./sign-in-control";
import { findUserByEmail, findUserByUsername, insertUser } from "./user-repository";

/** Which Tasklane account an OpenID Provider's person signs in to, made for them if need be. */

type AccountDeps = Pick<AppDeps, "db" | "config" | "clock">;

/** What the provider says of the person (ID token claims, completed by its userinfo). */
export interface OidcPerson {
  issuer: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
  preferredUsername?: string | undefined;
  givenName?: string | undefined;
  familyName?: string | undefined;
  name?: string | undefined;
}

const HANDOFF_TTL_MS = 60_000;

/**
 * A name that fits the username rules, from the provider's preferred username, the e-mail's local
 * part or the full name: accents dropped, other characters as "-". Null when none gives 3 characters.
 */
function usernameBase(person: OidcPerson): string | null {
  const candidates = [person.preferredUsername, person.email?.split("@")[0], person.name];
  for (const candidate of candidates) {
    const base = (candidate ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .replace(/\.{2,}/g, ".")
      .slice(0, USERNAME_MAX_LENGTH - 8)
      .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "");
    if (usernameSchema.safeParse(base).success && !RESERVED_USERNAMES.has(base.toLowerCase())) return base;
  }
  return null;
}

/** The base, or the base with -2 … -9, whichever is free; then the base with a random number. */
async function freeUsername(deps: AccountDeps, base: string): Promise<string> {
  for (let n = 1; n <= 9; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!(await findUserByUsername(deps.db, name))) return name;
  }
  return `${base}-${randomInt(10_000, 100_000)}`;
}

/**
 * A new account for the person: no password (an empty hash, which no password matches; "Forgot
 * password?" sets one), names from the provider, and an Inbox like every account.
 */
async function createAccount(deps: AccountDeps, person: OidcPerson & { email: string }): Promise<UserRow> {
  const now = deps.clock.now().toISOString();
  const base = usernameBase(person) ?? "user";
  for (let attempt = 0; ; attempt += 1) {
    const username = await freeUsername(deps, base);
    try {
      const user = await insertUser(deps.db, {
        id: newId(),
        email: person.email,
        email_lower: person.email.toLowerCase(),
        username,
        username_lower: username.toLowerCase(),
        password_hash: "",
        first_name: emptyToNull(person.givenName),
        last_name: emptyToNull(person.familyName),
        created_at: now,
        updated_at: now,
      });
      await giveInbox(deps.db, deps.clock, user.id);
      return user;
    } catch (error) {
      // Another sign-up took the name (or the address) between the look-up and the insert.
      if (!isUniqueViolation(error) || attempt >= 3 || (await findUserByEmail(deps.db, person.email)))
        throw error;
    }
  }
}

/**
 * The account of the person: the one linked to their identity at this provider; else the one
 * with their e-mail address, only when the provider verified it (then linked); else a new one,
 * as REGISTRATION allows (by invitation: only a verified, invited address).
 */
async function accountOf(deps: AccountDeps, person: OidcPerson): Promise<UserRow | OidcErrorCode> {
  const linked = await findOidcIdentityUser(deps.db, person.issuer, person.subject);
  if (linked) return linked;
  if (!person.email) return "no_email";
  const existing = await findUserByEmail(deps.db, person.email);
  if (existing && !person.emailVerified) return "unverified_email";
  let user = existing;
  if (!user) {
    const refusal = await signUpRefusal(deps, person.email);
    if (refusal) return refusal;
    if (deps.config.registration === "invite" && !person.emailVerified) return "not_invited";
    user = await createAccount(deps, { ...person, email: person.email });
  }
  const identity = { issuer: person.issuer, subject: person.subject, userId: user.id };
  await insertOidcIdentity(deps.db, identity, deps.clock.now());
  return user;
}

/** A one-time code for the person's account (60 s), or why they may not sign in. */
export async function handOffSignIn(
  deps: AccountDeps,
  person: OidcPerson,
): Promise<{ code: string } | { error: OidcErrorCode }> {
  const user = await accountOf(deps, person);
  if (typeof user === "string") return { error: user };
  if (user.disabled_at !== null) return { error: "disabled" };
  const code = newToken();
  const now = deps.clock.now();
  await insertOidcHandoff(deps.db, hashToken(code), user.id, now, new Date(now.getTime() + HANDOFF_TTL_MS));
  return { code };
}
