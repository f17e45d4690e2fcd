import {
  sharingMessages,
  type AddMemberRequest,
  type Invitation,
  type Member,
  type ProjectRole,
  type ShareRole,
} from "@contract/sharing";
import { inTransaction, isUniqueViolation, type Db } from "../../db/database";
import { isoNow, type Clock } from "../../lib/clock";
import { Conflict, NotFound, Validation } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { notifyUser } from "../notifications/service";
import { projectAccess, unassignInProject, withTaskWrite } from "../tasks/service";
import {
  acceptInvitationRow,
  deleteInvitationRow,
  deleteMember,
  insertMember,
  selectInvitations,
  selectMembers,
  selectProjectBasics,
  selectUserByHandle,
  selectUsernames,
  updateMemberRole,
} from "./membership-repository";
import { tellProjectMembers } from "./live";
import { accessRowOf, sharedProjectsOf } from "./membership";

export { createComment, deleteComment, listComments, projectActivity, updateComment } from "./comments";

/**
 * A member's task list gains or loses a project's tasks: it counts as a change of their task
 * data, so their list's version moves (no stale 304) and their CalDAV clients look again.
 */
async function listChanged(trx: Db, clock: Clock, userId: string): Promise<void> {
  await withTaskWrite(trx, userId, clock, async (write) => write.dataChanged());
}

/** A project's members changed: its owner, its members and `also` hear of it. */
async function tellMembersChanged(trx: Db, ownerId: string, projectId: string, also: readonly string[] = []) {
  await tellProjectMembers(trx, ownerId, { type: "members", project_id: projectId, task_id: null }, also);
}

/** GET …/members: the owner first, then every member by username, invited ones marked pending. */
export async function listMembers(db: Db, callerId: string, projectId: string): Promise<Member[]> {
  const access = await projectAccess(db, callerId, projectId, "read");
  const owner = (await selectUsernames(db, [access.ownerId])).get(access.ownerId) ?? "";
  // Sorted here, so that both engines agree whatever their collation.
  const members = (await selectMembers(db, projectId)).sort((a, b) =>
    a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1,
  );
  return [
    { user: { id: access.ownerId, username: owner }, role: "owner", pending: false },
    ...members.map((row) => ({
      user: { id: row.user_id, username: row.username },
      role: row.role as ProjectRole,
      pending: row.accepted_at === null,
    })),
  ];
}

