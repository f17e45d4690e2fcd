import type { Task } from "@contract/tasks";

export interface TaskSearchEntry {
  task: Task;
  /** Title, description and tags, lower-cased once so that each keystroke only compares. */
  text: string;
}

/** Built once per loaded list (useMemo), not per keystroke: 5,000 tasks must not stutter. */
export function buildTaskSearchIndex(tasks: readonly Task[]): TaskSearchEntry[] {
  return tasks.map((task) => ({
    task,
    text: [task.title, task.description ?? "", ...task.tags].join("\n").toLocaleLowerCase(),
  }));
}

/** Tasks whose title, description or tags contain every word of the query, case-insensitively. */
export function searchTasks(index: readonly TaskSearchEntry[], query: string): Task[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.map((entry) => entry.task);
  return index.filter((entry) => words.every((word) => entry.text.includes(word))).map((entry) => entry.task);
}
