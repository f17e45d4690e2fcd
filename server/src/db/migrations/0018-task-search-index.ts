import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * An index for searching tasks by a piece of their title, description or tags, so a search reads
 * the tasks that contain the text instead of every task of the user.
 *
 * SQLite: task_search, an FTS5 table with the trigram tokenizer over the tasks' own columns
 * (external content: it keeps only the index, keyed by the task's rowid), kept current by
 * triggers on tasks, so every writer, of any release, keeps it. After a VACUUM (which may renumber
 * rowids) `INSERT INTO task_search(task_search) VALUES('rebuild')` builds it again.
 *
 * PostgreSQL: trigram (pg_trgm) GIN indexes on lower(title), lower(description) and lower(tags),
 * which the search's `lower(column) LIKE '%…%'` uses as they are. pg_trgm ships with PostgreSQL
 * and a database owner may create it; where the extension cannot be created the migration leaves
 * the indexes out and searching reads the user's tasks as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`savepoint task_search_extension`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint task_search_extension`.execute(db);
    } catch {
      await sql`rollback to savepoint task_search_extension`.execute(db);
      return;
    }
    for (const column of ["title", "description", "tags"]) {
      await sql`create index ${sql.id(`tasks_${column}_trigram`)} on tasks using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await sql`create virtual table task_search using fts5(title, description, tags, content = 'tasks', tokenize = 'trigram')`.execute(
    db,
  );
  await sql`insert into task_search(task_search) values ('rebuild')`.execute(db);
  const indexNew = sql`insert into task_search(rowid, title, description, tags)
    values (new.rowid, new.title, new.description, new.tags);`;
  const forgetOld = sql`insert into task_search(task_search, rowid, title, description, tags)
    values ('delete', old.rowid, old.title, old.description, old.tags);`;
  await sql`create trigger task_search_insert after insert on tasks begin ${indexNew} end`.execute(db);
  await sql`create trigger task_search_delete after delete on tasks begin ${forgetOld} end`.execute(db);
  await sql`create trigger task_search_update after update of title, description, tags on tasks
    begin ${forgetOld} ${indexNew} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const column of ["title", "description", "tags"]) {
      await sql`drop index if exists ${sql.id(`tasks_${column}_trigram`)}`.execute(db);
    }
    return;
  }
  for (const trigger of ["task_search_insert", "task_search_delete", "task_search_update"]) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists task_search`.execute(db);
}
