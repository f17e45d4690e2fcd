import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { keepPreparedStatements } from "../../src/db/postgres-statements";

const databaseUrl = process.env.TEST_DATABASE_URL;

interface Items {
  statement_cache_items: { id: number; name: string };
}

/** A one-connection Kysely whose client keeps `max` statements, and that connection's prepared statements. */
function database(max: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on("connect", (client) => keepPreparedStatements(client, max));
  const db = new Kysely<Items>({ dialect: new PostgresDialect({ pool }) });
  // A query given as an object is sent as it is, so this one is never kept itself.
  const prepared = async () => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ statement: string }>({
        text: "select statement from pg_prepared_statements order by prepare_time",
      });
      return rows.map((row) => row.statement);
    } finally {
      client.release();
    }
  };
  return { db, prepared };
}

describe.runIf(databaseUrl)("prepared statements kept per PostgreSQL connection", () => {
  let db: Kysely<Items> | undefined;

  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it("prepares a query's SQL once and runs it again for other values", async () => {
    const opened = database(10);
    db = opened.db;
    await sql`create temporary table statement_cache_items (id integer primary key, name text not null)`.execute(
      db,
    );
    for (const [id, name] of [
      [1, "one"],
      [2, "two"],
      [3, "three"],
    ] as const)
      await db.insertInto("statement_cache_items").values({ id, name }).execute();
    const names = [];
    for (const id of [1, 2, 3])
      names.push(
        (await db.selectFrom("statement_cache_items").select("name").where("id", "=", id).executeTakeFirst())
          ?.name,
      );

    expect(names).toEqual(["one", "two", "three"]);
    const statements = await opened.prepared();
    expect(statements.filter((text) => text.startsWith("insert"))).toHaveLength(1);
    expect(statements.filter((text) => text.startsWith("select"))).toHaveLength(1);
  });

  it("keeps at most its bound, deallocating the least recently used", async () => {
    const opened = database(3);
    db = opened.db;
    const selectOne = (column: number) => db!.selectNoFrom(sql.lit(column).as("n"));

    for (const column of [1, 2, 3]) await selectOne(column).execute();
    await selectOne(1).execute(); // kept: the most recently used now
    await selectOne(4).execute(); // drops 2, the least recently used
    const kept = (await opened.prepared()).map((text) => /select (\d+)/.exec(text)?.[1]);
    expect(kept.sort()).toEqual(["1", "3", "4"]);
    // Prepared again under a new name: the dropped one is gone.
    expect((await selectOne(2).execute())[0]?.n).toBe(2);
  });

  it("leaves a LIKE unprepared, so each search is planned for its pattern", async () => {
    const opened = database(10);
    db = opened.db;
    await sql`create temporary table statement_cache_items (id integer primary key, name text not null)`.execute(
      db,
    );
    await db.insertInto("statement_cache_items").values({ id: 1, name: "invoice" }).execute();
    // More than the five runs after which PostgreSQL may settle on a generic plan.
    for (const pattern of ["%inv%", "%voice%", "%qu%", "%in%", "%ice%", "%o%", "%invoice%"])
      await db.selectFrom("statement_cache_items").select("id").where("name", "like", pattern).execute();

    expect(await opened.prepared()).toEqual([expect.stringMatching(/^insert into "statement_cache_items"/)]);
  });

  it("leaves `select *` and statements other than queries unprepared", async () => {
    const opened = database(10);
    db = opened.db;
    await sql`create temporary table statement_cache_items (id integer primary key, name text not null)`.execute(
      db,
    );
    await db.insertInto("statement_cache_items").values({ id: 1, name: "one" }).execute();
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("statement_cache_items").selectAll().where("id", "=", 1).execute();
    });
    expect(await opened.prepared()).toEqual([expect.stringMatching(/^insert into "statement_cache_items"/)]);
  });
});