/** POST …/members: invites an existing account (admins and the owner); it answers in its bell. */
export async function addMember(
  db: Db,
  clock: Clock,
  callerId: string,
  projectId: string,
  request: AddMemberRequest,
): Promise<Member> {
  return inTransaction(db, async (trx) => {
    const access = await projectAccess(trx, callerId, projectId, "manage");
    const project = await selectProjectBasics(trx, projectId);
    if (!project) throw new NotFound(sharingMessages.memberNotFound);
    if (project.is_inbox === 1) throw new Validation(sharingMessages.inboxNotShared);
    const invitee = await selectUserByHandle(trx, request.user);
    if (!invitee) throw new Validation(sharingMessages.userNotFound);
    if (invitee.id === callerId) throw new Validation(sharingMessages.notYourself);
    if (invitee.id === access.ownerId) throw new Conflict(sharingMessages.alreadyMember);
    const nowIso = isoNow(clock);
    try {
      await insertMember(trx, {
        id: newId(),
        project_id: projectId,
        user_id: invitee.id,
        role: request.role,
        invited_by: callerId,
        created_at: nowIso,
        accepted_at: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(sharingMessages.alreadyMember);
      throw error;
    }
    const inviter = (await selectUsernames(trx, [callerId])).get(callerId) ?? "";
    await notifyUser(trx, {
      userId: invitee.id,
      kind: "invitation",
      taskId: null,
      text: `${inviter} invited you to “${project.name}” as ${request.role}`,
      nowIso,
    });
    await tellMembersChanged(trx, access.ownerId, projectId, [invitee.id]);
    return { user: { id: invitee.id, username: invitee.username }, role: request.role, pending: true };
  });
}

/** PUT …/members/:user_id: another role (admins and the owner). */
export async function changeMemberRole(
  db: Db,
  callerId: string,
  projectId: string,
  userId: string,
  role: ShareRole,
): Promise<Member> {
  return inTransaction(db, async (trx) => {
    const access = await projectAccess(trx, callerId, projectId, "manage");
    if (!(await updateMemberRole(trx, projectId, userId, role)))
      throw new NotFound(sharingMessages.memberNotFound);
    const member = (await selectMembers(trx, projectId)).find((row) => row.user_id === userId);
    if (!member) throw new NotFound(sharingMessages.memberNotFound);
    await tellMembersChanged(trx, access.ownerId, projectId, [userId]);
    return { user: { id: userId, username: member.username }, role, pending: member.accepted_at === null };
  });
}

/** DELETE …/members/:user_id: an admin or the owner removes a member; any member may leave. */
export async function removeMember(
  db: Db,
  clock: Clock,
  callerId: string,
  projectId: string,
  userId: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const access = await projectAccess(trx, callerId, projectId, userId === callerId ? "read" : "manage");
    const member = (await selectMembers(trx, projectId)).find((row) => row.user_id === userId);
    if (!member || !(await deleteMember(trx, projectId, userId)))
      throw new NotFound(sharingMessages.memberNotFound);
    // The one removed hears of it too: their screens drop the project.
    await tellMembersChanged(trx, access.ownerId, projectId, [userId]);
    if (member.accepted_at === null) return;
    await unassignInProject(trx, clock, access.ownerId, projectId, userId);
    await listChanged(trx, clock, userId);
  });
}

/**
 * An account is being deleted (in `db`, its transaction): the tasks assigned to it in projects
 * others share with it are assigned to nobody, as when it leaves each. Its memberships go with
 * its row.
 */
export async function leaveSharedProjects(db: Db, clock: Clock, userId: string): Promise<void> {
  for (const shared of await sharedProjectsOf(db, userId))
    await unassignInProject(db, clock, shared.owner.id, shared.projectId, userId);
}

/** GET /api/v1/invitations: the signed-in user's open invitations. */
export async function listInvitations(db: Db, userId: string, id?: string): Promise<Invitation[]> {
  const rows = await selectInvitations(db, userId, id);
  return rows.map((row) => ({
    id: row.id,
    project_id: row.project_id,
    project_name: row.project_name,
    role: row.role as ShareRole,
    invited_by: { id: row.invited_by, username: row.invited_by_username },
  }));
}

/** Accepting puts the project beside one's own, with its tasks in one's list. */
export async function acceptInvitation(db: Db, clock: Clock, userId: string, id: string): Promise<Member> {
  return inTransaction(db, async (trx) => {
    const [invitation] = await listInvitations(trx, userId, id);
    if (!invitation || !(await acceptInvitationRow(trx, userId, id, isoNow(clock))))
      throw new NotFound(sharingMessages.invitationNotFound);
    await listChanged(trx, clock, userId);
    const owner = (await accessRowOf(trx, userId, invitation.project_id))?.owner_id;
    if (owner) await tellMembersChanged(trx, owner, invitation.project_id);
    const username = (await selectUsernames(trx, [userId])).get(userId) ?? "";
    return { user: { id: userId, username }, role: invitation.role, pending: false };
  });
}

export async function declineInvitation(db: Db, userId: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const [invitation] = await listInvitations(trx, userId, id);
    if (!invitation || !(await deleteInvitationRow(trx, userId, id)))
      throw new NotFound(sharingMessages.invitationNotFound);
    const owner = (await accessRowOf(trx, userId, invitation.project_id))?.owner_id;
    if (owner) await tellMembersChanged(trx, owner, invitation.project_id, [userId]);
  });
}
