import type { Insertable, Updateable } from "kysely";
import { DEFAULT_PROJECT_COLOR, INBOX_NAME } from "@contract/projects";
import { OPEN_STATUSES } from "@contract/tasks";
import { isPostgres, type Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { ProjectRow, ProjectsTable } from "../../db/schema";
import { newId } from "../../lib/ids";

export type ProjectWithCount = ProjectRow & { open_count: number };

/** The user's projects, each with how many of its tasks are pending or in progress. */
export async function selectProjects(db: Db, userId: string): Promise<ProjectWithCount[]> {
  return selectCountedProjects(db, { userId });
}

/** Projects by id whoever owns them (those shared with a user), each with its open-task count. */
export async function selectProjectsByIds(db: Db, ids: readonly string[]): Promise<ProjectWithCount[]> {
  if (ids.length === 0) return [];
  return selectCountedProjects(db, { ids });
}

async function selectCountedProjects(
  db: Db,
  which: { userId: string } | { ids: readonly string[] },
): Promise<ProjectWithCount[]> {
  const rows = await db
    .selectFrom("projects")
    .selectAll("projects")
    .select((eb) =>
      eb
        .selectFrom("tasks")
        .select(eb.fn.countAll<number>().as("count"))
        .whereRef("tasks.user_id", "=", "projects.user_id")
        .whereRef("tasks.project_id", "=", "projects.id")
        .where("tasks.status", "in", [...OPEN_STATUSES])
        .as("open_count"),
    )
    .where((eb) =>
      "userId" in which ? eb("projects.user_id", "=", which.userId) : eb("projects.id", "in", [...which.ids]),
    )
    .execute();
  return rows.map((row) => ({ ...row, open_count: Number(row.open_count ?? 0) }));
}

/**
 * The user's project with this id. `forUpdate`: locked until the transaction ends, so that a
 * rename and a delete of one project at once apply one after the other (PostgreSQL; SQLite runs
 * one write transaction at a time).
 */
export async function selectProject(
  db: Db,
  userId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom("projects")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .$if(forUpdate && isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The user's project with this name ignoring case, other than `exceptId`. */
export async function selectProjectByName(
  db: Db,
  userId: string,
  nameLower: string,
  exceptId?: string,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom("projects")
    .selectAll()
    .where("user_id", "=", userId)
    .where("name_lower", "=", nameLower)
    .$if(exceptId !== undefined, (query) => query.where("id", "!=", exceptId ?? ""))
    .executeTakeFirst();
}

export async function insertProject(db: Db, row: Insertable<ProjectsTable>): Promise<void> {
  await db.insertInto("projects").values(row).execute();
}

export async function updateProjectRow(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<ProjectsTable>,
): Promise<void> {
  await db.updateTable("projects").set(changes).where("user_id", "=", userId).where("id", "=", id).execute();
}

export async function deleteProjectRow(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom("projects").where("user_id", "=", userId).where("id", "=", id).execute();
}

/** The id of the user's Inbox, or undefined when the account has none yet. */
/** Every create in the Inbox sends it: built and compiled once. */
const selectInbox = queryTemplate((db: Db, args: { userId: string }) =>
  db.selectFrom("projects").select("id").where("user_id", "=", args.userId).where("is_inbox", "=", 1),
);

export async function selectInboxId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await selectInbox(db, { userId });
  return row?.id;
}

/**
 * Gives the user an Inbox unless they have one: of two at once, the unique index on the Inbox
 * keeps one and the other insert does nothing.
 */
export async function insertInboxIfMissing(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .insertInto("projects")
    .values({
      id: newId(),
      user_id: userId,
      name: INBOX_NAME,
      name_lower: INBOX_NAME.toLowerCase(),
      color: DEFAULT_PROJECT_COLOR,
      is_inbox: 1,
      archived: 0,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Which of `ids` are the user's projects. */
export async function selectOwnProjectIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("projects")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}
