import { CompiledQuery, type Compilable } from "kysely";
import { isPostgres, type Db } from "./database";

/** Stands for the value of one argument while a template's query is built. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  sql: string;
  /** Each parameter of `sql`, in order: an argument's name (a Slot) or a value the query fixed. */
  parameters: readonly unknown[];
}

/** Arguments of a template: scalar values by name; an undefined one is left out, as Kysely does. */
type Arguments = Record<string, unknown>;

/**
 * A query Kysely builds and compiles once per engine and set of arguments, then runs with each
 * call's values: for the statements every request or every task write sends, where building the
 * query's node tree and compiling it cost more CPU than SQLite's run of it (a session's lookup
 * about 60 µs, a task's insert 30–60 µs, on a busy machine). `build` receives stand-ins for the
 * arguments and must pass each to Kysely as a value (a column's value, a comparison's operand),
 * never inspect it (a list's SQL, `in (?, ?)`, depends on its length: not an argument): the
 * compiled SQL is checked to carry every argument as a parameter, so one that Kysely wrote into
 * the SQL text is refused. It is the SQL text the query built anew has, so PostgreSQL's prepared
 * statements and SQLite's statement cache serve it alike.
 */
export function queryTemplate<Args extends Arguments, Row>(
  build: (db: Db, args: Args) => Compilable<Row>,
): (db: Db, args: Args) => Promise<Row[]> {
  const compiled = new Map<string, Compiled>();
  return async (db, args) => {
    const names = Object.keys(args).filter((name) => args[name] !== undefined);
    const key = `${isPostgres(db) ? "postgres" : "sqlite"}:${names.join(",")}`;
    let template = compiled.get(key);
    if (!template) {
      template = compile(db, build, names);
      compiled.set(key, template);
    }
    const parameters = template.parameters.map((value) => (value instanceof Slot ? args[value.name] : value));
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return rows;
  };
}

function compile<Args extends Arguments>(
  db: Db,
  build: (db: Db, args: Args) => Compilable<unknown>,
  names: readonly string[],
): Compiled {
  const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as Args;
  const { sql, parameters } = build(db, slots).compile();
  for (const name of names) {
    if (!parameters.some((value) => value instanceof Slot && value.name === name))
      throw new Error(`Query template: "${name}" is not a parameter of ${sql}`);
  }
  return { sql, parameters };
}
