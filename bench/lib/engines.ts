import pg from "pg";

/**
 * The databases a server section runs on: SQLite always (a fresh file in a temporary directory,
 * as `npm start` runs it: WAL, synchronous=FULL), PostgreSQL too when BENCH_DATABASE_URL (or
 * DATABASE_URL) names a database that answers. Without one, the section says so in one line.
 */

export interface Engine {
  name: "SQLite" | "PostgreSQL";
  /** undefined: SQLite. */
  databaseUrl: string | undefined;
  /** Whether an answered commit is on disk (PostgreSQL with fsync or synchronous_commit off is not). */
  durable: boolean;
  /** How the engine makes a commit durable, as it says itself. */
  durability: string;
}

const SQLITE: Engine = {
  name: "SQLite",
  databaseUrl: undefined,
  durable: true,
  durability: "SQLite: WAL with synchronous=FULL (a commit is fsynced before it is answered)",
};

let found: Promise<{ engines: Engine[]; skipped?: string }> | undefined;

async function postgresEngine(url: string): Promise<Engine | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const setting = async (name: string) =>
      (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name] ?? "?";
    const fsync = await setting("fsync");
    const synchronousCommit = await setting("synchronous_commit");
    const durable = fsync === "on" && synchronousCommit !== "off";
    return {
      name: "PostgreSQL",
      databaseUrl: url,
      durable,
      durability:
        `PostgreSQL: fsync=${fsync}, synchronous_commit=${synchronousCommit}` +
        (durable
          ? " (a commit is on disk before it is answered)"
          : " — NOT durable: a commit is answered before it is on disk, so the write figures flatter it"),
    };
  } catch (error) {
    return `PostgreSQL skipped: ${url.replace(/\/\/[^@/]*@/, "//…@")} did not answer (${error instanceof Error ? error.message : String(error)}).`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The engines to measure, found once per run, and the line to print when PostgreSQL is not one. */
export function benchEngines(): Promise<{ engines: Engine[]; skipped?: string }> {
  found ??= (async () => {
    const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
    if (!url)
      return {
        engines: [SQLITE],
        skipped:
          "PostgreSQL skipped: set BENCH_DATABASE_URL to a postgres:// database to measure it beside SQLite.",
      };
    const postgres = await postgresEngine(url);
    return typeof postgres === "string"
      ? { engines: [SQLITE], skipped: postgres }
      : { engines: [SQLITE, postgres] };
  })();
  return found;
}
