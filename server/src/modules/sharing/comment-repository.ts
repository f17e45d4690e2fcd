import type { Insertable } from "kysely";
import type { Db } from "../../db/database";
import type { TaskCommentsTable } from "../../db/schema";

export interface CommentRow {
  id: string;
  task_id: string;
  project_id: string;
  author_id: string;
  author_username: string;
  body: string;
  created_at: string;
  edited_at: string | null;
}

function commentsWithAuthor(db: Db) {
  return db
    .selectFrom("task_comments")
    .innerJoin("users", "users.id", "task_comments.author_id")
    .selectAll("task_comments")
    .select("users.username as author_username");
}

/** A task's comments, oldest first. */
export async function selectComments(db: Db, taskId: string): Promise<CommentRow[]> {
  return commentsWithAuthor(db)
    .where("task_comments.task_id", "=", taskId)
    .orderBy("task_comments.created_at")
    .orderBy("task_comments.id")
    .execute();
}

export async function selectComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return commentsWithAuthor(db).where("task_comments.id", "=", id).executeTakeFirst();
}

/** The newest comments on a project's tasks. */
export async function selectProjectComments(db: Db, projectId: string, limit: number): Promise<CommentRow[]> {
  return commentsWithAuthor(db)
    .where("task_comments.project_id", "=", projectId)
    .orderBy("task_comments.created_at", "desc")
    .limit(limit)
    .execute();
}

export async function insertComment(db: Db, row: Insertable<TaskCommentsTable>): Promise<void> {
  await db.insertInto("task_comments").values(row).execute();
}

export async function updateCommentBody(db: Db, id: string, body: string, nowIso: string): Promise<void> {
  await db.updateTable("task_comments").set({ body, edited_at: nowIso }).where("id", "=", id).execute();
}

export async function deleteCommentRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("task_comments").where("id", "=", id).execute();
}

/** Of these usernames (any case), the accounts among `userIds`. */
export async function selectUsersNamed(
  db: Db,
  usernames: readonly string[],
  userIds: readonly string[],
): Promise<Array<{ id: string; username: string }>> {
  if (usernames.length === 0 || userIds.length === 0) return [];
  return db
    .selectFrom("users")
    .select(["id", "username"])
    .where(
      "username_lower",
      "in",
      usernames.map((name) => name.toLowerCase()),
    )
    .where("id", "in", [...userIds])
    .execute();
}
