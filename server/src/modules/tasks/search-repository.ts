import { sql, type RawBuilder, type SqlBool } from "kysely";

/**
 * Text SQLite's trigram index (task_search) answers exactly as the LIKE pre-selection would: at
 * least one trigram (3 characters), printable ASCII (the index and SQLite's lower() fold those
 * alike), and nothing the tags' JSON text spells differently (a quote, a backslash).
 */
function indexable(search: string): boolean {
  return /^[\x20-\x7e]{3,}$/.test(search) && !/["\\]/.test(search);
}

/**
 * The condition on `tasks` that keeps a search's candidates through SQLite's trigram index: the
 * tasks whose title, description or tags contain the text, found without reading the others.
 * undefined where the LIKE pre-selection must do it: on PostgreSQL (whose trigram indexes serve
 * that LIKE as it is) and for text the index cannot answer alike.
 */
export function indexedSearchCandidates(
  search: string,
  engine: { postgres: boolean },
): RawBuilder<SqlBool> | undefined {
  if (engine.postgres || !indexable(search)) return undefined;
  // A quoted FTS5 string: the trigram tokenizer matches it as a substring of any indexed column.
  const phrase = `"${search.replaceAll('"', '""')}"`;
  return sql<SqlBool>`tasks.rowid in (select rowid from task_search where task_search match ${phrase})`;
}
