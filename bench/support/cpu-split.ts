import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { cpuMsOf } from "./server-process";

/**
 * Where the machine's CPU went during a load (Linux: /proc; elsewhere measureCpuSplit's result is undefined):
 * the server's process, this process (the load generator: autocannon's worker runs in it), the
 * local PostgreSQL's processes (every process named "postgres", backends and background workers)
 * and what stayed idle. A load on a small machine is shared by all three: this is how the
 * per-process figures of docs/performance.md are measured.
 */
export interface CpuSplit {
  /** The server's CPU time over the window, in ms. */
  serverMs: number;
  /** Each, in percent of one core over the window. */
  server: number;
  loadGenerator: number;
  postgres: number;
  /** In percent of all the machine's cores. */
  idle: number;
  cores: number;
}

interface Snapshot {
  at: number;
  server: number;
  self: number;
  postgres: Map<number, number>;
  idleTicks: number;
  totalTicks: number;
}

function postgresProcesses(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").startsWith("postgres")) continue;
    } catch {
      continue; // gone meanwhile
    }
    const ms = cpuMsOf(Number(entry));
    if (!Number.isNaN(ms)) cpu.set(Number(entry), ms);
  }
  return cpu;
}

function snapshot(serverPid: number): Snapshot | undefined {
  let machine: number[];
  try {
    // cpu  user nice system idle iowait irq softirq steal …
    machine = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  } catch {
    return undefined;
  }
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    server: cpuMsOf(serverPid),
    self: (usage.user + usage.system) / 1000,
    postgres: postgresProcesses(),
    idleTicks: machine[3]! + machine[4]!,
    totalTicks: machine.reduce((sum, ticks) => sum + ticks, 0),
  };
}

/** Starts measuring; the function it returns ends the window and gives the split. */
export function measureCpuSplit(serverPid: number): () => CpuSplit | undefined {
  const from = snapshot(serverPid);
  return () => {
    const to = snapshot(serverPid);
    if (!from || !to) return undefined;
    const ms = to.at - from.at;
    const ofACore = (cpuMs: number) => (100 * cpuMs) / ms;
    let postgres = 0;
    for (const [pid, cpu] of to.postgres) postgres += cpu - (from.postgres.get(pid) ?? 0);
    const serverMs = to.server - from.server;
    return {
      serverMs,
      server: ofACore(serverMs),
      loadGenerator: ofACore(to.self - from.self),
      postgres: ofACore(postgres),
      idle: (100 * (to.idleTicks - from.idleTicks)) / Math.max(1, to.totalTicks - from.totalTicks),
      cores: cpus().length,
    };
  };
}
