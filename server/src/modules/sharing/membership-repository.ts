import type { Db } from "../../db/database";
import type { ProjectMembersTable } from "../../db/schema";
import type { Insertable } from "kysely";

/** A project's owner and, when the caller is a member who accepted, the caller's role. */
export interface ProjectAccessRow {
  owner_id: string;
  role: string | null;
}

/** Who owns a project and the caller's accepted role in it; undefined when no such project. */
export async function selectProjectAccess(
  db: Db,
  callerId: string,
  projectId: string,
): Promise<ProjectAccessRow | undefined> {
  return db
    .selectFrom("projects")
    .leftJoin("project_members", (join) =>
      join
        .onRef("project_members.project_id", "=", "projects.id")
        .on("project_members.user_id", "=", callerId)
        .on("project_members.accepted_at", "is not", null),
    )
    .select(["projects.user_id as owner_id", "project_members.role"])
    .where("projects.id", "=", projectId)
    .executeTakeFirst();
}

/** The projects shared with the user that the user accepted, with the user's role and the owner. */
export async function selectSharedWith(
  db: Db,
  userId: string,
): Promise<Array<{ project_id: string; role: string; owner_id: string; owner_username: string }>> {
  return db
    .selectFrom("project_members")
    .innerJoin("projects", "projects.id", "project_members.project_id")
    .innerJoin("users", "users.id", "projects.user_id")
    .select([
      "project_members.project_id",
      "project_members.role",
      "projects.user_id as owner_id",
      "users.username as owner_username",
    ])
    .where("project_members.user_id", "=", userId)
    .where("project_members.accepted_at", "is not", null)
    .execute();
}

/** The users (accepted members) each of these projects is shared with. */
export async function selectMemberIdsOf(
  db: Db,
  projectIds: readonly string[],
): Promise<Array<{ project_id: string; user_id: string }>> {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom("project_members")
    .select(["project_id", "user_id"])
    .where("project_id", "in", [...projectIds])
    .where("accepted_at", "is not", null)
    .execute();
}

/** How many members (accepted or invited) each of these projects has. */
export async function countMembers(db: Db, projectIds: readonly string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("project_members")
    .select((eb) => ["project_id", eb.fn.countAll<number>().as("count")])
    .where("project_id", "in", [...projectIds])
    .groupBy("project_id")
    .execute();
  return new Map(rows.map((row) => [row.project_id, Number(row.count)]));
}

export interface MemberListRow {
  user_id: string;
  username: string;
  role: string;
  accepted_at: string | null;
}

/** A project's members, invited ones included, in no particular order. */
export async function selectMembers(db: Db, projectId: string): Promise<MemberListRow[]> {
  return db
    .selectFrom("project_members")
    .innerJoin("users", "users.id", "project_members.user_id")
    .select([
      "project_members.user_id",
      "users.username",
      "project_members.role",
      "project_members.accepted_at",
    ])
    .where("project_members.project_id", "=", projectId)
    .execute();
}

export async function insertMember(db: Db, row: Insertable<ProjectMembersTable>): Promise<void> {
  await db.insertInto("project_members").values(row).execute();
}

export async function updateMemberRole(
  db: Db,
  projectId: string,
  userId: string,
  role: string,
): Promise<boolean> {
  const result = await db
    .updateTable("project_members")
    .set({ role })
    .where("project_id", "=", projectId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMember(db: Db, projectId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("project_members")
    .where("project_id", "=", projectId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface InvitationRow {
  id: string;
  project_id: string;
  project_name: string;
  role: string;
  invited_by: string;
  invited_by_username: string;
}

/** The user's open invitations, oldest first; `id` narrows to one. */
export async function selectInvitations(db: Db, userId: string, id?: string): Promise<InvitationRow[]> {
  return db
    .selectFrom("project_members")
    .innerJoin("projects", "projects.id", "project_members.project_id")
    .innerJoin("users", "users.id", "project_members.invited_by")
    .select([
      "project_members.id",
      "project_members.project_id",
      "projects.name as project_name",
      "project_members.role",
      "project_members.invited_by",
      "users.username as invited_by_username",
    ])
    .where("project_members.user_id", "=", userId)
    .where("project_members.accepted_at", "is", null)
    .$if(id !== undefined, (query) => query.where("project_members.id", "=", id ?? ""))
    .orderBy("project_members.created_at")
    .execute();
}

export async function acceptInvitationRow(
  db: Db,
  userId: string,
  id: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("project_members")
    .set({ accepted_at: nowIso })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteInvitationRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("project_members")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** An account by username or e-mail, ignoring case. */
export async function selectUserByHandle(
  db: Db,
  handle: string,
): Promise<{ id: string; username: string; email: string } | undefined> {
  const lower = handle.toLowerCase();
  return db
    .selectFrom("users")
    .select(["id", "username", "email"])
    .where((eb) => eb.or([eb("username_lower", "=", lower), eb("email_lower", "=", lower)]))
    .executeTakeFirst();
}

/** Usernames of these users, by id. */
export async function selectUsernames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** A project's name and whether it is an Inbox, whoever owns it. */
export async function selectProjectBasics(
  db: Db,
  projectId: string,
): Promise<{ name: string; is_inbox: number; user_id: string } | undefined> {
  return db
    .selectFrom("projects")
    .select(["name", "is_inbox", "user_id"])
    .where("id", "=", projectId)
    .executeTakeFirst();
}
