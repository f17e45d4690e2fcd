import { projectMessages } from "@contract/projects";
import { sharingMessages, type ProjectRole } from "@contract/sharing";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { Forbidden, NotFound } from "../../lib/domain-errors";
import { accessRowOf } from "../sharing";
import { selectTaskById } from "./repository";
import { TASK_NOT_FOUND } from "./rows";

/**
 * Who may do what in a project: every permission check of shared projects is made here, by the
 * unit of work and its read twin. An outsider finds nothing (404); a member whose role does not
 * allow the change is refused (403).
 */
export type Need = "read" | "edit" | "manage" | "own";

const RANK: Record<ProjectRole, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };
const NEEDED: Record<Need, number> = { read: 0, edit: 1, manage: 2, own: 3 };

/** The caller's standing in one project: whose data it is and the caller's role. */
export interface Access {
  callerId: string;
  ownerId: string;
  projectId: string;
  role: ProjectRole;
}

/**
 * What a task write or read is about: a project, a task (and so its project), a parent to be (a
 * parent not found leaves the tree rules to refuse it), or the caller's own data.
 */
export type AccessTarget = { projectId: string } | { taskId: string } | { parentId: string } | { own: true };

function roleOf(value: string | null): ProjectRole | undefined {
  return value !== null && value in RANK ? (value as ProjectRole) : undefined;
}

function allow(role: ProjectRole, need: Need): void {
  if (RANK[role] < NEEDED[need]) throw new Forbidden(sharingMessages.forbidden);
}

export async function projectAccess(
  db: Db,
  callerId: string,
  projectId: string,
  need: Need,
  notFound: string = projectMessages.notFound,
): Promise<Access> {
  const row = await accessRowOf(db, callerId, projectId);
  const role = row?.owner_id === callerId ? "owner" : roleOf(row?.role ?? null);
  if (!row || !role) throw new NotFound(notFound);
  allow(role, need);
  return { callerId, ownerId: row.owner_id, projectId, role };
}

/** The caller's standing in a task's project, with the task. */
export async function taskAccess(
  db: Db,
  callerId: string,
  taskId: string,
  need: Need,
): Promise<Access & { task: TaskRow }> {
  const task = await selectTaskById(db, taskId);
  if (!task) throw new NotFound(TASK_NOT_FOUND);
  if (task.user_id === callerId)
    return { callerId, ownerId: callerId, projectId: task.project_id ?? "", role: "owner", task };
  const access = await projectAccess(db, callerId, task.project_id ?? "", need, TASK_NOT_FOUND);
  return { ...access, task };
}

/** The caller's standing for a target; `own` is the caller's own data (their Inbox, say). */
export async function accessTo(db: Db, callerId: string, target: AccessTarget, need: Need): Promise<Access> {
  if ("projectId" in target) return projectAccess(db, callerId, target.projectId, need);
  if ("taskId" in target) return taskAccess(db, callerId, target.taskId, need);
  const own: Access = { callerId, ownerId: callerId, projectId: "", role: "owner" };
  if ("parentId" in target) {
    const access = await taskAccess(db, callerId, target.parentId, need).catch((error: unknown) => {
      if (error instanceof NotFound) return own;
      throw error;
    });
    return access;
  }
  return own;
}
