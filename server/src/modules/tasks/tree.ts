import { TASK_MAX_DEPTH, taskMessages, type CreateTaskInput, type UpdateTaskInput } from "@contract/tasks";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { NotFound, Validation } from "../../lib/domain-errors";
import { existingInboxId, inboxIdOf, ownProjectIds } from "../projects";
import { nextPositions } from "./positions";
import { lockUserTasks, selectChildren, selectTask, selectTasksByIds } from "./repository";

/** Projects and subtasks: where a task is, and the tree it is part of. */

/** A 404 naming project_id unless every one of `ids` is the user's project. */
export async function assertOwnProjects(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const own = await ownProjectIds(db, userId, unique);
  if (own.size !== unique.length) throw new NotFound(taskMessages.projectNotFound);
}

/**
 * How deep each of `rows` sits (a top-level task is 1), reading the ancestors they need in one
 * query per level. A chain longer than the limit (never written by this code) counts as too deep.
 */
async function depthsOf(db: Db, userId: string, rows: readonly TaskRow[]): Promise<Map<string, number>> {
  const known = new Map(rows.map((row) => [row.id, row]));
  let missing = [...new Set(rows.flatMap((row) => row.parent_id ?? []))].filter((id) => !known.has(id));
  for (let level = 0; missing.length > 0 && level <= TASK_MAX_DEPTH; level += 1) {
    const found = await selectTasksByIds(db, userId, missing);
    for (const row of found) known.set(row.id, row);
    missing = [...new Set(found.flatMap((row) => row.parent_id ?? []))].filter((id) => !known.has(id));
  }
  const depths = new Map<string, number>();
  const depthOf = (row: TaskRow): number => {
    let depth = 1;
    let current: TaskRow | undefined = row;
    while (current?.parent_id && depth <= TASK_MAX_DEPTH) {
      current = known.get(current.parent_id);
      if (current) depth += 1;
    }
    return current?.parent_id ? TASK_MAX_DEPTH + 1 : depth;
  };
  for (const row of rows) depths.set(row.id, depthOf(row));
  return depths;
}

