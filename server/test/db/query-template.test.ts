import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/database";
import { queryTemplate } from "../../src/db/query-template";
import type { ServerKeysTable } from "../../src/db/schema";
import { testDatabase } from "../helpers";

describe("query templates: built and compiled once, run with each call's values", () => {
  let db: Db;
  const prefix = `template-${randomUUID()}-`;

  beforeAll(async () => {
    db = await testDatabase({ reset: false });
  });

  afterAll(async () => {
    await db.deleteFrom("server_keys").where("name", "like", `${prefix}%`).execute();
    await db.destroy();
  });

  it("answers as the query built anew, and builds once per set of arguments", async () => {
    let builds = 0;
    const insertKey = queryTemplate((db: Db, row: Partial<ServerKeysTable> & { name: string }) => {
      builds += 1;
      return db
        .insertInto("server_keys")
        .values({ value: "default", created_at: "2030-06-15T12:00:00.000Z", ...row })
        .returning(["name", "value", "created_at"]);
    });
    const selectKey = queryTemplate((db: Db, args: { name: string }) =>
      db.selectFrom("server_keys").select(["name", "value"]).where("name", "=", args.name),
    );

    expect(await insertKey(db, { name: `${prefix}a`, value: "first" })).toEqual([
      { name: `${prefix}a`, value: "first", created_at: "2030-06-15T12:00:00.000Z" },
    ]);
    await insertKey(db, { name: `${prefix}b`, value: "second" });
    expect(builds).toBe(1);
    // Another set of columns is another statement; an undefined one is left out, as Kysely does.
    await insertKey(db, { name: `${prefix}c`, value: undefined });
    expect(builds).toBe(2);

    for (const [name, value] of [
      ["a", "first"],
      ["b", "second"],
      ["c", "default"],
    ]) {
      const built = await db
        .selectFrom("server_keys")
        .select(["name", "value"])
        .where("name", "=", `${prefix}${name}`)
        .execute();
      expect(await selectKey(db, { name: `${prefix}${name}` })).toEqual(built);
      expect(built).toEqual([{ name: `${prefix}${name}`, value }]);
    }
    expect(await selectKey(db, { name: `${prefix}none` })).toEqual([]);
  });

  it("runs in the transaction it is given", async () => {
    const insertKey = queryTemplate((db: Db, args: { name: string }) =>
      db
        .insertInto("server_keys")
        .values({ name: args.name, value: "v", created_at: "2030-06-15T12:00:00.000Z" }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await insertKey(trx, { name: `${prefix}rolled-back` });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(
      await db.selectFrom("server_keys").select("name").where("name", "=", `${prefix}rolled-back`).execute(),
    ).toEqual([]);
  });

  it("refuses an argument that the query does not pass on as a parameter", async () => {
    // Converted while building: the statement would hold the stand-in's text, not the value.
    const converted = queryTemplate((db: Db, args: { name: string }) =>
      db.selectFrom("server_keys").select("name").where("name", "=", String(args.name)),
    );
    await expect(converted(db, { name: "x" })).rejects.toThrow('"name" is not a parameter');
    const unused = queryTemplate((db: Db, _args: { name: string }) =>
      db.selectFrom("server_keys").select("name"),
    );
    await expect(unused(db, { name: "x" })).rejects.toThrow('"name" is not a parameter');
  });
});
