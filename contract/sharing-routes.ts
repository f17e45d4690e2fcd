import { apiPaths } from "./api-paths";
import {
  activityListSchema,
  addMemberRequestSchema,
  commentListSchema,
  commentRequestSchema,
  commentSchema,
  invitationListSchema,
  memberListSchema,
  memberSchema,
  updateMemberRequestSchema,
} from "./sharing";

const bodyErrors = {
  400: "Bad input: a field breaks the schema (the message names it) or the body is not valid JSON",
  413: "The request body is over 1 MiB",
  415: "The body is not sent as application/json",
} as const;
const authErrors = { 401: "No valid bearer token (missing, expired or revoked)" } as const;
const roleErrors = {
  403: "The caller's role in the project does not allow this, or a read-only personal API token",
} as const;
const projectNotFound = {
  404: "No such project among the signed-in user's own and shared projects",
} as const;
const taskNotFound = { 404: "No such task among the signed-in user's own and shared tasks" } as const;

/** The calls of shared projects; apiRoutes (contract/routes.ts) holds them with the rest. */
export const sharingRoutes = {
  listMembers: {
    method: "GET",
    path: apiPaths.listMembers,
    summary: "A project's owner and members, with their roles (pending until they accept)",
    auth: true,
    response: memberListSchema,
    errors: { ...authErrors, ...projectNotFound },
  },
  addMember: {
    method: "POST",
    path: apiPaths.addMember,
    summary: "Invite an existing account, by username or e-mail, with a role (201, admins and the owner)",
    auth: true,
    body: addMemberRequestSchema,
    response: memberSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, no account with this username or e-mail, inviting oneself, or the Inbox",
      ...authErrors,
      ...roleErrors,
      ...projectNotFound,
      409: "The user is already a member or invited",
    },
  },
  updateMember: {
    method: "PUT",
    path: apiPaths.updateMember,
    summary: "Change a member's role (admins and the owner)",
    auth: true,
    body: updateMemberRequestSchema,
    response: memberSchema,
    errors: { ...bodyErrors, ...authErrors, ...roleErrors, 404: "No such project, or no such member of it" },
  },
  removeMember: {
    method: "DELETE",
    path: apiPaths.removeMember,
    summary: "Remove a member (admins and the owner) or leave the project (a member, oneself)",
    auth: true,
    errors: { ...authErrors, ...roleErrors, 404: "No such project, or no such member of it" },
  },
  projectActivity: {
    method: "GET",
    path: apiPaths.projectActivity,
    summary: "What happened in a project lately, newest first, from its tasks' history and comments",
    auth: true,
    response: activityListSchema,
    errors: { ...authErrors, ...projectNotFound },
  },
  listInvitations: {
    method: "GET",
    path: apiPaths.listInvitations,
    summary: "The invitations to shared projects the signed-in user has not answered",
    auth: true,
    response: invitationListSchema,
    errors: { ...authErrors },
  },
  acceptInvitation: {
    method: "POST",
    path: apiPaths.acceptInvitation,
    summary: "Accept an invitation: the project is listed beside one's own",
    auth: true,
    response: memberSchema,
    errors: { ...bodyErrors, ...authErrors, 404: "No such open invitation for the signed-in user" },
  },
  declineInvitation: {
    method: "POST",
    path: apiPaths.declineInvitation,
    summary: "Decline an invitation",
    auth: true,
    errors: { ...bodyErrors, ...authErrors, 404: "No such open invitation for the signed-in user" },
  },
  listComments: {
    method: "GET",
    path: apiPaths.listComments,
    summary: "A task's comments, oldest first",
    auth: true,
    response: commentListSchema,
    errors: { ...authErrors, ...taskNotFound },
  },
  createComment: {
    method: "POST",
    path: apiPaths.createComment,
    summary: "Comment on a task (201, editors and up); @username mentions tell that member",
    auth: true,
    body: commentRequestSchema,
    response: commentSchema,
    errors: { ...bodyErrors, ...authErrors, ...roleErrors, ...taskNotFound },
  },
  updateComment: {
    method: "PUT",
    path: apiPaths.updateComment,
    summary: "Edit one's own comment",
    auth: true,
    body: commentRequestSchema,
    response: commentSchema,
    errors: {
      ...bodyErrors,
      ...authErrors,
      403: "Not the comment's author, or a read-only personal API token",
      404: "No such comment on a task the signed-in user can see",
    },
  },
  deleteComment: {
    method: "DELETE",
    path: apiPaths.deleteComment,
    summary: "Delete one's own comment",
    auth: true,
    errors: {
      ...authErrors,
      403: "Not the comment's author, or a read-only personal API token",
      404: "No such comment on a task the signed-in user can see",
    },
  },
} as const;
