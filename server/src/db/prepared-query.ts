import { CompiledQuery, type Compilable, type DialectAdapter, type Kysely } from "kysely";

/** Stands for argument `index` while the query is built; never a real value (it holds NUL). */
const slotValue = (index: number) => `\u0000prepared-query-argument-${index}\u0000`;

const compiledOnceTexts = new Set<string>();

/** The SQL text is one that compiledOnce (or preparedQuery) made: one of a fixed few. */
export function isCompiledOnce(sql: string): boolean {
  return compiledOnceTexts.has(sql);
}

interface Prepared {
  sql: string;
  /** Per bound parameter: the index of the argument it takes, or the constant it always is. */
  parameters: Array<{ argument: number } | { constant: unknown }>;
}

/**
 * A query whose shape never changes, built and compiled by Kysely once per SQL dialect and then
 * run with new values. Building and compiling a query with Kysely takes longer than SQLite takes
 * to answer a lookup by key, and the hot calls (the session lookup of every request, the task a
 * PUT changes) run one for each request.
 *
 * `build` receives stand-ins for the arguments and must pass each one on as a value (a bound
 * parameter), unchanged: an argument it inspects, transforms or splices into the SQL is refused
 * when the query is first prepared.
 */
export function preparedQuery<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compile = compiledOnce(build);
  return async (db, ...args) => (await db.executeQuery<Row>(compile(db, ...args))).rows;
}

/**
 * preparedQuery's compiled query with the given values, for the caller to run (see executeWrite).
 * `arity`: how many arguments follow `db`, for a `build` with a rest parameter (by default, the
 * ones it declares).
 */
export function compiledOnce<DB, Args extends unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  arity = build.length - 1,
): (db: Kysely<DB>, ...args: Args) => CompiledQuery<Row> {
  const byDialect = new WeakMap<DialectAdapter, Prepared>();

  const prepare = (db: Kysely<DB>): Prepared => {
    const stands = Array.from({ length: arity }, (_, index) => slotValue(index));
    const compiled = build(db, ...(stands as Args)).compile();
    const parameters = compiled.parameters.map((value) => {
      const argument = stands.indexOf(value as string);
      return argument === -1 ? { constant: value } : { argument };
    });
    stands.forEach((_, index) => {
      if (!parameters.some((parameter) => "argument" in parameter && parameter.argument === index)) {
        throw new Error(`preparedQuery: argument ${index} is not passed on as a value in ${compiled.sql}`);
      }
    });
    if (compiled.sql.includes("\u0000"))
      throw new Error(`preparedQuery: an argument was spliced into ${compiled.sql}`);
    compiledOnceTexts.add(compiled.sql);
    return { sql: compiled.sql, parameters };
  };

  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let prepared = byDialect.get(adapter);
    if (!prepared) {
      prepared = prepare(db);
      byDialect.set(adapter, prepared);
    }
    const values = prepared.parameters.map((parameter) =>
      "argument" in parameter ? args[parameter.argument] : parameter.constant,
    );
    return CompiledQuery.raw(prepared.sql, values) as CompiledQuery<Row>;
  };
}
