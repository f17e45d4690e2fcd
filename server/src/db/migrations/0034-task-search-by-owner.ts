import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

const FIELDS = ["title", "description", "tags"];

/**
 * PostgreSQL: one trigram index of the tasks by owner and project, replacing the three of 0018.
 * Those held every user's tasks, so a search read all users' matches (38,000 titles with
 * "invoice" on a server of 376 users) and kept its user's after. A GIN index over user_id,
 * project_id (btree_gin) and the three lowered fields (pg_trgm) finds one user's matches, or one
 * project's, by intersecting their entries: a search reads what its user can see. One index in
 * place of three, so a write files its entries in one pending list, kept to 128 kB as 0033 kept
 * theirs. Built inside the migration's transaction: writes to tasks wait for it (20–40 s per
 * 600,000 tasks on a 2-core machine). Where pg_trgm or btree_gin cannot be created, the indexes
 * stay as they were; SQLite's FTS5 index is untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`savepoint task_search_extensions`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create extension if not exists btree_gin`.execute(db);
    await sql`release savepoint task_search_extensions`.execute(db);
  } catch {
    await sql`rollback to savepoint task_search_extensions`.execute(db);
    return;
  }
  const trigrams = sql.join(FIELDS.map((field) => sql`lower(${sql.ref(field)}) gin_trgm_ops`));
  await sql`create index tasks_owner_trigram on tasks using gin (user_id, project_id, ${trigrams})
    with (gin_pending_list_limit = 128)`.execute(db);
  for (const field of FIELDS) await sql`drop index if exists ${sql.id(`tasks_${field}_trigram`)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const { rows } = await sql`select 1 from pg_class where relname = 'tasks_owner_trigram'`.execute(db);
  if (rows.length === 0) return;
  for (const field of FIELDS) {
    await sql`create index ${sql.id(`tasks_${field}_trigram`)} on tasks using gin (lower(${sql.ref(field)}) gin_trgm_ops)
      with (gin_pending_list_limit = 128)`.execute(db);
  }
  await sql`drop index tasks_owner_trigram`.execute(db);
}
