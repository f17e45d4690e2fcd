import type { Db } from "../../db/database";
import { insertInboxIfMissing, selectInboxId, selectOwnProjectIds } from "./repository";

/** What a task write asks of the projects: where a task goes when none is named, and whose a project is. */

/**
 * The id of the user's Inbox, made first when the account has none (every account gets one on
 * sign-up and from the migration; one the previous release signed up during an upgrade does not).
 */
export async function inboxIdOf(db: Db, userId: string, nowIso: string): Promise<string> {
  const known = await selectInboxId(db, userId);
  if (known) return known;
  await insertInboxIfMissing(db, userId, nowIso);
  const made = await selectInboxId(db, userId);
  if (!made) throw new Error(`The user ${userId} has no Inbox after one was made`);
  return made;
}

/** The id of the user's Inbox, or undefined when the account has none yet. */
export async function existingInboxId(db: Db, userId: string): Promise<string | undefined> {
  return selectInboxId(db, userId);
}

/** Which of `ids` are the user's projects. */
export async function ownProjectIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  return selectOwnProjectIds(db, userId, ids);
}