/** The tasks above `task`, its parent first (bounded: a longer chain is refused as too deep). */
async function ancestorsOf(db: Db, userId: string, task: TaskRow): Promise<TaskRow[]> {
  const chain: TaskRow[] = [];
  let parentId = task.parent_id;
  while (parentId !== null && chain.length <= TASK_MAX_DEPTH) {
    const parent = await selectTask(db, userId, parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parent_id;
  }
  return chain;
}

/** Every task below `id`, one list per level, nearest first. */
export async function descendantsByLevel(db: Db, userId: string, id: string): Promise<TaskRow[][]> {
  const levels: TaskRow[][] = [];
  const seen = new Set([id]);
  let frontier = [id];
  // A tree is at most TASK_MAX_DEPTH deep; the bound only guards against a broken one.
  while (frontier.length > 0 && levels.length < TASK_MAX_DEPTH * 2) {
    const children = (await selectChildren(db, userId, frontier)).filter((row) => !seen.has(row.id));
    if (children.length === 0) break;
    for (const child of children) seen.add(child.id);
    levels.push(children);
    frontier = children.map((child) => child.id);
  }
  return levels;
}

export interface Placement {
  project_id: string;
  parent_id: string | null;
  /** Its place among the parent's subtasks; null at the top level. */
  position: number | null;
  /** In the owner's Inbox, found as the place of a task given none: never shared. */
  inbox?: true;
}

/**
 * Where each new task goes: under its parent and in the parent's project; else in the project
 * named; else in the Inbox. A parent or project that is not the user's is a 404 naming the field;
 * a parent already at the deepest level is a 400.
 */
export async function placementsOf(
  db: Db,
  userId: string,
  inputs: readonly CreateTaskInput[],
  nowIso: string,
): Promise<Placement[]> {
  const parentIds = [...new Set(inputs.flatMap((input) => input.parent_id ?? []))];
  const parents = new Map((await selectTasksByIds(db, userId, parentIds)).map((row) => [row.id, row]));
  if (parents.size !== parentIds.length) throw new NotFound(taskMessages.parentNotFound);
  const depths = await depthsOf(db, userId, [...parents.values()]);
  for (const depth of depths.values()) {
    if (depth >= TASK_MAX_DEPTH) throw new Validation(taskMessages.tooDeep);
  }
  await assertOwnProjects(
    db,
    userId,
    inputs.flatMap((input) => (input.parent_id ? [] : (input.project_id ?? []))),
  );
  let inbox: string | undefined;
  // A missing Inbox is made under the user's lock, which a create in the Inbox otherwise takes
  // only at its end (LockOrder): every write takes that lock before a project row.
  const madeInbox = async () => {
    await lockUserTasks(db, userId);
    return inboxIdOf(db, userId, nowIso);
  };
  const inboxId = async () => (inbox ??= (await existingInboxId(db, userId)) ?? (await madeInbox()));
  // New subtasks go after their parent's last one, in the order given.
  const next = await nextPositions(db, userId, parentIds);
  const placements: Placement[] = [];
  for (const input of inputs) {
    const parent = input.parent_id ? parents.get(input.parent_id) : undefined;
    if (parent) {
      const position = next.get(parent.id) ?? 0;
      next.set(parent.id, position + 1);
      placements.push({ parent_id: parent.id, project_id: parent.project_id ?? (await inboxId()), position });
    } else if (input.project_id) {
      placements.push({ parent_id: null, project_id: input.project_id, position: null });
    } else {
      placements.push({ parent_id: null, project_id: await inboxId(), position: null, inbox: true });
    }
  }
  return placements;
}

/**
 * What an update does to the task's place: a new parent (checked for cycles and depth) takes the
 * task and its subtree into the parent's project; a new project alone moves the subtree, and a
 * subtask moved on its own leaves its parent. `subtree` is every task below, when it must move.
 */
export async function treeChangesOf(
  db: Db,
  userId: string,
  current: TaskRow,
  input: UpdateTaskInput,
  nowIso: string,
): Promise<{ changes: Partial<TaskRow>; subtree: TaskRow[] }> {
  let parentId = current.parent_id;
  let projectId = current.project_id;
  let levels: TaskRow[][] | undefined;
  const newParent = input.parent_id !== undefined && input.parent_id !== current.parent_id;
  if (newParent && input.parent_id !== null && input.parent_id !== undefined) {
    if (input.parent_id === current.id) throw new Validation(taskMessages.cycle);
    const parent = await selectTask(db, userId, input.parent_id);
    if (!parent) throw new NotFound(taskMessages.parentNotFound);
    const ancestors = await ancestorsOf(db, userId, parent);
    if (ancestors.some((ancestor) => ancestor.id === current.id)) throw new Validation(taskMessages.cycle);
    levels = await descendantsByLevel(db, userId, current.id);
    // The parent's depth, this task's level below it, and the levels of its own subtree.
    if (ancestors.length + 1 + 1 + levels.length > TASK_MAX_DEPTH) throw new Validation(taskMessages.tooDeep);
    parentId = parent.id;
    projectId = parent.project_id;
  } else {
    if (newParent) parentId = null;
    if (input.project_id !== undefined && input.project_id !== current.project_id) {
      await assertOwnProjects(db, userId, [input.project_id]);
      projectId = input.project_id;
      // A subtask is always in its parent's project: moved alone, it leaves its parent.
      parentId = null;
    }
  }
  projectId ??= await inboxIdOf(db, userId, nowIso);
  const changes: Partial<TaskRow> = {};
  if (parentId !== current.parent_id) changes.parent_id = parentId;
  if (projectId !== current.project_id) changes.project_id = projectId;
  if (changes.project_id === undefined) return { changes, subtree: [] };
  levels ??= await descendantsByLevel(db, userId, current.id);
  return { changes, subtree: levels.flat() };
}

/**
 * Where a task back from the trash goes: under its parent while the parent is still there with
 * room for `height` more levels (the task and those below it), else at the top level of its
 * project, or of the Inbox when that project is gone.
 */
export async function restoredPlacement(
  db: Db,
  userId: string,
  task: TaskRow,
  height: number,
  nowIso: string,
): Promise<Placement> {
  const parent = task.parent_id === null ? undefined : await selectTask(db, userId, task.parent_id);
  if (parent?.project_id) {
    const depth = (await depthsOf(db, userId, [parent])).get(parent.id) ?? TASK_MAX_DEPTH;
    // Back in its old place among the subtasks (a tie with a newer one is broken by age).
    if (depth + height <= TASK_MAX_DEPTH)
      return { parent_id: parent.id, project_id: parent.project_id, position: task.position ?? null };
  }
  const kept = task.project_id === null ? [] : [...(await ownProjectIds(db, userId, [task.project_id]))];
  return { parent_id: null, project_id: kept[0] ?? (await inboxIdOf(db, userId, nowIso)), position: null };
}
