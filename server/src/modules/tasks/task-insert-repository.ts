import { isPostgres, type Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { NewTask, NewTaskEvent } from "../../db/schema";
import { insertTaskEvents, insertTasks } from "./repository";

/** A history row's values beside its task's, named apart from the task's columns (a type: templates take records). */
type EventOfTask = {
  event_id: string;
  event_kind: string;
  event_from: string | null;
  event_to: string | null;
  event_at: string;
  event_actor: string | null;
};

const insertOneTaskWithEvent = queryTemplate(
  (
    db: Db,
    { event_id, event_kind, event_from, event_to, event_at, event_actor, ...row }: NewTask & EventOfTask,
  ) =>
    db
      .with("task", (creator) => creator.insertInto("tasks").values(row).returning("id"))
      .insertInto("task_events")
      .values({
        id: event_id,
        user_id: row.user_id,
        task_id: row.id,
        kind: event_kind,
        from_value: event_from,
        to_value: event_to,
        at: event_at,
        actor_id: event_actor,
      }),
);

/**
 * A new task and its one history row: on PostgreSQL one statement (the task's insert a
 * data-modifying CTE), a round trip fewer per create; on SQLite, which has no such CTE and no
 * round trips, two.
 */
export async function insertTaskWithEvent(db: Db, row: NewTask, event: NewTaskEvent): Promise<void> {
  if (!isPostgres(db)) {
    await insertTasks(db, [row]);
    await insertTaskEvents(db, [event]);
    return;
  }
  await insertOneTaskWithEvent(db, {
    ...row,
    event_id: event.id,
    event_kind: event.kind,
    event_from: event.from_value ?? null,
    event_to: event.to_value ?? null,
    event_at: event.at,
    event_actor: event.actor_id ?? null,
  });
}
