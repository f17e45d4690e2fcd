import { compareSubtasks, isOpenStatus, TASK_MAX_DEPTH, type Task } from "@contract/tasks";

/**
 * The subtask tree of the loaded list, built once per list (not per keystroke or per card): each
 * task by id and each task's subtasks in list order.
 */
export interface TaskIndex {
  byId: ReadonlyMap<string, Task>;
  children: ReadonlyMap<string, readonly Task[]>;
}

const NO_CHILDREN: readonly Task[] = [];

export function buildTaskIndex(tasks: readonly Task[]): TaskIndex {
  const byId = new Map<string, Task>();
  const children = new Map<string, Task[]>();
  for (const task of tasks) byId.set(task.id, task);
  for (const task of tasks) {
    if (task.parent_id === null || !byId.has(task.parent_id)) continue;
    const siblings = children.get(task.parent_id);
    if (siblings) siblings.push(task);
    else children.set(task.parent_id, [task]);
  }
  return { byId, children };
}

export function childrenOf(index: TaskIndex, id: string): readonly Task[] {
  return index.children.get(id) ?? NO_CHILDREN;
}

/** Every task below this one, depth first. */
export function descendantsOf(index: TaskIndex, id: string): Task[] {
  const found: Task[] = [];
  const seen = new Set([id]);
  const stack = [...childrenOf(index, id)].reverse();
  while (stack.length > 0) {
    const task = stack.pop()!;
    if (seen.has(task.id)) continue;
    seen.add(task.id);
    found.push(task);
    stack.push(...[...childrenOf(index, task.id)].reverse());
  }
  return found;
}

/** The open (pending or in-progress) tasks at every level below this one. */
export function openDescendantsOf(index: TaskIndex, id: string): Task[] {
  return descendantsOf(index, id).filter((task) => isOpenStatus(task.status));
}

/** The task's level: 1 at the top, TASK_MAX_DEPTH at most. */
export function levelOf(index: TaskIndex, id: string): number {
  let level = 0;
  const seen = new Set<string>();
  for (let task = index.byId.get(id); task && !seen.has(task.id);) {
    seen.add(task.id);
    level += 1;
    task = task.parent_id === null ? undefined : index.byId.get(task.parent_id);
  }
  return level;
}

/** Levels from the task down to its deepest subtask: 1 without subtasks. */
export function heightOf(index: TaskIndex, id: string): number {
  let height = 1;
  const stack: Array<[string, number]> = [[id, 1]];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const [current, level] = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    height = Math.max(height, level);
    for (const child of childrenOf(index, current)) stack.push([child.id, level + 1]);
  }
  return height;
}

/** Whether `id` (with its subtree) may go under `parentId` without passing the depth limit. */
export function fitsUnder(index: TaskIndex, id: string, parentId: string): boolean {
  return levelOf(index, parentId) + heightOf(index, id) <= TASK_MAX_DEPTH;
}

/** "2/5": a parent's completed direct subtasks of those not cancelled. */
export function progressOf(index: TaskIndex, id: string): string | undefined {
  const children = childrenOf(index, id).filter((child) => child.status !== "cancelled");
  if (children.length === 0) return undefined;
  const done = children.filter((child) => child.status === "completed").length;
  return `${done}/${children.length}`;
}

/** One line of the list: a task, how far it is indented, and what it shows about its tree. */
export interface TaskRow {
  task: Task;
  /** Indentation: 0 for a row at the top of the list. */
  depth: number;
  /** Rows shown under it (collapsing hides them). */
  hasChildren: boolean;
  /** The id of the row it is shown under, or null at the top. */
  shownParentId: string | null;
  /** A subtask shown without its parent (a filter hid the parent): the parent's title. */
  context?: string;
}

/**
 * The visible tasks as indented rows: a task whose parent is also visible goes under it (in the
 * subtasks' order: their position, a list typed A, B, C reads A, B, C), one whose parent is hidden shows at the top (in the list's order) with the parent's
 * title as context. The subtasks of a collapsed row are left out. Linear in the visible tasks,
 * but for sorting each parent's subtasks.
 */
export function treeRows(
  visible: readonly Task[],
  index: TaskIndex,
  collapsed: ReadonlySet<string>,
): TaskRow[] {
  const shown = new Set<string>();
  for (const task of visible) shown.add(task.id);
  const roots: Task[] = [];
  const under = new Map<string, Task[]>();
  for (const task of visible) {
    if (task.parent_id !== null && shown.has(task.parent_id) && task.parent_id !== task.id) {
      const siblings = under.get(task.parent_id);
      if (siblings) siblings.push(task);
      else under.set(task.parent_id, [task]);
    } else {
      roots.push(task);
    }
  }
  const rows: TaskRow[] = [];
  const placed = new Set<string>();
  const place = (task: Task, depth: number, shownParentId: string | null) => {
    if (placed.has(task.id)) return;
    placed.add(task.id);
    const kids = under.get(task.id);
    const parent = task.parent_id === null ? undefined : index.byId.get(task.parent_id);
    rows.push({
      task,
      depth,
      hasChildren: kids !== undefined,
      shownParentId,
      ...(depth === 0 && parent ? { context: parent.title } : {}),
    });
    if (kids && !collapsed.has(task.id))
      for (const kid of kids.sort(compareSubtasks)) place(kid, depth + 1, task.id);
  };
  for (const root of roots) place(root, 0, null);
  // A cycle in the data (never made by our server) would leave its tasks unplaced: show them flat.
  if (placed.size < shown.size && collapsed.size === 0) {
    for (const task of visible) if (!placed.has(task.id)) place(task, 0, null);
  }
  return rows;
}

const builtRows = new WeakMap<
  TaskIndex,
  WeakMap<ReadonlySet<string>, WeakMap<readonly Task[], readonly TaskRow[]>>
>();

/**
 * treeRows, kept for each list shown while the tree and the collapsed parents stay the same:
 * clearing the search gives back the very list shown before it (searchTasks), whose rows are then
 * not built again. The caches go with the tree, the set and the list they are for.
 */
export function cachedTreeRows(
  visible: readonly Task[],
  index: TaskIndex,
  collapsed: ReadonlySet<string>,
): readonly TaskRow[] {
  let byCollapsed = builtRows.get(index);
  if (!byCollapsed) builtRows.set(index, (byCollapsed = new WeakMap()));
  let byList = byCollapsed.get(collapsed);
  if (!byList) byCollapsed.set(collapsed, (byList = new WeakMap()));
  let rows = byList.get(visible);
  if (!rows) byList.set(visible, (rows = treeRows(visible, index, collapsed)));
  return rows;
}

/**
 * Tab on a row: the row above it at its level (its previous sibling as shown) becomes its parent.
 * Undefined when there is none.
 */
export function indentTarget(rows: readonly TaskRow[], position: number): TaskRow | undefined {
  const row = rows[position];
  if (!row) return undefined;
  for (let above = position - 1; above >= 0; above -= 1) {
    const candidate = rows[above]!;
    if (candidate.depth < row.depth) return undefined;
    if (candidate.depth === row.depth) return candidate;
  }
  return undefined;
}
