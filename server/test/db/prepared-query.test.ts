import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres, type Db } from "../../src/db/database";
import { MAX_LIST_VALUES, preparedListQuery, preparedQuery } from "../../src/db/prepared-query";
import { newId } from "../../src/lib/ids";
import { testDatabase } from "../helpers";

describe("preparedQuery", () => {
  let db: Db;
  const ids = [newId(), newId()];
  beforeAll(async () => {
    db = await testDatabase();
    const now = new Date().toISOString();
    for (const [index, id] of ids.entries()) {
      await db
        .insertInto("users")
        .values({
          id,
          email: `prepared-${index}-${id}@example.com`,
          email_lower: `prepared-${index}-${id}@example.com`,
          username: `prepared-${id}-${index}`,
          username_lower: `prepared-${id}-${index}`,
          password_hash: "not a hash",
          first_name: index === 0 ? "Ada" : null,
          last_name: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("answers as the query built each time does, with new values on every call", async () => {
    const byId = preparedQuery((db: Db, id: string) =>
      db.selectFrom("users").select(["id", "first_name"]).where("id", "=", id).where("is_premium", "=", 0),
    );
    for (const id of [...ids, ids[0] as string, "nobody"]) {
      const expected = await db
        .selectFrom("users")
        .select(["id", "first_name"])
        .where("id", "=", id)
        .where("is_premium", "=", 0)
        .execute();
      expect(await byId(db, id)).toEqual(expected);
    }
  });

  it("runs inside a transaction on the transaction's connection", async () => {
    const firstName = preparedQuery((db: Db, id: string) =>
      db.selectFrom("users").select("first_name").where("id", "=", id),
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ first_name: "Grace" })
        .where("id", "=", ids[1] as string)
        .execute();
      expect(await firstName(trx, ids[1] as string)).toEqual([{ first_name: "Grace" }]);
    });
  });

  it("refuses a query that splices an argument into its SQL instead of binding it", async () => {
    const spliced = preparedQuery((db: Db, column: string) =>
      db.selectFrom("users").select(sql.ref(column).as("value")),
    );
    await expect(spliced(db, "email")).rejects.toThrow(/not passed on as a value/);
  });

  it("keeps answering, selecting `*` or not, after a column is added to its table", async () => {
    // On PostgreSQL a query compiled once runs as a named prepared statement unless it selects
    // `*`, whose result would change shape (PostgreSQL refuses to run it then).
    await sql`create table if not exists prepared_scratch (id text primary key, name text not null)`.execute(
      db,
    );
    await sql`delete from prepared_scratch`.execute(db);
    await sql`insert into prepared_scratch (id, name) values ('a', 'Ada')`.execute(db);
    type Scratch = Kysely<{ prepared_scratch: { id: string; name: string } }>;
    const named = preparedQuery((db: Scratch, id: string) =>
      db.selectFrom("prepared_scratch").select(["id", "name"]).where("id", "=", id),
    );
    const all = preparedQuery((db: Scratch, id: string) =>
      db.selectFrom("prepared_scratch").selectAll().where("id", "=", id),
    );
    const scratch = db as unknown as Scratch;
    try {
      // Twice on every connection of the pool, so each has prepared what it prepares.
      for (let round = 0; round < 2; round += 1) {
        await Promise.all(Array.from({ length: 12 }, () => named(scratch, "a")));
        await Promise.all(Array.from({ length: 12 }, () => all(scratch, "a")));
      }
      await sql`alter table prepared_scratch add column extra text`.execute(db);
      for (let round = 0; round < 2; round += 1) {
        for (const rows of await Promise.all(Array.from({ length: 12 }, () => named(scratch, "a"))))
          expect(rows).toEqual([{ id: "a", name: "Ada" }]);
        for (const rows of await Promise.all(Array.from({ length: 12 }, () => all(scratch, "a"))))
          expect(rows).toEqual([{ id: "a", name: "Ada", extra: null }]);
      }
    } finally {
      await sql`drop table prepared_scratch`.execute(db);
    }
  });

  it("prepares a query again that failed to prepare, once its table exists", async () => {
    // On PostgreSQL a named statement is parsed on each connection the first time it runs there;
    // a parse that failed must not leave the connection believing it has the statement.
    await sql`drop table if exists prepared_later`.execute(db);
    type Later = Kysely<{ prepared_later: { id: string } }>;
    const byId = preparedQuery((db: Later, id: string) =>
      db.selectFrom("prepared_later").select("id").where("id", "=", id),
    );
    const later = db as unknown as Later;
    const everyConnection = () => Promise.allSettled(Array.from({ length: 12 }, () => byId(later, "a")));
    try {
      for (const outcome of await everyConnection())
        expect(outcome).toMatchObject({
          status: "rejected",
          reason: { message: expect.stringMatching(/prepared_later/) },
        });
      // In a transaction too: its BEGIN goes with the statement that fails.
      await expect(db.transaction().execute((trx) => byId(trx as unknown as Later, "a"))).rejects.toThrow(
        /prepared_later/,
      );
      await sql`create table prepared_later (id text primary key)`.execute(db);
      await sql`insert into prepared_later (id) values ('a')`.execute(db);
      for (const outcome of await everyConnection())
        expect(outcome).toEqual({ status: "fulfilled", value: [{ id: "a" }] });
    } finally {
      await sql`drop table if exists prepared_later`.execute(db);
    }
  });

  describe("preparedListQuery", () => {
    type Scratch = Kysely<{ prepared_list_scratch: { id: string; name: string } }>;
    const keys = Array.from({ length: 300 }, (_, index) => `key-${String(index).padStart(3, "0")}`);
    const byIds = preparedListQuery((db: Scratch, ids: string[], name: string) =>
      db.selectFrom("prepared_list_scratch").select("id").where("id", "in", ids).where("name", "=", name),
    );
    const scratch = () => db as unknown as Scratch;
    beforeAll(async () => {
      await sql`create table prepared_list_scratch (id text primary key, name text not null)`.execute(db);
      await scratch()
        .insertInto("prepared_list_scratch")
        .values(keys.map((id, index) => ({ id, name: index % 3 === 0 ? "third" : "other" })))
        .execute();
    });
    afterAll(async () => {
      await sql`drop table prepared_list_scratch`.execute(db);
    });

    it("finds each matching row once, for lists of any length, padded or split", async () => {
      const lengths = [0, 1, 2, 3, 5, MAX_LIST_VALUES, MAX_LIST_VALUES + 1, 2 * MAX_LIST_VALUES + 3];
      const evenKeys = keys.filter((_, index) => index % 2 === 0);
      for (const length of lengths) {
        // Every other key, and last one that matches nothing, so padding repeats a missing value.
        const ids = length === 0 ? [] : [...evenKeys.slice(0, length - 1), "nobody"];
        expect(ids).toHaveLength(length);
        const expected = ids.filter((id) => id !== "nobody" && keys.indexOf(id) % 3 === 0);
        const rows = await byIds(scratch(), ids, "third");
        expect(rows.map((row) => row.id).sort()).toEqual(expected.sort());
      }
    });

    it("is planned once per connection on PostgreSQL, not at every execution", async ({ skip }) => {
      if (!isPostgres(db)) skip("PostgreSQL only: SQLite plans no prepared statement of ours");
      // One connection: the transaction's. A list of three goes as a statement for four.
      await db.transaction().execute(async (trx) => {
        for (let run = 0; run < 10; run += 1)
          expect(await byIds(trx as unknown as Scratch, keys.slice(0, 3), "third")).toEqual([
            { id: "key-000" },
          ]);
        const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
          select generic_plans, custom_plans from pg_prepared_statements
          where statement like '%prepared_list_scratch%' and statement like '%$4)%'`.execute(trx);
        expect(rows).toHaveLength(1);
        // PostgreSQL plans a prepared statement for its first five executions' values, then keeps
        // a generic plan when that costs no more than theirs.
        expect(rows[0]?.custom_plans).toBe(5);
        expect(rows[0]?.generic_plans).toBeGreaterThanOrEqual(5);
      });
    });
  });
});
