import { LRUCache } from "lru-cache";
import type pg from "pg";

/** How many prepared statements one PostgreSQL connection keeps. */
export const POSTGRES_STATEMENTS_KEPT = 200;

/**
 * SQL kept as a prepared statement: a query (not BEGIN, COMMIT or a migration's DDL) whose
 * result columns are named. A `*` is left out: a column added by a later release's migration
 * during a rolling upgrade would change what `select *` returns, and PostgreSQL refuses to run a
 * kept statement whose result changed ("cached plan must not change result type").
 *
 * A `like` is left out too: its best plan depends on the pattern (the trigram indexes for
 * `%invoice%`, none for `%qu%`, too short for a trigram), and after five runs PostgreSQL may
 * switch a kept statement to one generic plan for every pattern. An unnamed statement is
 * planned for its values each time (`qu` among 10,000 tasks: 10 ms, not 60 on the generic plan).
 */
function worthKeeping(text: string): boolean {
  return (
    /^\s*(select|insert|update|delete|with)\b/i.test(text) && !text.includes("*") && !/\bi?like\b/i.test(text)
  );
}

/** pg's record of the statements a connection has prepared (not in its types). */
interface PreparedBook {
  connection?: {
    parsedStatements?: Record<string, unknown>;
    submittedNamedStatements?: Record<string, unknown>;
  };
}

let names = 0;

/**
 * Makes `client` keep each query's prepared statement for the next query with the same SQL text,
 * as `statement-cache.ts` does for SQLite. Kysely sends every query unnamed, so PostgreSQL parsed
 * and planned it again each time: planning the session lookup's join cost its backend 0.2 ms,
 * five times running it. A named statement is parsed once per connection, and PostgreSQL plans
 * it once for all values when that plan is no worse (plan_cache_mode auto). Bounded, least
 * recently used first out, each dropped one deallocated (SQL built for n values differs with n).
 */
export function keepPreparedStatements(client: pg.PoolClient, max: number = POSTGRES_STATEMENTS_KEPT): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const book = (client as unknown as PreparedBook).connection;
  const statements = new LRUCache<string, string>({
    max,
    dispose: (name) => {
      // Queued before the query that pushed it out; names are never reused, so a failed
      // DEALLOCATE leaves an unused statement behind, never a wrong one.
      if (book?.parsedStatements?.[name] === undefined) return;
      delete book.parsedStatements[name];
      delete book.submittedNamedStatements?.[name];
      (query(`deallocate "${name}"`) as Promise<unknown>).catch(() => undefined);
    },
  });
  client.query = ((...args: unknown[]) => {
    const [text, values, ...rest] = args;
    if (typeof text !== "string" || !Array.isArray(values) || rest.length > 0 || !worthKeeping(text))
      return query(...args);
    let name = statements.get(text);
    if (name === undefined) {
      names += 1;
      name = `s${names}`;
      statements.set(text, name);
    }
    return query({ name, text, values });
  }) as typeof client.query;
}
