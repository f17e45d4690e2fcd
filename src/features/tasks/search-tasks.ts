import type { Task } from "@contract/tasks";

export interface TaskSearchIndex {
  tasks: readonly Task[];
  /** Per task: title, description and tags, lower-cased once so that each keystroke only compares. */
  texts: readonly string[];
}

/** Built once per loaded list (useMemo), not per keystroke: 5,000 tasks must not stutter. */
export function buildTaskSearchIndex(tasks: readonly Task[]): TaskSearchIndex {
  return {
    tasks,
    texts: tasks.map((task) =>
      [task.title, task.description ?? "", ...task.tags].join("\n").toLocaleLowerCase(),
    ),
  };
}

/**
 * Tasks whose title, description or tags contain every word of the query, case-insensitively, in
 * the index's order. A blank query gives the index's own list (the same array every time).
 */
export function searchTasks(index: TaskSearchIndex, query: string): readonly Task[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.tasks;
  const found: Task[] = [];
  index.texts.forEach((text, position) => {
    if (words.every((word) => text.includes(word))) found.push(index.tasks[position] as Task);
  });
  return found;
}
