import { z } from "zod";
import { TASK_EVENT_KINDS } from "./analytics";
import { withoutNul } from "./common";

// ---------------------------------------------------------------------------------------------
// Shared projects: members and their roles, invitations, comments on tasks, a project's activity.
// ---------------------------------------------------------------------------------------------

/** The roles a member can be given, least to most. */
export const SHARE_ROLES = ["viewer", "editor", "admin"] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/** A caller's role in a project: `owner` for one's own projects. */
export const PROJECT_ROLES = [...SHARE_ROLES, "owner"] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const COMMENT_BODY_MAX = 10_000;

export const sharingMessages = {
  userNotFound: "No account with this username or e-mail",
  alreadyMember: "This user is already a member or invited",
  notYourself: "You cannot invite yourself",
  inboxNotShared: "The Inbox cannot be shared",
  forbidden: "Your role in this project does not allow this",
  invitationNotFound: "Invitation not found",
  memberNotFound: "Member not found",
  commentNotFound: "Comment not found",
  notYourComment: "Only its author can change a comment",
  assigneeNotMember: "assignee_id: not a member of this project",
  commentRequired: "Comment is required",
  commentTooLong: `Comment must be at most ${COMMENT_BODY_MAX} characters`,
} as const;

export const shareRoleSchema = /* @__PURE__ */ z.enum(SHARE_ROLES, {
  error: `role must be one of ${SHARE_ROLES.join(", ")}`,
});
export const projectRoleSchema = /* @__PURE__ */ z.enum(PROJECT_ROLES);

/** Another account as sharing shows it. */
export const userRefSchema = /* @__PURE__ */ z.object({ id: z.string(), username: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** POST …/members: `user` is the username or e-mail of an existing account. */
export const addMemberRequestSchema = /* @__PURE__ */ z.object({
  user: withoutNul(
    z
      .string({ error: "user is required" })
      .trim()
      .min(1, { error: "user is required" })
      .max(254, { error: "user must be at most 254 characters" }),
    "user",
  ),
  role: shareRoleSchema,
});
export type AddMemberRequest = z.infer<typeof addMemberRequestSchema>;

export const updateMemberRequestSchema = /* @__PURE__ */ z.object({ role: shareRoleSchema });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

/** One person in a project: the owner first, then members; `pending` until the invitation is accepted. */
export const memberSchema = /* @__PURE__ */ z.object({
  user: userRefSchema,
  role: projectRoleSchema,
  pending: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = /* @__PURE__ */ z.array(memberSchema);

/** An invitation the signed-in user has not answered yet. */
export const invitationSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  role: shareRoleSchema,
  invited_by: userRefSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = /* @__PURE__ */ z.array(invitationSchema);

/** POST and PUT of a comment: Markdown; `@username` mentions tell that member. */
export const commentRequestSchema = /* @__PURE__ */ z.object({
  body: withoutNul(
    z
      .string({ error: sharingMessages.commentRequired })
      .trim()
      .min(1, { error: sharingMessages.commentRequired })
      .max(COMMENT_BODY_MAX, { error: sharingMessages.commentTooLong }),
    "body",
  ),
});
export type CommentRequest = z.infer<typeof commentRequestSchema>;

export const commentSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  task_id: z.string(),
  author: userRefSchema,
  body: z.string(),
  created_at: z.string(),
  /** When the author last edited it; null when never. */
  edited_at: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
/** Oldest first. */
export const commentListSchema = /* @__PURE__ */ z.array(commentSchema);

/** What the activity feed tells: the task history's kinds, and comments. */
export const ACTIVITY_KINDS = [...TASK_EVENT_KINDS, "commented"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One thing that happened in a project; `actor` null when it was nobody's doing (a reminder's repeat). */
export const activitySchema = /* @__PURE__ */ z.object({
  actor: userRefSchema.nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  task_id: z.string(),
  /** The task's title now; null once it is deleted. */
  task_title: z.string().nullable(),
  at: z.string(),
  /** The value before and after: a status, a due date; null when none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;
/** Newest first, at most ACTIVITY_LISTED. */
export const activityListSchema = /* @__PURE__ */ z.array(activitySchema);
export const ACTIVITY_LISTED = 100;

/** The ids in a member's path. */
export const memberParamsSchema = /* @__PURE__ */ z.object({
  id: withoutNul(z.string(), "id"),
  user_id: withoutNul(z.string(), "user_id"),
});

/**
 * The data of each `event: sharing` of the live-update stream: a shared project's comments (on
 * `task_id`) or its members changed (`task_id` null); each member's screens read them again.
 */
export const LIVE_SHARING_EVENT_TYPES = ["comments", "members"] as const;
export const liveSharingEventSchema = /* @__PURE__ */ z.object({
  type: z.enum(LIVE_SHARING_EVENT_TYPES),
  project_id: z.string(),
  task_id: z.string().nullable(),
});
export type LiveSharingEvent = z.infer<typeof liveSharingEventSchema>;
