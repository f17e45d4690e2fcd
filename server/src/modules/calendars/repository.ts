import type { Db } from "../../db/database";
import type { CalendarRow } from "../../db/schema";

/** What a calendar is to the API and the job, without its (possibly large) body. */
export type CalendarHead = Omit<CalendarRow, "body">;

const HEAD_COLUMNS = ["id", "user_id", "name", "url", "last_synced_at", "error", "created_at"] as const;

export async function insertCalendar(db: Db, row: CalendarRow): Promise<void> {
  await db.insertInto("calendars").values(row).execute();
}

/** The user's calendars, oldest first. */
export async function selectCalendars(db: Db, userId: string): Promise<CalendarHead[]> {
  return db
    .selectFrom("calendars")
    .select(HEAD_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export async function selectCalendar(db: Db, userId: string, id: string): Promise<CalendarHead | undefined> {
  return db
    .selectFrom("calendars")
    .select(HEAD_COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A calendar by its id alone, for the refresh job. */
export async function selectCalendarById(db: Db, id: string): Promise<CalendarHead | undefined> {
  return db.selectFrom("calendars").select(HEAD_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function selectCalendarByUrl(
  db: Db,
  userId: string,
  url: string,
): Promise<CalendarHead | undefined> {
  return db
    .selectFrom("calendars")
    .select(HEAD_COLUMNS)
    .where("user_id", "=", userId)
    .where("url", "=", url)
    .executeTakeFirst();
}

/** Which copy of each of the user's calendars is the current one (those that have a copy). */
export async function selectCalendarVersions(
  db: Db,
  userId: string,
): Promise<{ id: string; version: string }[]> {
  const rows = await db
    .selectFrom("calendars")
    .select(["id", "last_synced_at"])
    .where("user_id", "=", userId)
    .where("body", "is not", null)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({ id: row.id, version: row.last_synced_at ?? "" }));
}

/** The last good copies of these calendars of the user, by id. */
export async function selectCalendarBodies(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, { body: string; version: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("calendars")
    .select(["id", "body", "last_synced_at"])
    .where("user_id", "=", userId)
    .where("id", "in", [...ids])
    .execute();
  return new Map(
    rows.flatMap((row) =>
      row.body === null ? [] : [[row.id, { body: row.body, version: row.last_synced_at ?? "" }] as const],
    ),
  );
}

/** A fetch that read well: the new copy replaces the last, and the error is cleared. */
export async function updateCalendarBody(db: Db, id: string, body: string, syncedAt: string): Promise<void> {
  await db
    .updateTable("calendars")
    .set({ body, last_synced_at: syncedAt, error: null })
    .where("id", "=", id)
    .execute();
}

/** A fetch that failed: the last good copy stays, the error is recorded. */
export async function updateCalendarError(db: Db, id: string, error: string): Promise<void> {
  await db.updateTable("calendars").set({ error }).where("id", "=", id).execute();
}

/** true when the user had a calendar with this id. */
export async function deleteCalendarRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("calendars")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** How many calendars the user subscribes to by address (uploaded ones are not fetched). */
export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("calendars")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("user_id", "=", userId)
    .where("url", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
