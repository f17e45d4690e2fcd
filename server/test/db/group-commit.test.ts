import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeWrite, inTransaction, isPostgres, isUniqueViolation, type Db } from "../../src/db/database";
import { GroupCommit } from "../../src/db/group-commit";
import { newId } from "../../src/lib/ids";
import { testDatabase } from "../helpers";

interface Scratch {
  notes: { id: string; text: string };
}

/** An in-memory SQLite that records every statement it runs, and when each write was answered. */
function loggedDatabase() {
  const events: string[] = [];
  const db = new Kysely<Scratch>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(":memory:") }),
    log: (event) => {
      if (event.level === "query") events.push(event.query.sql.toLowerCase());
    },
  });
  return { db, events };
}

describe.each([
  { savepoints: true, strategy: "with a savepoint per write" },
  { savepoints: false, strategy: "all or nothing, each write again alone after a failure" },
])("group commit, $strategy", ({ savepoints }) => {
  it("commits the writes that arrive together in one transaction, and answers each only after it", async () => {
    const { db, events } = loggedDatabase();
    await sql`create table notes (id text primary key, text text not null)`.execute(db);
    const group = new GroupCommit(db, { savepoints });
    events.length = 0;

    const writes = Array.from({ length: 10 }, (_, index) =>
      group
        .run(async (trx) => {
          await trx
            .insertInto("notes")
            .values({ id: `n${index}`, text: `note ${index}` })
            .execute();
          return index;
        })
        .then((value) => {
          events.push(`answered ${value}`);
          return value;
        }),
    );
    expect(await Promise.all(writes)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    expect(events.filter((event) => event === "begin")).toHaveLength(1);
    expect(events.filter((event) => event === "commit")).toHaveLength(1);
    const commitAt = events.indexOf("commit");
    const answers = events.flatMap((event, index) => (event.startsWith("answered") ? [index] : []));
    expect(answers).toHaveLength(10);
    expect(Math.min(...answers)).toBeGreaterThan(commitAt);
    expect(await db.selectFrom("notes").select("id").execute()).toHaveLength(10);
    await db.destroy();
  });

  it("runs a write that arrives alone in a transaction of its own, without a savepoint", async () => {
    const { db, events } = loggedDatabase();
    await sql`create table notes (id text primary key, text text not null)`.execute(db);
    const group = new GroupCommit(db, { savepoints });
    events.length = 0;
    await group.run((trx) => trx.insertInto("notes").values({ id: "a", text: "alone" }).execute());
    expect(events.filter((event) => !event.startsWith("insert"))).toEqual(["begin", "commit"]);
    await db.destroy();
  });

  it("rolls back a write that fails alone: its caller gets its error, the others are committed", async () => {
    const { db } = loggedDatabase();
    await sql`create table notes (id text primary key, text text not null)`.execute(db);
    const group = new GroupCommit(db, { savepoints });
    const failure = new Error("the second write changed its mind");
    const results = await Promise.allSettled([
      group.run((trx) => trx.insertInto("notes").values({ id: "a", text: "first" }).execute()),
      group.run(async (trx) => {
        await trx.insertInto("notes").values({ id: "b", text: "second" }).execute();
        throw failure;
      }),
      group.run((trx) => trx.insertInto("notes").values({ id: "c", text: "third" }).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[1]).toMatchObject({ reason: failure });
    const ids = await db.selectFrom("notes").select("id").orderBy("id").execute();
    expect(ids.map((row) => row.id)).toEqual(["a", "c"]);
    await db.destroy();
  });

  it("lets each write of a batch see the ones committed before it in the same batch", async () => {
    const { db } = loggedDatabase();
    await sql`create table notes (id text primary key, text text not null)`.execute(db);
    const group = new GroupCommit(db, { savepoints });
    const counts = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        group.run(async (trx) => {
          await trx
            .insertInto("notes")
            .values({ id: `n${index}`, text: "x" })
            .execute();
          const row = await trx
            .selectFrom("notes")
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow();
          return Number(row.count);
        }),
      ),
    );
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    await db.destroy();
  });

  it("reads what the batch's writes declared they read first once per kind, before the first write (all or nothing only)", async () => {
    const { db, events } = loggedDatabase();
    await sql`create table notes (id text primary key, text text not null)`.execute(db);
    const group = new GroupCommit(db, { savepoints });
    events.length = 0;
    const loads: string[][] = [];
    const load = async (_trx: unknown, keys: readonly string[]) => {
      loads.push([...keys]);
      events.push("prefetch");
    };
    const write = (key: string) =>
      group.run(
        async (trx) => {
          await trx.insertInto("notes").values({ id: newId(), text: key }).execute();
        },
        { load, key },
      );
    await Promise.all([write("a"), write("b"), write("a")]);
    if (savepoints) {
      expect(loads).toEqual([]);
    } else {
      expect(loads).toEqual([["a", "b"]]);
      expect(events.indexOf("prefetch")).toBeLessThan(
        events.findIndex((event) => event.startsWith("insert")),
      );
    }
    await db.destroy();
  });
});

describe("inTransaction on the configured database (SQLite, or PostgreSQL in CI)", () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  const userRow = (email: string) => {
    const id = newId();
    const now = new Date().toISOString();
    return {
      id,
      email,
      email_lower: email,
      username: id,
      username_lower: id,
      password_hash: "not a hash",
      first_name: null,
      last_name: null,
      created_at: now,
      updated_at: now,
    };
  };

  it("keeps the batch usable after a statement of one write fails (a unique violation)", async () => {
    const taken = `taken-${newId()}@example.com`;
    await db.insertInto("users").values(userRow(taken)).execute();
    const fresh = [`a-${newId()}@example.com`, `b-${newId()}@example.com`];
    const results = await Promise.allSettled([
      inTransaction(db, (trx) =>
        trx
          .insertInto("users")
          .values(userRow(fresh[0] as string))
          .execute(),
      ),
      inTransaction(db, (trx) => trx.insertInto("users").values(userRow(taken)).execute()),
      inTransaction(db, (trx) =>
        trx
          .insertInto("users")
          .values(userRow(fresh[1] as string))
          .execute(),
      ),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(isUniqueViolation((results[1] as PromiseRejectedResult).reason)).toBe(true);
    const stored = await db.selectFrom("users").select("email").where("email", "in", fresh).execute();
    expect(stored).toHaveLength(2);
  });

  const insertUser = (email: string) => (trx: Db) =>
    executeWrite(trx, trx.insertInto("users").values(userRow(email)));

  it("gives a write sent without waiting for its answer (executeWrite) its own failure", async () => {
    const taken = `taken-${newId()}@example.com`;
    await db.insertInto("users").values(userRow(taken)).execute();
    const fresh = [`a-${newId()}@example.com`, `b-${newId()}@example.com`];
    const results = await Promise.allSettled([
      inTransaction(db, insertUser(fresh[0] as string)),
      inTransaction(db, insertUser(taken)),
      inTransaction(db, insertUser(fresh[1] as string)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(isUniqueViolation((results[1] as PromiseRejectedResult).reason)).toBe(true);
    const stored = await db.selectFrom("users").select("email").where("email", "in", fresh).execute();
    expect(stored).toHaveLength(2);
  });

  it("lets a write read after another's unawaited statement failed", async () => {
    const taken = `taken-${newId()}@example.com`;
    await db.insertInto("users").values(userRow(taken)).execute();
    const email = `reader-${newId()}@example.com`;
    const results = await Promise.allSettled([
      inTransaction(db, insertUser(taken)),
      // On PostgreSQL its read fails at first (the batch's transaction is aborted); it then runs
      // again alone.
      inTransaction(db, async (trx) => {
        await insertUser(email)(trx);
        return (await trx.selectFrom("users").select("id").where("email", "=", email).execute()).length;
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "fulfilled"]);
    expect((results[1] as PromiseFulfilledResult<number>).value).toBe(1);
  });

  it("fails a write alone whose unawaited statement fails", async () => {
    const taken = `taken-${newId()}@example.com`;
    await db.insertInto("users").values(userRow(taken)).execute();
    const error = await inTransaction(db, insertUser(taken)).catch((reason: unknown) => reason);
    expect(isUniqueViolation(error)).toBe(true);
  });

  // On PostgreSQL the writes queued while a batch works form the next batch, chained to it: its
  // COMMIT and the next batch's BEGIN go out together (GroupCommit, commitAndBeginAgain).
  it("runs the writes queued while a batch works once that batch has committed, and answers in order", async () => {
    const first = `first-${newId()}@example.com`;
    const answered: string[] = [];
    let second: Promise<number> | undefined;
    const firstDone = inTransaction(db, async (trx) => {
      await insertUser(first)(trx);
      second = inTransaction(db, async (next) => {
        await insertUser(`second-${newId()}@example.com`)(next);
        return (await next.selectFrom("users").select("id").where("email", "=", first).execute()).length;
      }).then((found) => {
        answered.push("second");
        return found;
      });
      await trx.selectFrom("users").select("id").limit(1).execute();
      return "first";
    }).then((value) => {
      answered.push("first");
      return value;
    });
    expect(await firstDone).toBe("first");
    expect(await second).toBe(1);
    expect(answered).toEqual(["first", "second"]);
  });

  it("runs the next batch again when the batch before it fails at its COMMIT: only the failing write's caller gets an error", async () => {
    const taken = `taken-${newId()}@example.com`;
    await db.insertInto("users").values(userRow(taken)).execute();
    const fresh = `fresh-${newId()}@example.com`;
    let second: Promise<unknown> | undefined;
    const first = inTransaction(db, async (trx) => {
      // Once: on PostgreSQL this write runs again alone after the failure.
      second ??= inTransaction(db, insertUser(fresh));
      await trx.selectFrom("users").select("id").limit(1).execute();
      // Sent without waiting on PostgreSQL: it fails the batch's COMMIT.
      await insertUser(taken)(trx);
    });
    expect(isUniqueViolation(await first.catch((reason: unknown) => reason))).toBe(true);
    await second;
    expect(await db.selectFrom("users").select("email").where("email", "=", fresh).execute()).toHaveLength(1);
  });

  it("does not show a batch what the batch before it kept from its prefetch", async () => {
    const kept = new Map<unknown, readonly string[]>();
    const load = async (trx: unknown, keys: readonly string[]) => {
      if (keys.length === 0) kept.delete(trx);
      else kept.set(trx, keys);
    };
    let second: Promise<readonly string[] | undefined> | undefined;
    const first = inTransaction(
      db,
      async (trx) => {
        second = inTransaction(db, async (next) => {
          await insertUser(`after-${newId()}@example.com`)(next);
          return kept.get(next);
        });
        await trx.selectFrom("users").select("id").limit(1).execute();
        return kept.get(trx);
      },
      { load, key: "read first" },
    );
    // SQLite's batches never prefetch (a read there costs microseconds).
    expect(await first).toEqual(isPostgres(db) ? ["read first"] : undefined);
    expect(await second).toBeUndefined();
  });

  it("runs the work inside the caller's transaction when given one", async () => {
    const email = `nested-${newId()}@example.com`;
    await expect(
      db.transaction().execute(async (trx) => {
        await inTransaction(trx, (inner) => inner.insertInto("users").values(userRow(email)).execute());
        throw new Error("the outer unit of work fails");
      }),
    ).rejects.toThrow("the outer unit of work fails");
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});
