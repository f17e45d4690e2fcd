import { expect } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { invitationListSchema, type ShareRole } from "@contract/sharing";
import type { ApiUser } from "../projects/api-user";

export const membersUrl = (id: string) => pathFor(apiRoutes.listMembers.path, { id });

/** The owner shares a project with a member in a role; the member accepts. */
export async function share(
  owner: ApiUser,
  member: ApiUser,
  projectId: string,
  role: ShareRole,
): Promise<void> {
  const invited = await owner.call("POST", membersUrl(projectId), { user: member.user.username, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const invitations = invitationListSchema.parse(
    (await member.call("GET", apiRoutes.listInvitations.path)).json(),
  );
  const invitation = invitations.find((candidate) => candidate.project_id === projectId);
  if (!invitation) throw new Error("The invitation was not listed");
  const accepted = await member.call("POST", pathFor(apiRoutes.acceptInvitation.path, { id: invitation.id }));
  expect(accepted.statusCode, accepted.body).toBe(200);
}
