import { isOpenStatus, type TaskStatus } from "@contract/tasks";
import type { TaskRow } from "../../db/schema";

const isFinished = (status: string) => !isOpenStatus(status as TaskStatus);

type ListOrderFields = Pick<TaskRow, "status" | "due_date" | "created_at" | "id">;

/** The list order within open tasks, or within finished ones (see sortedInListOrder). */
function compareDueThenNewest(a: ListOrderFields, b: ListOrderFields): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/**
 * `rows` sorted in place in the order of a to-do list: open (pending, in progress) before
 * finished (completed, cancelled); then by due date, earliest first, tasks without one last; then
 * newest first; the id breaks the remaining ties so the order is stable between calls. Sorted here
 * rather than by the database so that both engines agree whatever their collation: dates are UTC
 * ISO text and ids time-ordered UUIDs, compared as JavaScript strings. Open and finished tasks are
 * sorted apart, so the sort's many comparisons never look at a status.
 */
export function sortedInListOrder<T extends ListOrderFields>(rows: T[]): T[] {
  const finished: T[] = [];
  let open = 0;
  for (const row of rows) {
    if (isFinished(row.status)) finished.push(row);
    else rows[open++] = row;
  }
  rows.length = open;
  rows.sort(compareDueThenNewest);
  for (const row of finished.sort(compareDueThenNewest)) rows.push(row);
  return rows;
}
