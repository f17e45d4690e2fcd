import type { Insertable, Updateable } from "kysely";
import { isPostgres, type Db } from "../../db/database";
import type { ProjectRow, ProjectsTable } from "../../db/schema";

export type ProjectWithCount = ProjectRow & { open_count: number };

/** The user's projects, each with how many of its tasks are pending or in progress. */
export async function selectProjects(db: Db, userId: string): Promise<ProjectWithCount[]> {
  const rows = await db
    .selectFrom("projects")
    .selectAll("projects")
    .select((eb) =>
      eb
        .selectFrom("tasks")
        .select(eb.fn.countAll<number>().as("count"))
        .where("tasks.user_id", "=", userId)
        .whereRef("tasks.project_id", "=", "projects.id")
        .where("tasks.status", "in", ["pending", "inprogress"])
        .as("open_count"),
    )
    .where("projects.user_id", "=", userId)
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

/** The tasks of a project, with what deleting them needs. */
export async function selectProjectTasks(
  db: Db,
  userId: string,
  projectId: string,
): Promise<Array<{ id: string; remind_at: string | null }>> {
  return db
    .selectFrom("tasks")
    .select(["id", "remind_at"])
    .where("user_id", "=", userId)
    .where("project_id", "=", projectId)
    .execute();
}

/** Moves every task of one project into another (subtrees stay whole); how many moved. */
export async function moveProjectTasks(
  db: Db,
  userId: string,
  fromId: string,
  toId: string,
  nowIso: string,
): Promise<number> {
  const result = await db
    .updateTable("tasks")
    .set({ project_id: toId, updated_at: nowIso })
    .where("user_id", "=", userId)
    .where("project_id", "=", fromId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
