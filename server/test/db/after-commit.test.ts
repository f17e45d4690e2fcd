import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterCommit, inTransaction, type Db } from "../../src/db/database";
import type { Database } from "../../src/db/schema";
import { publishLiveUpdates } from "../../src/modules/live-updates";
import { testDatabase } from "../helpers";

const databaseUrl = process.env.TEST_DATABASE_URL;

describe("work handed to afterCommit", () => {
  let db: Db;

  beforeAll(async () => {
    db = await testDatabase({ reset: false });
  });

  afterAll(async () => {
    await db.destroy();
  });

  it("runs once the transaction has committed, on the root handle, before inTransaction returns", async () => {
    const ran: Array<{ committed: boolean; root: boolean }> = [];
    let committed = false;
    await inTransaction(db, async (trx) => {
      expect(afterCommit(trx, async (root) => void ran.push({ committed, root: root === db }))).toBe(true);
      // A write joining the transaction hands its work to the same commit.
      await inTransaction(trx, async (joined) => {
        afterCommit(joined, async (root) => void ran.push({ committed, root: root === db }));
      });
      expect(ran).toEqual([]);
      committed = true;
    });
    expect(ran).toEqual([
      { committed: true, root: true },
      { committed: true, root: true },
    ]);
  });

  it("never runs when the transaction rolls back", async () => {
    const ran: string[] = [];
    await expect(
      inTransaction(db, async (trx) => {
        afterCommit(trx, async () => void ran.push("after commit"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(ran).toEqual([]);
  });

  it("is refused outside a transaction opened by inTransaction", () => {
    expect(afterCommit(db, async () => undefined)).toBe(false);
  });
});

/**
 * A NOTIFY inside a write's transaction would hold PostgreSQL's notification lock through the
 * commit's flush, so every announcing write would commit one at a time: it follows the COMMIT.
 */
describe.runIf(databaseUrl)("a live update's NOTIFY (PostgreSQL)", () => {
  const statements: string[] = [];
  let db: Db;

  beforeAll(() => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
  });

  afterAll(async () => {
    await db.destroy();
  });

  it("is sent after the COMMIT of the change, in a statement of its own", async () => {
    statements.length = 0;
    await inTransaction(db, (trx) => publishLiveUpdates(trx, "a-user", [{ type: "created", id: "a-task" }]));
    expect(statements).toEqual(["begin", "commit", "SELECT pg_notify($1, $2)"]);
  });

  it("is not sent for a change rolled back", async () => {
    statements.length = 0;
    await expect(
      inTransaction(db, async (trx) => {
        await publishLiveUpdates(trx, "a-user", [{ type: "created", id: "a-task" }]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(statements).toEqual(["begin", "rollback"]);
  });
});
