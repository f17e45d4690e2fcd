import { hash, randomBytes } from "node:crypto";

/** Opaque bearer secrets (sessions, API tokens, stream tickets): 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only a secret's SHA-256 is stored; every signed-in request runs it (one-shot, no Hash object). */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}
