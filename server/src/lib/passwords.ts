import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Password hashing with argon2id at OWASP's minimum (19 MiB, t=2, p=1). The values are
 * spelled out rather than left to the library's defaults so an upgrade cannot weaken them.
 */
const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // An account without a password of its own (made by a single sign-on) takes none, as slowly.
  if (passwordHash === "") {
    await verifyAgainstDecoy(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500.
    return false;
  }
}

/**
 * A valid hash of a random password, verified when a login names an unknown e-mail so that the
 * answer takes as long as for a wrong password (the e-mail cannot be probed by timing).
 */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await decoyHash, password);
}

/**
 * The most common passwords (at least the 3,000 most common must be refused): zxcvbn-ts's list is ordered
 * by frequency in leaked-password corpora; we refuse its first 10,000, compared case-insensitively.
 */
const COMMON_PASSWORD_COUNT = 10_000;
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary.passwords.slice(0, COMMON_PASSWORD_COUNT));
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common and easy to guess. Please choose a less common password.";
