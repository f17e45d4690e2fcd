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

/** The longest list a preparedListQuery sends in one statement (a longer one is split). */
export const MAX_LIST_VALUES = 64;

/** The list lengths a preparedListQuery is prepared for: a list goes as the next one up, padded. */
const LIST_LENGTHS = [1, 2, 4, 8, 16, 32, MAX_LIST_VALUES];

/**
 * preparedQuery for a query over a list of distinct values (`where … in (…)`), which `build`
 * receives as `values` and must pass on, unchanged, as a list (Kysely's `in`): one prepared
 * statement per length of LIST_LENGTHS, a list padded to the next length by repeating its last
 * value (`in` matches a row once however often its value is listed), a longer one split.
 *
 * Not `= any($1)` with the list as one array parameter: PostgreSQL then plans the statement anew at
 * every execution, prepared or not — a generic plan, made without the parameters' values, prices
 * an array of unknown length dearer than any custom plan for the actual one, so it is never chosen
 * — and that planning took longer than running the statement (the session lookup: 75 µs of
 * planning for 16 µs of execution). With one parameter per value the generic plan costs the same
 * as a custom one, and PostgreSQL keeps it after its fifth execution, as for other statements.
 */
export function preparedListQuery<DB, Rest extends unknown[], Row>(
  build: (db: Kysely<DB>, values: string[], ...rest: Rest) => Compilable<Row>,
  restArity = build.length - 2,
): (db: Kysely<DB>, values: readonly string[], ...rest: Rest) => Promise<Row[]> {
  const byLength = LIST_LENGTHS.map((length) =>
    compiledOnce(
      (db: Kysely<DB>, ...args: unknown[]) =>
        build(db, args.slice(0, length) as string[], ...(args.slice(length) as Rest)),
      length + restArity,
    ),
  );
  return async (db, values, ...rest) => {
    const rows: Row[] = [];
    for (let start = 0; start < values.length; start += MAX_LIST_VALUES) {
      const part = values.slice(start, start + MAX_LIST_VALUES);
      const index = LIST_LENGTHS.findIndex((length) => length >= part.length);
      const padding = Array<string>(LIST_LENGTHS[index]! - part.length).fill(part[part.length - 1]!);
      const query = byLength[index]!(db, ...part, ...padding, ...rest);
      rows.push(...(await db.executeQuery<Row>(query)).rows);
    }
    return rows;
  };
}
