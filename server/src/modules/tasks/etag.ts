import { hash } from "node:crypto";

/**
 * Entity tags of a user's task data. The version is the user's task-data counter, which every
 * create, update and delete moves on in its own transaction (inbound mail creates through the
 * same service), so a changed list always gets a new tag. The user id is part of the tag, so one
 * user's tag never matches another's; `variant` tells apart answers of the same data (filters,
 * the stats). Weak tags: compression changes the bytes, not the data.
 */
export function taskDataEtag(userId: string, version: number, variant: string): string {
  const digest = hash("sha256", `${userId}\n${version}\n${variant}`, "base64url").slice(0, 27);
  return `W/"${digest}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** If-None-Match holds `etag` (weak comparison, as GET requires), or is "*". */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const wanted = opaque(etag);
  return header.split(",").some((tag) => opaque(tag) === wanted);
}

/**
 * The answers carrying a task-data tag are private and revalidated every time: a browser keeps
 * the body and asks with If-None-Match, and an unchanged list then costs no body (304).
 */
export const TASK_DATA_CACHE_CONTROL = "private, no-cache";
