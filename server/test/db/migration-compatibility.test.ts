import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createDatabase, type Db } from "../../src/db/database";
import { migrations } from "../../src/db/migrations";

/**
 * The rule of migrations/index.ts: a migration leaves the schema usable by the release before it,
 * since during a rolling upgrade both releases run on one database. Checked here on the schema
 * itself, one migration at a time:
 * - no table or column disappears and no column changes type, since the release before may read
 *   or write it;
 * - a column added to a table that already existed is nullable or has a default, so the release
 *   before, whose inserts do not name it, can still insert.
 *
 * A column or table is dropped only in a release after the one that stopped using it, and listed
 * in RETIRED with the migration that drops it and why the release before it no longer needs it.
 * The check runs on SQLite; migrations are written once for both engines.
 */
const RETIRED: Record<string, { migration: string; why: string }> = {
  // Before the rule was written (with migration 0011): the release before 0008 still claims its
  // daily plans with these columns, so an upgrade across 0008 stops those instances first
  // (docs/deploy.md, Upgrades).
  "generation_requests.attempts": {
    migration: "0008-jobs-reminders-notifications",
    why: "moved to jobs.attempts; not a rolling upgrade",
  },
  "generation_requests.claimed_by": {
    migration: "0008-jobs-reminders-notifications",
    why: "moved to jobs.claimed_by; not a rolling upgrade",
  },
};

interface Column {
  dataType: string;
  isNullable: boolean;
  hasDefaultValue: boolean;
}

/** Every table of the schema with its columns, as the database describes them. */
async function schemaOf(db: Db): Promise<Map<string, Map<string, Column>>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.map((table) => [
      table.name,
      new Map(
        table.columns.map((column) => [
          column.name,
          {
            dataType: column.dataType.toLowerCase(),
            isNullable: column.isNullable,
            hasDefaultValue: column.hasDefaultValue,
          },
        ]),
      ),
    ]),
  );
}

/** What `after` does to the release that ran on `before`; empty when it keeps working. */
function breakingChanges(
  before: Map<string, Map<string, Column>>,
  after: Map<string, Map<string, Column>>,
  migration: string,
): string[] {
  const retired = (name: string) => RETIRED[name]?.migration === migration;
  const problems: string[] = [];
  for (const [table, columns] of before) {
    const now = after.get(table);
    if (!now) {
      if (!retired(table)) problems.push(`drops the table ${table}`);
      continue;
    }
    for (const [name, column] of columns) {
      const current = now.get(name);
      if (!current) {
        if (!retired(`${table}.${name}`)) problems.push(`drops the column ${table}.${name}`);
      } else if (current.dataType !== column.dataType) {
        problems.push(`changes ${table}.${name} from ${column.dataType} to ${current.dataType}`);
      }
    }
    for (const [name, column] of now) {
      if (!columns.has(name) && !column.isNullable && !column.hasDefaultValue) {
        problems.push(`adds ${table}.${name} NOT NULL without a default`);
      }
    }
  }
  return problems;
}

describe("each migration keeps the schema usable by the release before it", () => {
  it("drops nothing the release before may use and adds no column its inserts would miss", async () => {
    const db = createDatabase({ sqlitePath: ":memory:" });
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
      });
      let before = await schemaOf(db);
      const problems: string[] = [];
      for (const name of Object.keys(migrations)) {
        const { error } = await migrator.migrateTo(name);
        if (error) throw error;
        const after = await schemaOf(db);
        problems.push(...breakingChanges(before, after, name).map((problem) => `${name} ${problem}`));
        before = after;
      }
      expect(problems).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("sees a dropped column and a NOT NULL column without a default", () => {
    const column = (isNullable: boolean, hasDefaultValue = false): Column => ({
      dataType: "text",
      isNullable,
      hasDefaultValue,
    });
    const before = new Map([
      [
        "notes",
        new Map([
          ["id", column(false)],
          ["body", column(true)],
        ]),
      ],
    ]);
    const after = new Map([
      [
        "notes",
        new Map([
          ["id", column(false)],
          ["title", column(false)],
          ["pinned", column(false, true)],
        ]),
      ],
    ]);
    expect(breakingChanges(before, after, "0099-notes")).toEqual([
      "drops the column notes.body",
      "adds notes.title NOT NULL without a default",
    ]);
    expect(breakingChanges(before, new Map(), "0099-notes")).toEqual(["drops the table notes"]);
  });
});
