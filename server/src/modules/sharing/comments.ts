import {
  ACTIVITY_LISTED,
  sharingMessages,
  type Activity,
  type ActivityKind,
  type Comment,
} from "@contract/sharing";
import { inTransaction, type Db } from "../../db/database";
import { isoNow, type Clock } from "../../lib/clock";
import { Forbidden, NotFound } from "../../lib/domain-errors";
import { newTimeOrderedId } from "../../lib/ids";
import { notifyUser } from "../notifications/service";
import { projectAccess, projectHistory, taskAccess, type Access } from "../tasks/service";
import {
  deleteCommentRow,
  insertComment,
  selectComment,
  selectComments,
  selectProjectComments,
  selectUsersNamed,
  updateCommentBody,
  type CommentRow,
} from "./comment-repository";
import { tellProjectMembers } from "./live";
import { memberIdsByProject, usernamesOf } from "./membership";

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    task_id: row.task_id,
    author: { id: row.author_id, username: row.author_username },
    body: row.body,
    created_at: row.created_at,
    edited_at: row.edited_at,
  };
}

/** `@username` mentions in a comment: a username is letters, digits, dots, hyphens and underscores. */
function mentionedNames(body: string): string[] {
  return [...body.matchAll(/(?<![\w.])@([A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]|[A-Za-z0-9])/g)].map(
    (match) => match[1] ?? "",
  );
}

/** Tells each member a comment mentions (the owner too), but not its author. */
async function tellMentioned(trx: Db, access: Access, comment: Comment, taskTitle: string, nowIso: string) {
  const members = (await memberIdsByProject(trx, [access.projectId])).get(access.projectId) ?? [];
  const mentioned = await selectUsersNamed(trx, mentionedNames(comment.body), [access.ownerId, ...members]);
  for (const user of mentioned) {
    if (user.id === comment.author.id) continue;
    await notifyUser(trx, {
      userId: user.id,
      kind: "mentioned",
      taskId: comment.task_id,
      text: `${comment.author.username} mentioned you on “${taskTitle}”`,
      nowIso,
    });
  }
}

/** GET /api/v1/tasks/:id/comments: anyone who may read the task. */
export async function listComments(db: Db, callerId: string, taskId: string): Promise<Comment[]> {
  await taskAccess(db, callerId, taskId, "read");
  return (await selectComments(db, taskId)).map(toComment);
}

/** POST: editors, admins and the owner comment; mentions tell the mentioned. */
export async function createComment(
  db: Db,
  clock: Clock,
  callerId: string,
  taskId: string,
  body: string,
): Promise<Comment> {
  return inTransaction(db, async (trx) => {
    const access = await taskAccess(trx, callerId, taskId, "edit");
    const nowIso = isoNow(clock);
    const id = newTimeOrderedId(Date.parse(nowIso));
    await insertComment(trx, {
      id,
      task_id: taskId,
      project_id: access.projectId,
      author_id: callerId,
      body,
      created_at: nowIso,
      edited_at: null,
    });
    const row = await selectComment(trx, id);
    if (!row) throw new Error("The comment just inserted was not found");
    const comment = toComment(row);
    await tellMentioned(trx, access, comment, access.task.title, nowIso);
    await tellCommentsChanged(trx, access, taskId);
    return comment;
  });
}

/** The task's comments changed: everyone who shares its project hears of it. */
async function tellCommentsChanged(trx: Db, access: Access, taskId: string): Promise<void> {
  await tellProjectMembers(trx, access.ownerId, {
    type: "comments",
    project_id: access.projectId,
    task_id: taskId,
  });
}

/** A comment the caller may still see, and may change only as its author; with its project's owner. */
async function ownComment(
  db: Db,
  callerId: string,
  id: string,
): Promise<{ row: CommentRow; access: Access }> {
  const row = await selectComment(db, id);
  const visible = row && (await taskAccess(db, callerId, row.task_id, "read").catch(() => undefined));
  if (!row || !visible) throw new NotFound(sharingMessages.commentNotFound);
  if (row.author_id !== callerId) throw new Forbidden(sharingMessages.notYourComment);
  return { row, access: visible };
}

export async function updateComment(
  db: Db,
  clock: Clock,
  callerId: string,
  id: string,
  body: string,
): Promise<Comment> {
  return inTransaction(db, async (trx) => {
    const { row, access } = await ownComment(trx, callerId, id);
    const nowIso = isoNow(clock);
    await updateCommentBody(trx, id, body, nowIso);
    await tellCommentsChanged(trx, access, row.task_id);
    return toComment({ ...row, body, edited_at: nowIso });
  });
}

export async function deleteComment(db: Db, callerId: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { row, access } = await ownComment(trx, callerId, id);
    await deleteCommentRow(trx, id);
    await tellCommentsChanged(trx, access, row.task_id);
  });
}

/** GET …/activity: the tasks' history and the comments, newest first, with who did each. */
export async function projectActivity(db: Db, callerId: string, projectId: string): Promise<Activity[]> {
  const access = await projectAccess(db, callerId, projectId, "read");
  const events = await projectHistory(db, access, ACTIVITY_LISTED);
  const comments = await selectProjectComments(db, projectId, ACTIVITY_LISTED);
  const names = await usernamesOf(db, [...new Set(events.map((event) => event.actorId))]);
  const titles = new Map(events.map((event) => [event.taskId, event.taskTitle]));
  const entries: Activity[] = [
    ...events.map((event) => ({
      actor: { id: event.actorId, username: names.get(event.actorId) ?? "" },
      kind: event.kind as ActivityKind,
      task_id: event.taskId,
      task_title: event.taskTitle,
      at: event.at,
      from: event.from,
      to: event.to,
    })),
    ...comments.map((comment) => ({
      actor: { id: comment.author_id, username: comment.author_username },
      kind: "commented" as const,
      task_id: comment.task_id,
      task_title: titles.get(comment.task_id) ?? null,
      at: comment.created_at,
      from: null,
      to: null,
    })),
  ];
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, ACTIVITY_LISTED);
}
