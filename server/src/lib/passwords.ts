import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Password hashing with argon2id at OWASP's minimum (19 MiB, t=2, p=1). The values are
 * spelled out rather than left to the library's defaults so an upgrade cannot weaken them.
 * The server always hashes at this cost (`passwordHashCost` of its configuration, which no
 * setting changes); only the tests' configuration asks for less.
 */
const ARGON2ID = 2 as Algorithm;
export type PasswordHashCost = { readonly memoryCost: number; readonly timeCost: number };
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

export function hashPassword(password: string, cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, parallelism: 1, ...cost });
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
 * A valid hash of a random password, at the cost passwords are stored with, verified when a login
 * names an unknown e-mail so that the answer takes as long as for a wrong password (the e-mail
 * cannot be probed by timing).
 */
const decoyHashes = new Map<string, Promise<string>>();
export async function verifyAgainstDecoy(
  password: string,
  cost: PasswordHashCost = PASSWORD_HASH_COST,
): Promise<void> {
  const key = `${cost.memoryCost},${cost.timeCost}`;
  let decoyHash = decoyHashes.get(key);
  if (!decoyHash) {
    decoyHash = hashPassword(`decoy-${Math.random()}-${Date.now()}`, cost);
    decoyHashes.set(key, decoyHash);
  }
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
