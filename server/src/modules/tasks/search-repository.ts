import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { TaskPriority, TaskStatus } from "@contract/tasks";
import type { Database } from "../../db/schema";

/** What the list query narrows in SQL; the service re-checks tags and search exactly. */
export interface TaskQueryFilters {
  statuses?: readonly TaskStatus[];
  priorities?: readonly TaskPriority[];
  /** Any of these tags (case-insensitive). */
  tags?: readonly string[];
  hasDueDate?: boolean;
  search?: string;
  /** Only the tasks of this project (already known to be the user's, or shared with the user). */
  projectId?: string;
  /** Besides the user's own tasks, those of these projects others share with the user. */
  sharedProjectIds?: readonly string[];
}

/**
 * Text SQLite's trigram index (task_search) answers exactly as the LIKE pre-selection would: at
 * least one trigram (3 characters), printable ASCII (the index and SQLite's lower() fold those
 * alike), and nothing the tags' JSON text spells differently (a quote, a backslash).
 */
function indexable(search: string): boolean {
  return /^[\x20-\x7e]{3,}$/.test(search) && !/["\\]/.test(search);
}

/**
 * Text PostgreSQL's trigram index can look up: three letters or digits in a row make at least one
 * trigram of the LIKE pattern (pg_trgm splits words at other characters, and the pattern stands
 * `_` for each letter beyond ASCII). Other text is compared task by task, whatever the index.
 */
function hasTrigram(search: string): boolean {
  return /[a-z0-9]{3}/i.test(search);
}

/**
 * The condition on `tasks` that keeps a search's candidates through SQLite's trigram index: the
 * tasks whose title, description or tags contain the text, found without reading the others.
 * undefined where the LIKE pre-selection must do it: on PostgreSQL (whose trigram index serves
 * that LIKE as it is, see visibleMatching) and for text the index cannot answer alike.
 */
function indexedSearchCandidates(
  search: string,
  engine: { postgres: boolean },
): RawBuilder<SqlBool> | undefined {
  if (engine.postgres || !indexable(search)) return undefined;
  // A quoted FTS5 string: the trigram tokenizer matches it as a substring of any indexed column.
  const phrase = `"${search.replaceAll('"', '""')}"`;
  return sql<SqlBool>`tasks.rowid in (select rowid from task_search where task_search match ${phrase})`;
}

/** The user's own tasks, and those of the projects shared with the user. */
export function ownOrShared(
  eb: ExpressionBuilder<Database, "tasks">,
  userId: string,
  filters: TaskQueryFilters,
) {
  const own = eb("user_id", "=", userId);
  if (!filters.sharedProjectIds?.length) return own;
  return eb.or([own, eb("project_id", "in", [...filters.sharedProjectIds])]);
}

/** `%`, `_` and the escape character itself match literally (used with ESCAPE '\'). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `lower(column) LIKE lower(pattern)`, portable. Both sides go through the database's own lower()
 * so they fold alike. SQLite's folds only ASCII letters, so the pattern stands `_` (any one
 * character) for each other character: "über" looks for "_ber", which finds "Über" and "aber"
 * alike, and the service keeps the exact matches (exactMatcher, which folds every letter). The
 * LIKE only pre-selects, and must never miss one.
 */
function lowerLike(column: "title" | "description" | "tags", pattern: string) {
  const anyNonAscii = pattern.replace(/[^\0-\x7f]/gu, "_");
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(cast(${anyNonAscii} as text)) escape '\\'`;
}

/**
 * Tags are a JSON array of strings, so a tag appears in the text as its JSON encoding with the
 * quotes (`"work"`). Matching on that is portable; it can over-match (a tag containing an escaped
 * quote), never under-match, and the service keeps only exact matches.
 */
function tagPattern(tag: string): string {
  return `%${escapeLike(JSON.stringify(tag))}%`;
}

function searchPatterns(search: string): { text: string; tags: string } {
  return {
    text: `%${escapeLike(search)}%`,
    // Inside the JSON text quotes and backslashes are escaped: search for the encoded form.
    tags: `%${escapeLike(JSON.stringify(search).slice(1, -1))}%`,
  };
}

/** A search's pre-selection: the text in the title, the description or the tags' JSON text. */
function searchFields(search: string) {
  const patterns = searchPatterns(search);
  return [
    lowerLike("title", patterns.text),
    lowerLike("description", patterns.text),
    lowerLike("tags", patterns.tags),
  ];
}

function applyFilters(
  eb: ExpressionBuilder<Database, "tasks">,
  filters: TaskQueryFilters,
  engine: { postgres: boolean },
) {
  const conditions = [];
  if (filters.statuses?.length) conditions.push(eb("status", "in", filters.statuses));
  if (filters.priorities?.length) conditions.push(eb("priority", "in", filters.priorities));
  if (filters.tags?.length)
    conditions.push(eb.or(filters.tags.map((tag) => lowerLike("tags", tagPattern(tag)))));
  if (filters.projectId !== undefined) conditions.push(eb("project_id", "=", filters.projectId));
  if (filters.hasDueDate !== undefined) {
    conditions.push(eb("due_date", filters.hasDueDate ? "is not" : "is", null));
  }
  if (filters.search) {
    conditions.push(indexedSearchCandidates(filters.search, engine) ?? eb.or(searchFields(filters.search)));
  }
  return eb.and(conditions);
}

/**
 * The tasks the user may see (ownOrShared) that match `filters`. On PostgreSQL a search among
 * their own and shared projects' tasks is written as one OR of (owner, field) pairs, each of
 * which the trigram index by owner (tasks_owner_trigram) answers alone: written as (own or
 * shared) and (title or description or tags), or with the same field conditions in both owners'
 * arms (which PostgreSQL factors back out), it read every user's matches, or every task the user
 * can see. Only for text with a trigram: for shorter text each pair read the owner's tasks again.
 */
export function visibleMatching(
  eb: ExpressionBuilder<Database, "tasks">,
  userId: string,
  filters: TaskQueryFilters,
  engine: { postgres: boolean },
) {
  const { search, sharedProjectIds } = filters;
  if (!engine.postgres || !search || !sharedProjectIds?.length || !hasTrigram(search))
    return eb.and([ownOrShared(eb, userId, filters), applyFilters(eb, filters, engine)]);
  const owners = [eb("user_id", "=", userId), eb("project_id", "in", [...sharedProjectIds])];
  const fields = searchFields(search);
  return eb.and([
    eb.or(owners.flatMap((owner) => fields.map((field) => eb.and([owner, field])))),
    applyFilters(eb, { ...filters, search: undefined }, engine),
  ]);
}
