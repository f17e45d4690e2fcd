import {
  sql,
  type Insertable,
  type InsertQueryBuilder,
  type OnConflictBuilder,
  type QueryCreator,
} from "kysely";
import type { Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { Database, TaskIcalRow, TaskSyncTable } from "../../db/schema";

/** The iCalendar data of the user's live task stored under this name, if any. */
export function selectLiveIcalByHref(db: Db, userId: string, href: string): Promise<TaskIcalRow | undefined> {
  return db
    .selectFrom("task_ical")
    .innerJoin("tasks", "tasks.id", "task_ical.task_id")
    .selectAll("task_ical")
    .where("task_ical.user_id", "=", userId)
    .where("task_ical.href", "=", href)
    .executeTakeFirst();
}

export function selectIcalByUid(db: Db, userId: string, uid: string): Promise<TaskIcalRow | undefined> {
  return db
    .selectFrom("task_ical")
    .selectAll()
    .where("user_id", "=", userId)
    .where("uid", "=", uid)
    .executeTakeFirst();
}

export function selectIcalByTaskId(db: Db, taskId: string): Promise<TaskIcalRow | undefined> {
  return db.selectFrom("task_ical").selectAll().where("task_id", "=", taskId).executeTakeFirst();
}

/** The iCalendar data of these tasks (those that have some), by task id. */
export async function selectIcalOfTasks(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<Map<string, TaskIcalRow>> {
  const rows: TaskIcalRow[] = [];
  // Chunked: well below either engine's bound-parameter limit.
  for (let start = 0; start < taskIds.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom("task_ical")
        .selectAll()
        .where("user_id", "=", userId)
        .where("task_id", "in", taskIds.slice(start, start + 500))
        .execute()),
    );
  }
  return new Map(rows.map((row) => [row.task_id, row]));
}

/** The user's stored iCalendar data that keeps a relation (RELATED-TO) among its other properties. */
export function selectIcalWithRelations(db: Db, userId: string): Promise<TaskIcalRow[]> {
  return db
    .selectFrom("task_ical")
    .selectAll()
    .where("user_id", "=", userId)
    .where("extra", "like", '%"related-to"%')
    .execute();
}

export async function upsertIcal(db: Db, row: TaskIcalRow): Promise<void> {
  await db
    .insertInto("task_ical")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("task_id").doUpdateSet({ uid: row.uid, href: row.href, extra: row.extra }),
    )
    .execute();
}

/** Forgets what deleted tasks kept of a UID, so a client may use it again for a new task. */
export async function deleteDeadIcalWithUid(db: Db, userId: string, uid: string): Promise<void> {
  await db
    .deleteFrom("task_ical")
    .where("user_id", "=", userId)
    .where("uid", "=", uid)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("tasks").select("tasks.id").whereRef("tasks.id", "=", "task_ical.task_id")),
      ),
    )
    .execute();
}

export interface SyncChange {
  task_id: string;
  deleted: number;
  href: string | null;
}

/** What changed in a collection after `version`: each task's last change there, with its stored name. */
export function selectChangesSince(
  db: Db,
  userId: string,
  collection: string,
  version: number,
): Promise<SyncChange[]> {
  return db
    .selectFrom("task_sync")
    .leftJoin("task_ical", "task_ical.task_id", "task_sync.task_id")
    .select(["task_sync.task_id", "task_sync.deleted", "task_ical.href"])
    .where("task_sync.user_id", "=", userId)
    .where("task_sync.collection", "=", collection)
    .where("task_sync.version", ">", version)
    .orderBy("task_sync.version")
    .execute();
}

/** Rows per statement: well below either engine's bound-parameter limit. */
const SYNC_CHUNK = 500;

/** Writes each task's row in its collection; a row already there for that task and collection takes the new values. */
/** The sync log's upsert of `rows` (at most SYNC_CHUNK). */
function upsertSync(db: Db, rows: ReadonlyArray<Insertable<TaskSyncTable>>) {
  return db.insertInto("task_sync").values(rows).onConflict(takeNewValues);
}

// The object form: Kysely builds a callback's expression builder anew on every call.
const takeNewValues = (conflict: OnConflictBuilder<Database, "task_sync">) =>
  conflict
    .columns(["task_id", "collection"])
    .doUpdateSet({ version: sql<number>`excluded.version`, deleted: sql<number>`excluded.deleted` });

/** A single task's change, as most writes log: built and compiled once. */
const upsertOneSyncRow = queryTemplate((db: Db, row: Insertable<TaskSyncTable>) => upsertSync(db, [row]));

/** The tasks module's bump of the user's task-data version, returning the new one. */
export type VersionBumpQuery = (
  db: QueryCreator<Database>,
  args: { userId: string; nowIso: string },
) => InsertQueryBuilder<Database, "task_data_versions", { version: number }>;

type SyncRowAtBump = Omit<Insertable<TaskSyncTable>, "version" | "user_id"> & {
  userId: string;
  nowIso: string;
};

/** One task's row at the version `bump` takes in the same statement: a data-modifying CTE (PostgreSQL). */
function upsertOneSyncRowAtBumpOf(bump: VersionBumpQuery) {
  return queryTemplate((db: Db, row: SyncRowAtBump) =>
    db
      .with("bumped", (creator) => bump(creator, row))
      .insertInto("task_sync")
      .values({
        task_id: row.task_id,
        collection: row.collection,
        user_id: row.userId,
        deleted: row.deleted,
        version: (eb) => eb.selectFrom("bumped").select("bumped.version"),
      })
      .onConflict(takeNewValues)
      .returning("task_sync.version"),
  );
}

/** Each bump's compiled statement (there is one bump: the tasks module's). */
const atBumpOf = new Map<VersionBumpQuery, ReturnType<typeof upsertOneSyncRowAtBumpOf>>();

/**
 * Bumps the version and writes one task's row at it, in one statement (PostgreSQL only: SQLite
 * has no data-modifying CTE): one round trip fewer while the bump's row lock is held. The new version.
 */
export async function upsertSyncRowAtBump(
  db: Db,
  bump: VersionBumpQuery,
  row: SyncRowAtBump,
): Promise<number> {
  let upsert = atBumpOf.get(bump);
  if (!upsert) {
    upsert = upsertOneSyncRowAtBumpOf(bump);
    atBumpOf.set(bump, upsert);
  }
  const [written] = await upsert(db, row);
  if (!written) throw new Error("The sync log's upsert at the bumped version returned no row");
  return Number(written.version);
}

export async function upsertSyncRows(db: Db, rows: ReadonlyArray<Insertable<TaskSyncTable>>): Promise<void> {
  const [only] = rows;
  if (rows.length === 1 && only) {
    await upsertOneSyncRow(db, only);
    return;
  }
  for (let start = 0; start < rows.length; start += SYNC_CHUNK)
    await upsertSync(db, rows.slice(start, start + SYNC_CHUNK)).execute();
}

/**
 * Marks the rows of these tasks written before `version` as gone at `version`: `present` ones
 * only (a task that moved is gone from where it was), or every one (a deleted task).
 */
export async function markSyncRowsGone(
  db: Db,
  userId: string,
  taskIds: readonly string[],
  version: number,
  which: "present" | "all",
): Promise<void> {
  for (let start = 0; start < taskIds.length; start += SYNC_CHUNK) {
    await db
      .updateTable("task_sync")
      .set({ deleted: 1, version })
      .where("user_id", "=", userId)
      .where("task_id", "in", taskIds.slice(start, start + SYNC_CHUNK))
      .where("version", "<", version)
      .$if(which === "present", (query) => query.where("deleted", "=", 0))
      .execute();
  }
}
