import type { Db } from "../../db/database";
import {
  countMembers,
  selectMemberIdsOf,
  selectProjectAccess,
  selectSharedWith,
  selectUsernames,
  type ProjectAccessRow,
} from "./membership-repository";

/** A project's owner and the caller's accepted role in it (null: none); undefined: no such project. */
export async function accessRowOf(
  db: Db,
  callerId: string,
  projectId: string,
): Promise<ProjectAccessRow | undefined> {
  return selectProjectAccess(db, callerId, projectId);
}

/** A project another account shares with the user, accepted. */
export interface SharedProject {
  projectId: string;
  role: string;
  owner: { id: string; username: string };
}

export async function sharedProjectsOf(db: Db, userId: string): Promise<SharedProject[]> {
  const rows = await selectSharedWith(db, userId);
  return rows.map((row) => ({
    projectId: row.project_id,
    role: row.role,
    owner: { id: row.owner_id, username: row.owner_username },
  }));
}

/** The accepted members of each project (the owner not included), by project id. */
export async function memberIdsByProject(
  db: Db,
  projectIds: readonly string[],
): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  for (const row of await selectMemberIdsOf(db, projectIds))
    members.set(row.project_id, [...(members.get(row.project_id) ?? []), row.user_id]);
  return members;
}

/** How many members, accepted or invited, each project has. */
export async function memberCounts(db: Db, projectIds: readonly string[]): Promise<Map<string, number>> {
  return countMembers(db, projectIds);
}

/** Usernames by user id. */
export async function usernamesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return selectUsernames(db, ids);
}
