import { sharingMessages } from "@contract/sharing";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { scheduleJob } from "../../jobs/repository";
import { Validation } from "../../lib/domain-errors";
import { memberIdsByProject } from "../sharing";

/** The job that tells an assignee about a task given to them; its subject is `taskId/userId`. */
export const TASK_ASSIGNED_JOB = "task_assigned";

/** A task may be assigned to its project's owner or one of its accepted members; anyone else is a 400. */
export async function checkAssignee(db: Db, row: TaskRow): Promise<void> {
  if (row.assignee_id === null || row.assignee_id === row.user_id) return;
  const members = await memberIdsByProject(db, [row.project_id ?? ""]);
  if (!members.get(row.project_id ?? "")?.includes(row.assignee_id))
    throw new Validation(sharingMessages.assigneeNotMember);
}

/** Tells the assignee, unless they assigned it to themselves (bell, e-mail, push: the job's work). */
export async function announceAssignment(
  db: Db,
  row: TaskRow,
  actorId: string,
  nowIso: string,
): Promise<void> {
  if (row.assignee_id === null || row.assignee_id === actorId) return;
  await scheduleJob(db, {
    kind: TASK_ASSIGNED_JOB,
    subject: `${row.id}/${row.assignee_id}`,
    runAt: nowIso,
    nowIso,
  });
}
