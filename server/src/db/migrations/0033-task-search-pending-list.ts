import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

const TRIGRAM_INDEXES = ["tasks_title_trigram", "tasks_description_trigram", "tasks_tags_trigram"];

/**
 * PostgreSQL: the tasks' trigram indexes (0018) keep at most 128 kB of new entries unmerged, not
 * the server's default 4 MB. A GIN index files a written task's trigrams in a pending list, merged
 * in batches, and every search reads that whole list: after a few thousand writes a search read
 * hundreds of pending pages (15 ms, not 3) or, seeing them, PostgreSQL read all of the user's tasks
 * instead. Merging every 16 pages costs a write about what merging every 512 does; turning the
 * list off (fastupdate) made each write ten times dearer. Where the indexes were left out (no
 * pg_trgm), nothing to do; SQLite's FTS5 index has no such list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of TRIGRAM_INDEXES)
    await sql`alter index if exists ${sql.id(index)} set (gin_pending_list_limit = 128)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of TRIGRAM_INDEXES)
    await sql`alter index if exists ${sql.id(index)} reset (gin_pending_list_limit)`.execute(db);
}
