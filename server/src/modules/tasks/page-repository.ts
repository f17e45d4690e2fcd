import { sql } from "kysely";
import type { TaskListOrder } from "@contract/tasks";
import { isPostgres, type Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import { selectChildren, type TaskQueryFilters } from "./repository";
import { visibleMatching } from "./search-repository";
import { sortedInListOrder } from "./list-order";
import { TASK_WIRE_COLUMNS, type TaskWireRow } from "./task-json";

/** Which part of the list a call asks for: its order, how many at most, and after which task. */
export interface TaskPage {
  order: TaskListOrder;
  limit?: number;
  /** order=completed_at: the page starts after this task (its completion time and id). */
  after?: { completedAt: string | null; id: string };
  /** Also every subtask, at any level, of the tasks the filters keep. */
  withSubtasks?: boolean;
}

/** A listed task, and one of its subtasks' ids, if it has any (read with it, see selectTaskPage). */
type ListedRow = TaskWireRow & { a_subtask_id?: string | null };

/**
 * `rows` and every task below them, each once. Only the rows that have subtasks are looked
 * under: most lists have none, and then no statement is sent for them.
 */
async function withSubtasks(
  db: Db,
  userId: string,
  rows: ListedRow[],
  sharedProjectIds?: readonly string[],
): Promise<TaskWireRow[]> {
  const seen = new Set(rows.map((row) => row.id));
  const all: TaskWireRow[] = [...rows];
  for (let level = rows.filter((row) => row.a_subtask_id); level.length > 0;) {
    level = (
      await selectChildren(
        db,
        userId,
        level.map((row) => row.id),
        sharedProjectIds,
        TASK_WIRE_COLUMNS,
      )
    ).filter((row) => !seen.has(row.id));
    for (const row of level) seen.add(row.id);
    all.push(...level);
  }
  return all;
}

/** What a list reads before its tasks; see selectListContext. */
export interface ListContext {
  /** The user's task-data version (the list's ETag): 0 before their first task write. */
  version: number;
  /** The projects shared with the user (accepted), whose tasks a list also holds. */
  sharedProjectIds: string[];
}

// Built and compiled once: every list call sends it.
const selectVersionAndShared = queryTemplate((db: Db, args: { userId: string }) =>
  db
    .selectFrom("users")
    .leftJoin("task_data_versions", "task_data_versions.user_id", "users.id")
    .leftJoin("project_members", (join) =>
      join
        .onRef("project_members.user_id", "=", "users.id")
        .on("project_members.accepted_at", "is not", null),
    )
    .select(["task_data_versions.version", "project_members.project_id"])
    .where("users.id", "=", args.userId),
);

/**
 * The user's task-data version and the projects shared with them, in one statement (one round
 * trip on PostgreSQL instead of two): a row per shared project, or one row with none.
 */
export async function selectListContext(db: Db, userId: string): Promise<ListContext> {
  const rows = await selectVersionAndShared(db, { userId });
  return {
    version: Number(rows[0]?.version ?? 0),
    sharedProjectIds: rows.flatMap((row) => (row.project_id === null ? [] : [row.project_id])),
  };
}

/**
 * The user's tasks (and those of projects shared with them) matching `filters`, as a query to order
 * and cut: only the columns of the answer, since reading a row costs per column.
 */
function filteredTasks(db: Db, userId: string, filters: TaskQueryFilters) {
  const postgres = isPostgres(db);
  const unfinishedOnly = Boolean(filters.statuses?.length) && !filters.statuses?.includes("completed");
  return (
    db
      .selectFrom("tasks")
      .select(TASK_WIRE_COLUMNS)
      .where((eb) => visibleMatching(eb, userId, filters, { postgres }))
      // Says again what the statuses imply, in the words of PostgreSQL's partial index of
      // unfinished tasks (tasks_user_unfinished), as a literal: the statuses are parameters, which
      // a kept plan cannot match to the index's condition, and without it PostgreSQL read every
      // task of the user and dropped the completed thousands. SQLite reads (user_id, status).
      .$if(postgres && unfinishedOnly, (query) => query.where("status", "<>", sql.lit("completed")))
  );
}

/**
 * The user's tasks matching `filters`, in the page's order, at most `limit`. Newest completion
 * first is read in that order from the (user_id, completed_at) index, so a page of a long history
 * costs what it holds; the to-do order is sorted here (see sortedInListOrder) and cut after.
 * Completed tasks and never-completed ones (last, ids descending) are read apart: one ORDER BY
 * with NULLS LAST is one PostgreSQL cannot read from that index, so it would sort them all.
 */
export async function selectTaskPage(
  db: Db,
  userId: string,
  filters: TaskQueryFilters,
  page: TaskPage,
): Promise<TaskWireRow[]> {
  if (page.order === "due") {
    let rows: ListedRow[] = sortedInListOrder(
      await filteredTasks(db, userId, filters)
        // One subtask's id (or null) for each task, an index probe per task in this statement:
        // one statement fewer than asking for the children of every listed task. A scalar
        // subquery, not EXISTS: PostgreSQL may answer an EXISTS by hashing every task's parent.
        .$if(page.withSubtasks === true, (query) =>
          query.select((eb) =>
            eb
              .selectFrom("tasks as child")
              .select("child.id")
              .whereRef("child.parent_id", "=", "tasks.id")
              .limit(sql.lit(1))
              .as("a_subtask_id"),
          ),
        )
        .execute(),
    );
    if (page.withSubtasks) {
      const all = await withSubtasks(db, userId, rows, filters.sharedProjectIds);
      // Sorted again only when subtasks came: most lists' tasks bring none beyond themselves.
      if (all.length > rows.length) rows = sortedInListOrder(all);
    }
    return page.limit === undefined ? rows : rows.slice(0, page.limit);
  }
  const { after, limit } = page;
  const afterCompletion = after?.completedAt;
  const completed =
    afterCompletion === null
      ? []
      : await filteredTasks(db, userId, filters)
          .where("completed_at", "is not", null)
          .$if(afterCompletion !== undefined, (query) =>
            query.where((eb) =>
              eb.or([
                eb("completed_at", "<", afterCompletion!),
                eb.and([eb("completed_at", "=", afterCompletion!), eb("id", "<", after!.id)]),
              ]),
            ),
          )
          .orderBy("completed_at", "desc")
          .orderBy("id", "desc")
          .$if(limit !== undefined, (query) => query.limit(limit!))
          .execute();
  if (limit !== undefined && completed.length >= limit) return completed;
  const never = await filteredTasks(db, userId, filters)
    .where("completed_at", "is", null)
    .$if(afterCompletion === null, (query) => query.where("id", "<", after!.id))
    .orderBy("id", "desc")
    .$if(limit !== undefined, (query) => query.limit(limit! - completed.length))
    .execute();
  return [...completed, ...never];
}
