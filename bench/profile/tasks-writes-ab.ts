import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { apiRoutes } from "../../contract/routes";
import { startApiServer } from "../support/api-server";
import { cpuMsOf } from "../support/server-process";

/**
 * The creates of `tasks-writes`, for judging a change of the write path on a shared machine,
 * where creates per second follow the neighbours: the compiled server answers `POST
 * /api/v1/tasks` from 10 connections, closed loop, first from one user, then from 10 users, and
 * the figures are CPU time per create of the server process, of PostgreSQL's backends serving it
 * and of this load generator, which busy neighbours move much less than the time waited. Run it
 * on the code before and after a change, one after the other:
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-writes-ab.ts [postgres-url]
 *
 * Without a URL it measures SQLite (a fresh file, as the bench runs it). CREATES=<n> sets the
 * creates per phase (default 3,000); BENCH_CPU_PROF=<dir> profiles the server.
 */

const CONNECTIONS = 10;
const CREATES = Number(process.env.CREATES ?? 3_000);
const BODY = JSON.stringify({
  title: "Bench task",
  description: "Created by the benchmark",
  priority: "high",
  tags: ["bench"],
});

const databaseUrl = process.argv[2] || undefined;

/** The PostgreSQL backends serving `database` (the server's pool), by process id. */
async function backendPids(client: pg.Client | undefined): Promise<number[]> {
  if (!client) return [];
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.map((row) => row.pid);
}

/** Bytes the process has written and its `write` calls so far (Linux: /proc; elsewhere NaN). */
function writesOf(pid: number): { bytes: number; calls: number } {
  try {
    const io = readFileSync(`/proc/${pid}/io`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(io)?.[1]);
    return { bytes: field("wchar"), calls: field("syscw") };
  } catch {
    return { bytes: Number.NaN, calls: Number.NaN };
  }
}

async function phase(
  label: string,
  url: URL,
  tokens: string[],
  serverPid: number,
  client: pg.Client | undefined,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const create = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        url,
        {
          agent,
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            response.statusCode === 201 ? resolve() : reject(new Error(`create: ${response.statusCode}`)),
          );
        },
      );
      request.on("error", reject);
      request.end(BODY);
    });
  /** `count` creates from CONNECTIONS connections, closed loop, the users taking turns by connection. */
  const run = async (count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, index) => {
        const token = tokens[index % tokens.length] as string;
        while (left > 0) {
          left -= 1;
          await create(token);
        }
      }),
    );
  };
  await run(300); // warm-up, not counted
  const walBefore = await walOf(client);
  const sampling = sampleWaits(client);
  const pidsBefore = await backendPids(client);
  const backendBefore = new Map(pidsBefore.map((pid) => [pid, cpuMsOf(pid)]));
  const serverBefore = cpuMsOf(serverPid);
  const writesBefore = writesOf(serverPid);
  const selfBefore = process.cpuUsage();
  const start = performance.now();
  await run(CREATES);
  const wall = performance.now() - start;
  const waits = await sampling.stop();
  const wal = await walOf(client);
  const self = process.cpuUsage(selfBefore);
  const server = cpuMsOf(serverPid) - serverBefore;
  const writes = writesOf(serverPid);
  let backends = 0;
  for (const pid of await backendPids(client)) backends += cpuMsOf(pid) - (backendBefore.get(pid) ?? 0);
  agent.destroy();
  const per = (ms: number) => (ms / CREATES).toFixed(3).padStart(6);
  console.log(
    `${label.padEnd(10)} server ${per(server)}  postgres ${client ? per(backends) : "    - "}  client ${per((self.user + self.system) / 1000)} ms CPU/create   written ${((writes.bytes - writesBefore.bytes) / 1024 / CREATES).toFixed(1)} KiB in ${((writes.calls - writesBefore.calls) / CREATES).toFixed(1)} writes   ${(CREATES / (wall / 1000)).toFixed(0).padStart(5)} creates/s`,
  );
  if (client && walBefore && wal)
    console.log(
      `${"".padEnd(10)} WAL ${((wal.bytes - walBefore.bytes) / CREATES).toFixed(0)} bytes/create, ${wal.checkpoints - walBefore.checkpoints} checkpoints; busy backends sampled: ${waits}`,
    );
}

/** WAL written so far and checkpoints begun (PostgreSQL). */
async function walOf(
  client: pg.Client | undefined,
): Promise<{ bytes: number; checkpoints: number } | undefined> {
  if (!client) return undefined;
  const { rows } = await client.query<{ bytes: string; checkpoints: string }>(
    "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as bytes, (checkpoints_timed + checkpoints_req)::text as checkpoints from pg_stat_bgwriter",
  );
  const [row] = rows;
  return row ? { bytes: Number(row.bytes), checkpoints: Number(row.checkpoints) } : undefined;
}

/**
 * What the server's busy PostgreSQL backends wait on, sampled every few milliseconds until
 * stopped: the share of samples per wait event (CPU when none), e.g. Lock/transactionid for a
 * row lock held by another transaction, IO/WALSync for a commit's flush, Client/ClientRead for
 * the server's next statement.
 */
function sampleWaits(client: pg.Client | undefined): { stop: () => Promise<string> } {
  if (!client) return { stop: async () => "-" };
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string }>(
        "select coalesce(wait_event_type || '/' || wait_event, 'CPU') || case when state = 'active' then '' else ' (' || state || ')' end as wait from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'",
      );
      samples += 1;
      for (const row of rows) counts.set(row.wait, (counts.get(row.wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([wait, count]) => `${wait} ${(count / samples).toFixed(2)}`)
        .join(", ");
    },
  };
}

const api = await startApiServer({
  databaseUrl,
  users: Array.from({ length: CONNECTIONS }, (_, index) => ({ label: `writes${index}`, tasks: 0 })),
});
const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await client?.connect();
try {
  const url = new URL(`${api.server.baseUrl}${apiRoutes.createTask.path}`);
  const tokens = api.users.map((user) => user.token);
  await phase("one user", url, tokens.slice(0, 1), api.server.pid, client);
  await phase("10 users", url, tokens, api.server.pid, client);
} finally {
  await client?.end();
  await api.close();
}
