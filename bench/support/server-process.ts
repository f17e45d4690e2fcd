import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { repoRoot, withDeadline } from "./bounded";

/**
 * A bench server in its own Node.js process, started as `npm start` starts the real one (the
 * compiled server, NODE_ENV=production), so that its CPU and its resident memory are its own and
 * not the bench's.
 * Set BENCH_CPU_PROF=<dir> to have every such process write a V8 CPU profile there on exit
 * (`node --cpu-prof`): that is how docs/performance.md's "Where the time goes" was measured.
 */

const START_MS = 60_000;
const STOP_MS = 5_000;

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The process's resident set size now, in bytes (Linux: /proc; elsewhere NaN). */
  residentBytes(): number;
  /** CPU time the process has used so far (user + system), in ms (Linux: /proc; elsewhere NaN). */
  cpuMs(): number;
  /** The process's last lines of output, for error messages. */
  log(): string;
  close(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer ${url} within ${START_MS / 1000} s:\n${log()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_MS);
  await exited;
  clearTimeout(timer);
}

function residentBytesOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** utime + stime from /proc/<pid>/stat, in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs `script` (relative to the repository root; a .ts file through tsx) with `env` added to this
 * process's environment, and waits until `baseUrl + readyPath` answers 2xx. The script must stop
 * on SIGTERM (server/src/main.ts does).
 */
export async function startServerProcess(options: {
  script: string;
  baseUrl: string;
  env: Record<string, string>;
  readyPath?: string;
  /** Where the process writes its CPU profile on exit; default BENCH_CPU_PROF, none without. */
  cpuProfileDir?: string;
}): Promise<ServerProcess> {
  const { script, baseUrl, env, readyPath = "/health" } = options;
  const profileDir = options.cpuProfileDir ?? process.env.BENCH_CPU_PROF;
  const output: string[] = [];
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []),
      ...(script.endsWith(".ts") ? ["--import", "tsx"] : []),
      script,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, TSX_TSCONFIG_PATH: "tsconfig.node.json", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const log = () => output.join("").slice(-4_000);

  try {
    await waitUntilUp(`${baseUrl}${readyPath}`, child, log);
  } catch (error) {
    await stop(child).catch(() => child.kill("SIGKILL"));
    process.off("exit", killOnExit);
    throw error;
  }
  let closing = false;
  // A server that dies mid-section makes every later figure meaningless: say so, with its last words.
  child.once("exit", (code, signal) => {
    if (!closing)
      console.error(
        `bench: the server on ${baseUrl} exited (${signal ?? code}) during the section:\n${log()}`,
      );
  });
  return {
    baseUrl,
    pid: child.pid ?? -1,
    residentBytes: () => residentBytesOf(child.pid ?? -1),
    cpuMs: () => cpuMsOf(child.pid ?? -1),
    log,
    async close() {
      closing = true;
      await withDeadline(stop(child), STOP_MS + 2_000, "stopping the server").catch(() =>
        child.kill("SIGKILL"),
      );
      process.off("exit", killOnExit);
    },
  };
}

/**
 * Everything a bench server reads, set explicitly, so the developer's shell cannot change the
 * figures: loopback, no mail, no AI endpoint, SQLite unless a database URL is given.
 */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  staticDir: string;
  databaseUrl?: string | undefined;
}): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    PORT: String(options.port),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    STATIC_DIR: options.staticDir,
    SMTP_URL: "",
    INBOUND_SMTP_PORT: "0",
    INBOUND_WEBHOOK_SECRET: "",
    AI_BASE_URL: "",
    CORS_ORIGINS: "",
    TRUST_PROXY: "false",
    LOG_LEVEL: "warn",
  };
}
