import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverSrc = path.resolve(import.meta.dirname, "..", "..", "src");

/**
 * Every table of the database, as `Database` in server/src/db/schema.ts names them (with the
 * sign-in tables it extends, from schema-sign-in.ts).
 */
function tableNames(): string[] {
  return ["schema.ts", "schema-sign-in.ts"].flatMap((file) => {
    const schema = readFileSync(path.join(serverSrc, "db", file), "utf8");
    const body = /export interface (?:Database|SignInTables)\b[^{]*\{([^}]*)\}/.exec(schema)?.[1] ?? "";
    return [...body.matchAll(/^\s*(\w+):/gm)].map((match) => match[1] as string);
  });
}

/** The production files that may write: all of server/src but db/ (connection, schema, migrations). */
function writingFiles(): string[] {
  return readdirSync(serverSrc, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.startsWith(`db${path.sep}`))
    .map((file) => path.join(serverSrc, file));
}

/** The module a file belongs to: server/src/modules/<name>/…, else its folder under server/src. */
function moduleOf(file: string): string {
  const [first, second] = path.relative(serverSrc, file).split(path.sep);
  return first === "modules" ? (second as string) : (first as string);
}

/**
 * The tables each file writes: the table named by Kysely's insertInto, updateTable, deleteFrom,
 * replaceInto or mergeInto, and by INSERT INTO, UPDATE … SET and DELETE FROM in raw SQL. A write
 * whose table is a variable counts for every table the file names (the most it could be).
 */
function writesOf(text: string, tables: readonly string[]): Set<string> {
  const written = new Set<string>();
  const named = tables.filter((table) => text.includes(`"${table}"`));
  for (const [, argument] of text.matchAll(
    /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^),]+)/g,
  )) {
    const literal = /^["'`](\w+)["'`]/.exec(argument?.trim() ?? "")?.[1];
    for (const table of literal ? [literal] : named) written.add(table);
  }
  for (const table of tables) {
    const rawWrite = new RegExp(
      `\\b(?:insert\\s+into|delete\\s+from)\\s+${table}\\b|\\bupdate\\s+${table}\\s+set\\b`,
      "i",
    );
    if (rawWrite.test(text)) written.add(table);
  }
  return written;
}

/** For each table written anywhere in server/src, the modules that write it. */
function writersByTable(): Map<string, Set<string>> {
  const tables = tableNames();
  const writers = new Map<string, Set<string>>();
  for (const file of writingFiles()) {
    for (const table of writesOf(readFileSync(file, "utf8"), tables)) {
      const modules = writers.get(table) ?? new Set<string>();
      modules.add(moduleOf(file));
      writers.set(table, modules);
    }
  }
  return writers;
}

describe("one writer per table (server/src)", () => {
  const writers = writersByTable();

  it("finds the writes it looks for", () => {
    expect(writers.get("tasks")).toEqual(new Set(["tasks"]));
    expect(writers.get("verification_codes")).toEqual(new Set(["auth"]));
    expect(writesOf("await sql`update projects set name = ${name}`.execute(db);", ["projects"])).toEqual(
      new Set(["projects"]),
    );
  });

  it("has each table written by one module", () => {
    const shared = [...writers]
      .filter(([, modules]) => modules.size > 1)
      .map(([table, modules]) => `${table}: ${[...modules].sort().join(", ")}`);
    expect(shared).toEqual([]);
  });

  it("leaves users to the accounts module (auth) alone", () => {
    expect(writers.get("users")).toEqual(new Set(["auth"]));
  });

  it("gives the task-data version to tasks and the AI quota to premium", () => {
    expect(writers.get("task_data_versions")).toEqual(new Set(["tasks"]));
    expect(writers.get("ai_quota_usage")).toEqual(new Set(["premium"]));
  });
});
