import {
  DEFAULT_PROJECT_COLOR,
  PROJECT_COLORS,
  PROJECT_NAME_MAX,
  matchProjectName,
  projectMessages,
  projectNameSchema,
  type CreateProjectInput,
  type DeleteProjectResponse,
  type ProjectColor,
  type ProjectJson,
  type UpdateProjectInput,
} from "@contract/projects";
import { isUniqueViolation, type Db } from "../../db/database";
import type { ProjectRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { Conflict, NotFound, Validation } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import type { ProjectRole, UserRef } from "@contract/sharing";
import { memberCounts, sharedProjectsOf, usernamesOf } from "../sharing";
import { moveTasksOfProject, removeTasksOfProject, withTaskWrite, withTaskWriteAs } from "../tasks/service";
import { inboxIdOf } from "./inbox";
import {
  deleteProjectRow,
  insertProject,
  selectProject,
  selectProjectByName,
  selectProjects,
  selectProjectsByIds,
  updateProjectRow,
  type ProjectWithCount,
} from "./repository";

function colorOf(value: string): ProjectColor {
  return PROJECT_COLORS.includes(value as ProjectColor) ? (value as ProjectColor) : DEFAULT_PROJECT_COLOR;
}

/** Who sees a project how: the caller's role, the owner, how many members it has. */
interface Standing {
  role: ProjectRole;
  owner: UserRef;
  member_count: number;
}

function toProjectJson(row: ProjectRow, openCount: number, standing: Standing): ProjectJson {
  return {
    id: row.id,
    name: row.name,
    color: colorOf(row.color),
    is_inbox: row.is_inbox === 1,
    archived: row.archived === 1,
    open_count: openCount,
    ...standing,
  };
}

/** The standing of one project for a caller whose role is known. */
async function standingOf(db: Db, row: ProjectRow, role: ProjectRole): Promise<Standing> {
  const owner = { id: row.user_id, username: (await usernamesOf(db, [row.user_id])).get(row.user_id) ?? "" };
  return { role, owner, member_count: (await memberCounts(db, [row.id])).get(row.id) ?? 0 };
}

/** The Inbox first, then by name ignoring case (the id keeps equal names in a stable order). */
function compareProjects(a: ProjectWithCount, b: ProjectWithCount): number {
  if (a.is_inbox !== b.is_inbox) return b.is_inbox - a.is_inbox;
  if (a.name_lower !== b.name_lower) return a.name_lower < b.name_lower ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Gives a new account its Inbox (sign-up); an account that has one keeps it. */
export async function giveInbox(db: Db, clock: Clock, userId: string): Promise<void> {
  await inboxIdOf(db, userId, isoNow(clock));
}

/** GET /api/v1/projects: every project of the user with its open-task count, the Inbox first. */
export async function listProjects(db: Db, clock: Clock, userId: string): Promise<ProjectJson[]> {
  await inboxIdOf(db, userId, isoNow(clock));
  const own = (await selectProjects(db, userId)).sort(compareProjects);
  const shared = await sharedProjectsOf(db, userId);
  const sharedRows = (
    await selectProjectsByIds(
      db,
      shared.map((project) => project.projectId),
    )
  ).sort(compareProjects);
  const counts = await memberCounts(
    db,
    [...own, ...sharedRows].map((row) => row.id),
  );
  const me = { id: userId, username: (await usernamesOf(db, [userId])).get(userId) ?? "" };
  const sharing = new Map(shared.map((project) => [project.projectId, project]));
  return [
    ...own.map((row) =>
      toProjectJson(row, row.open_count, { role: "owner", owner: me, member_count: counts.get(row.id) ?? 0 }),
    ),
    // Shared projects follow one's own, by name.
    ...sharedRows.flatMap((row) => {
      const project = sharing.get(row.id);
      if (!project) return [];
      const standing = { role: project.role as ProjectRole, owner: project.owner };
      return [toProjectJson(row, row.open_count, { ...standing, member_count: counts.get(row.id) ?? 0 })];
    }),
  ];
}

/** The user's projects for matching a name (quick add's +Name, plus-addressed mail). */
export async function projectsToMatch(
  db: Db,
  userId: string,
): Promise<Array<{ id: string; name: string; archived: boolean }>> {
  const rows = await selectProjects(db, userId);
  return rows
    .sort(compareProjects)
    .map((row) => ({ id: row.id, name: row.name, archived: row.archived === 1 }));
}

/** A project an import names: found by name, or created (in its colour, archived or not). */
export interface ProjectByName {
  name: string;
  color?: string;
  archived?: boolean;
}

/**
 * The ids of the projects `wanted` names, matched as quick add matches (case, spaces, hyphens and
 * underscores ignored); one that does not exist is created, its name cut to the 60 characters a
 * name may have. Keyed by each wanted name as given. Part of the caller's transaction.
 */
export async function findOrCreateProjects(
  trx: Db,
  clock: Clock,
  userId: string,
  wanted: readonly ProjectByName[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (wanted.length === 0) return ids;
  return withTaskWrite(trx, userId, clock, async (write) => {
    const nowIso = write.nowIso;
    const known = await projectsToMatch(write.trx, userId);
    for (const project of wanted) {
      if (ids.has(project.name)) continue;
      const name = projectNameSchema.safeParse(project.name.trim().slice(0, PROJECT_NAME_MAX));
      if (!name.success) continue;
      const match = matchProjectName(known, name.data);
      if (match) {
        ids.set(project.name, match.id);
        continue;
      }
      const row: ProjectRow = {
        id: newId(),
        user_id: userId,
        name: name.data,
        name_lower: name.data.toLowerCase(),
        color: colorOf(project.color ?? DEFAULT_PROJECT_COLOR),
        is_inbox: 0,
        archived: project.archived ? 1 : 0,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await withNameConflict(() => insertProject(write.trx, row));
      known.push({ id: row.id, name: row.name, archived: project.archived === true });
      ids.set(project.name, row.id);
      write.dataChanged();
    }
    return ids;
  });
}

async function assertNameFree(db: Db, userId: string, name: string, exceptId?: string): Promise<void> {
  if (await selectProjectByName(db, userId, name.toLowerCase(), exceptId)) {
    throw new Conflict(projectMessages.duplicateName, "duplicate_name");
  }
}

/** Runs a write that may hit the unique name index: two creates of one name at once give one 409. */
async function withNameConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(projectMessages.duplicateName, "duplicate_name");
    throw error;
  }
}

/** POST /api/v1/projects. Every project write moves the task data version on, as task writes do. */
export async function createProject(
  db: Db,
  clock: Clock,
  userId: string,
  input: CreateProjectInput,
): Promise<ProjectJson> {
  return withNameConflict(() =>
    withTaskWrite(db, userId, clock, async (write) => {
      const { trx, nowIso } = write;
      await inboxIdOf(trx, userId, nowIso);
      await assertNameFree(trx, userId, input.name);
      const row: ProjectRow = {
        id: newId(),
        user_id: userId,
        name: input.name,
        name_lower: input.name.toLowerCase(),
        color: input.color,
        is_inbox: 0,
        archived: 0,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await insertProject(trx, row);
      write.dataChanged();
      return toProjectJson(row, 0, await standingOf(trx, row, "owner"));
    }),
  );
}

async function openCountOf(db: Db, userId: string, projectId: string): Promise<number> {
  const rows = await selectProjects(db, userId);
  return rows.find((row) => row.id === projectId)?.open_count ?? 0;
}

/** PUT /api/v1/projects/:id: rename, recolour, archive or unarchive (never the Inbox); admins too. */
export async function updateProject(
  db: Db,
  clock: Clock,
  callerId: string,
  id: string,
  input: UpdateProjectInput,
): Promise<ProjectJson> {
  return withNameConflict(() =>
    withTaskWriteAs(db, callerId, clock, { projectId: id }, "manage", async (write, access) => {
      const { trx, nowIso, userId } = write;
      const current = await selectProject(trx, userId, id, { forUpdate: true });
      if (!current) throw new NotFound(projectMessages.notFound);
      if (input.archived === true && current.is_inbox === 1) {
        throw new Validation(projectMessages.inboxNotArchivable);
      }
      const changes: Partial<ProjectRow> = {};
      if (input.name !== undefined && input.name !== current.name) {
        if (input.name.toLowerCase() !== current.name_lower)
          await assertNameFree(trx, userId, input.name, id);
        changes.name = input.name;
        changes.name_lower = input.name.toLowerCase();
      }
      if (input.color !== undefined && input.color !== current.color) changes.color = input.color;
      if (input.archived !== undefined && Number(input.archived) !== current.archived) {
        changes.archived = Number(input.archived);
      }
      const updated = { ...current, ...changes };
      if (Object.keys(changes).length > 0) {
        await updateProjectRow(trx, userId, id, { ...changes, updated_at: nowIso });
        write.dataChanged();
      }
      return toProjectJson(
        updated,
        await openCountOf(trx, userId, id),
        await standingOf(trx, updated, access.role),
      );
    }),
  );
}

/**
 * DELETE /api/v1/projects/:id: its tasks move to the Inbox (subtrees stay whole, as all of a
 * subtree is in one project), or with `withTasks` are deleted with it. Never the Inbox.
 */
export async function deleteProject(
  db: Db,
  clock: Clock,
  callerId: string,
  id: string,
  withTasks: boolean,
): Promise<DeleteProjectResponse> {
  return withTaskWriteAs(db, callerId, clock, { projectId: id }, "own", async (write) => {
    const { trx, nowIso, userId } = write;
    const project = await selectProject(trx, userId, id, { forUpdate: true });
    if (!project) throw new NotFound(projectMessages.notFound);
    if (project.is_inbox === 1) throw new Validation(projectMessages.inboxNotDeletable);
    let moved = 0;
    let deleted = 0;
    if (withTasks) deleted = await removeTasksOfProject(write, id);
    else moved = await moveTasksOfProject(write, id, await inboxIdOf(trx, userId, nowIso));
    await deleteProjectRow(trx, userId, id);
    write.dataChanged();
    return { moved, deleted };
  });
}
