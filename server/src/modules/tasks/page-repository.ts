import type { ExpressionBuilder } from "kysely";
import type { TaskListOrder } from "@contract/tasks";
import { isPostgres, type Db } from "../../db/database";
import type { Database, TaskRow } from "../../db/schema";
import {
  applyFilters,
  compareInListOrder,
  selectChildren,
  ownOrShared,
  selectTasks,
  type TaskQueryFilters,
} from "./repository";

/** Which part of the list a call asks for: its order, how many at most, and after which task. */
export interface TaskPage {
  order: TaskListOrder;
  limit?: number;
  /** order=completed_at: the page starts after this task (its completion time and id). */
  after?: { completedAt: string | null; id: string };
  /** Also every subtask, at any level, of the tasks the filters keep. */
  withSubtasks?: boolean;
}

/** `rows` and every task below them, each once. */
async function withSubtasks(db: Db, userId: string, rows: TaskRow[]): Promise<TaskRow[]> {
  const seen = new Set(rows.map((row) => row.id));
  const all = [...rows];
  for (let level = rows; level.length > 0;) {
    level = (
      await selectChildren(
        db,
        userId,
        level.map((row) => row.id),
      )
    ).filter((row) => !seen.has(row.id));
    for (const row of level) seen.add(row.id);
    all.push(...level);
  }
  return all;
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
    let rows = await selectTasks(db, userId, filters);
    if (page.withSubtasks) rows = (await withSubtasks(db, userId, rows)).sort(compareInListOrder);
    return page.limit === undefined ? rows : rows.slice(0, page.limit);
  }
  const { after, limit } = page;
  return db
    .selectFrom("tasks")
    .selectAll()
    .where((eb) => ownOrShared(eb, userId, filters))
    .where((eb) => applyFilters(eb, filters, { postgres: isPostgres(db) }))
    .$if(after !== undefined, (query) => query.where((eb) => afterCursor(eb, after!)))
    .orderBy("completed_at", (order) => order.desc().nullsLast())
    .orderBy("id", "desc")
    .$if(limit !== undefined, (query) => query.limit(limit!))
    .execute();
}
