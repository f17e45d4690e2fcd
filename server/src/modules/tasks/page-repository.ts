import type { ExpressionBuilder } from "kysely";
import type { TaskListOrder } from "@contract/tasks";
import { isPostgres, type Db } from "../../db/database";
import type { Database, TaskRow } from "../../db/schema";
import { applyFilters, selectTasks, type TaskQueryFilters } from "./repository";

/** Which part of the list a call asks for: its order, how many at most, and after which task. */
export interface TaskPage {
  order: TaskListOrder;
  limit?: number;
  /** order=completed_at: the page starts after this task (its completion time and id). */
  after?: { completedAt: string | null; id: string };
}

/** After `after` in newest-completion-first order (never-completed tasks last, ids descending). */
function afterCursor(
  eb: ExpressionBuilder<Database, "tasks">,
  { completedAt, id }: { completedAt: string | null; id: string },
) {
  if (completedAt === null) return eb.and([eb("completed_at", "is", null), eb("id", "<", id)]);
  return eb.or([
    eb("completed_at", "<", completedAt),
    eb.and([eb("completed_at", "=", completedAt), eb("id", "<", id)]),
    eb("completed_at", "is", null),
  ]);
}

/**
 * The user's tasks matching `filters`, in the page's order, at most `limit`. Newest completion
 * first is read in that order from the (user_id, completed_at) index, so a page of a long history
 * costs what it holds; the to-do order is sorted here (see compareInListOrder) and cut after.
 */
export async function selectTaskPage(
  db: Db,
  userId: string,
  filters: TaskQueryFilters,
  page: TaskPage,
): Promise<TaskRow[]> {
  if (page.order === "due") {
    const rows = await selectTasks(db, userId, filters);
    return page.limit === undefined ? rows : rows.slice(0, page.limit);
  }
  const { after, limit } = page;
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) => applyFilters(eb, filters, { postgres: isPostgres(db) }))
    .$if(after !== undefined, (query) => query.where((eb) => afterCursor(eb, after!)))
    .orderBy("completed_at", (order) => order.desc().nullsLast())
    .orderBy("id", "desc")
    .$if(limit !== undefined, (query) => query.limit(limit!))
    .execute();
}
