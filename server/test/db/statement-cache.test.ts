import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "../../src/db/statement-cache";

/** An in-memory SQLite whose statements are counted as they are prepared. */
function countingDatabase() {
  const database = new SqliteDatabase(":memory:");
  const prepared: string[] = [];
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof database.prepare;
  return { database, prepared };
}

describe("prepared statements kept per SQLite connection", () => {
  let db: Kysely<{ items: { id: number; name: string } }> | undefined;

  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it("prepares a query's SQL once and reuses the statement for other values", async () => {
    const { database, prepared } = countingDatabase();
    db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    for (const [id, name] of [
      [1, "one"],
      [2, "two"],
      [3, "three"],
    ] as const)
      await db.insertInto("items").values({ id, name }).execute();
    const names = [];
    for (const id of [1, 2, 3])
      names.push((await db.selectFrom("items").select("name").where("id", "=", id).executeTakeFirst())?.name);

    expect(names).toEqual(["one", "two", "three"]);
    expect(prepared.filter((source) => source.startsWith("insert"))).toHaveLength(1);
    expect(prepared.filter((source) => source.startsWith("select"))).toHaveLength(1);
  });

  it("keeps at most its bound, dropping the least recently used", async () => {
    const { database, prepared } = countingDatabase();
    db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database, 3) }) });
    const select = (column: number) => sql.raw(`select ${column} as n`).execute(db!);

    for (const column of [1, 2, 3]) await select(column);
    await select(1); // kept: the most recently used now
    await select(4); // drops 2, the least recently used
    await select(1);
    await select(3);
    expect(prepared).toEqual(["select 1 as n", "select 2 as n", "select 3 as n", "select 4 as n"]);

    await select(2); // prepared again: it was dropped
    expect(prepared).toHaveLength(5);
    expect(prepared.at(-1)).toBe("select 2 as n");
  });

  it("closes the connection with the statements", async () => {
    const { database } = countingDatabase();
    db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    await sql`select 1`.execute(db);
    await db.destroy();
    db = undefined;
    expect(database.open).toBe(false);
  });
});
