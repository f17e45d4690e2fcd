import { apiRoutes } from "@contract/routes";
import {
  addMemberRequestSchema,
  commentRequestSchema,
  sharingMessages,
  updateMemberRequestSchema,
  type Activity,
  type Comment,
  type Invitation,
  type Member,
  type UserRef,
} from "@contract/sharing";
import { http, HttpResponse } from "msw";
import { projectStore } from "./projects";

/**
 * An in-memory fake of shared projects, speaking the contract: members per project (the owner
 * first, from the projects fake), the signed-in user's invitations, comments by task and a
 * project's activity. Tests seed it with `sharingStore.reset({...})`; the signed-in user is
 * `user-1` (ada), the author of every comment the fake takes.
 */
interface SharingSeed {
  /** Accounts that can be invited, by username or e-mail. */
  accounts?: Array<UserRef & { email: string }>;
  members?: Record<string, Member[]>;
  invitations?: Invitation[];
  comments?: Comment[];
  activity?: Record<string, Activity[]>;
}

const ME: UserRef = { id: "user-1", username: "ada" };
let state: Required<SharingSeed> = { accounts: [], members: {}, invitations: [], comments: [], activity: {} };
let nextId = 1;

export const sharingStore = {
  reset(seed: SharingSeed = {}): void {
    state = {
      accounts: [],
      members: {},
      invitations: [],
      comments: [],
      activity: {},
      ...structuredClone(seed),
    };
  },
  comments(): Comment[] {
    return structuredClone(state.comments);
  },
};

const messageResponse = (message: string, status: number) => HttpResponse.json({ message }, { status });
const unauthenticated = (request: Request) => !request.headers.get("Authorization")?.startsWith("Bearer ");
const body = (request: Request) => request.json().catch(() => undefined);

function membersOf(projectId: string): Member[] | undefined {
  const project = projectStore.find(projectId);
  if (!project) return undefined;
  return [{ user: project.owner, role: "owner", pending: false }, ...(state.members[projectId] ?? [])];
}

export const sharingHandlers = [
  http.get(apiRoutes.listMembers.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const members = membersOf(String(params.id));
    return members ? HttpResponse.json(members) : messageResponse("Project not found", 404);
  }),

  http.post(apiRoutes.addMember.path, async ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const projectId = String(params.id);
    const members = membersOf(projectId);
    if (!members) return messageResponse("Project not found", 404);
    const parsed = addMemberRequestSchema.safeParse(await body(request));
    if (!parsed.success) return messageResponse(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    const wanted = parsed.data.user.toLowerCase();
    const account = state.accounts.find((each) => each.username === wanted || each.email === wanted);
    if (!account) return messageResponse(sharingMessages.userNotFound, 400);
    if (members.some((member) => member.user.id === account.id)) {
      return messageResponse(sharingMessages.alreadyMember, 409);
    }
    const member: Member = {
      user: { id: account.id, username: account.username },
      role: parsed.data.role,
      pending: true,
    };
    state.members[projectId] = [...(state.members[projectId] ?? []), member];
    return HttpResponse.json(member, { status: 201 });
  }),

  http.put(apiRoutes.updateMember.path, async ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = updateMemberRequestSchema.safeParse(await body(request));
    if (!parsed.success) return messageResponse(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    const member = state.members[String(params.id)]?.find((each) => each.user.id === String(params.user_id));
    if (!member) return messageResponse(sharingMessages.memberNotFound, 404);
    member.role = parsed.data.role;
    return HttpResponse.json(member);
  }),

  http.delete(apiRoutes.removeMember.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const projectId = String(params.id);
    state.members[projectId] = (state.members[projectId] ?? []).filter(
      (member) => member.user.id !== String(params.user_id),
    );
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(apiRoutes.listInvitations.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return HttpResponse.json(state.invitations);
  }),

  http.post(`${apiRoutes.listInvitations.path}/:id/:answer`, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const invitation = state.invitations.find((each) => each.id === String(params.id));
    if (!invitation) return messageResponse(sharingMessages.invitationNotFound, 404);
    state.invitations = state.invitations.filter((each) => each !== invitation);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(apiRoutes.listComments.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return HttpResponse.json(state.comments.filter((comment) => comment.task_id === String(params.id)));
  }),

  http.post(apiRoutes.createComment.path, async ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = commentRequestSchema.safeParse(await body(request));
    if (!parsed.success) return messageResponse(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    const comment: Comment = {
      id: `comment-${nextId++}`,
      task_id: String(params.id),
      author: ME,
      body: parsed.data.body,
      created_at: "2026-11-21T10:00:00.000Z",
      edited_at: null,
    };
    state.comments.push(comment);
    return HttpResponse.json(comment, { status: 201 });
  }),

  http.put(apiRoutes.updateComment.path, async ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const comment = state.comments.find((each) => each.id === String(params.id));
    if (!comment) return messageResponse(sharingMessages.commentNotFound, 404);
    if (comment.author.id !== ME.id) return messageResponse(sharingMessages.notYourComment, 403);
    const parsed = commentRequestSchema.safeParse(await body(request));
    if (!parsed.success) return messageResponse(parsed.error.issues[0]?.message ?? "Invalid request", 400);
    Object.assign(comment, { body: parsed.data.body, edited_at: "2026-11-21T11:00:00.000Z" });
    return HttpResponse.json(comment);
  }),

  http.delete(apiRoutes.deleteComment.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const comment = state.comments.find((each) => each.id === String(params.id));
    if (!comment) return messageResponse(sharingMessages.commentNotFound, 404);
    if (comment.author.id !== ME.id) return messageResponse(sharingMessages.notYourComment, 403);
    state.comments = state.comments.filter((each) => each !== comment);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(apiRoutes.projectActivity.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return HttpResponse.json(state.activity[String(params.id)] ?? []);
  }),
];
