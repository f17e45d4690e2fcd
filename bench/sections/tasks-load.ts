import { benchEngines, type Engine } from "../lib/engines";
import { everydayMix, MIX, mixSummary } from "../lib/everyday-mix";
import { openLoop, type OpenLoopFigures } from "../lib/open-loop";
import {
  budgetRow,
  budgetsTable,
  formatCount,
  formatMs,
  verdict,
  type BenchSection,
  type BenchTable,
} from "../lib/report";
import { seedHistory } from "../lib/history-user";
import { startApiServer } from "../support/api-server";
import { measureCpuSplit, type CpuSplit } from "../support/cpu-split";

/**
 * The server under the load of many people using it at once: 30 long-time users, each with their
 * own session, 300 open tasks and a history of 1,000 completed ones, sending the everyday mix
 * (bench/lib/everyday-mix.ts) at a fixed total rate, open loop (bench/lib/open-loop.ts: latency
 * counted from when a request was due, so queueing shows) over 100 connections. First 200
 * requests/s for 60 s, then the capacity: the rate stepped up, 15 s a step, until p99 passes
 * 250 ms or a request fails. Per engine.
 */

const USERS = 30;
const HISTORY = { open: 300, completed: 1_000 };
const CONNECTIONS = 100;
const STEADY = { rate: 200, seconds: 60 };
const STEADY_P99_BUDGET_MS = 100;
const CAPACITY_STEP_SECONDS = 15;
const CAPACITY_RATES = [200, 300, 400, 500, 600, 800, 1_000, 1_250, 1_500, 2_000];
const CAPACITY_P99_MS = 250;
/** Capacity budgets: on SQLite about 4,000 people active at once, one action each 10 s. */
const CAPACITY_BUDGETS = { SQLite: 400, PostgreSQL: 300 } as const;

interface EngineRun {
  engine: Engine;
  steady: OpenLoopFigures;
  steadyCpu: CpuSplit | undefined;
  steps: Array<{ figures: OpenLoopFigures; cpu: CpuSplit | undefined }>;
  /** The highest rate that held, 0 if none did. */
  capacity: number;
  /** Every step held, up to the last rate tried: the capacity is at least that. */
  capacityAtLeast: boolean;
}

const heldStep = (figures: OpenLoopFigures) => figures.errors === 0 && figures.p99 <= CAPACITY_P99_MS;

async function runEngine(engine: Engine): Promise<EngineRun> {
  const api = await startApiServer({
    databaseUrl: engine.databaseUrl,
    users: Array.from({ length: USERS }, (_, index) => ({
      label: `load${index}`,
      tasks: 0,
      seed: seedHistory(HISTORY, index + 1),
    })),
  });
  try {
    // The tasks a user toggles and edits are those on their screen: the open ones.
    const mix = everydayMix(
      api.users.map((user) => ({ ...user, taskIds: user.taskIds.slice(0, HISTORY.open) })),
    );
    let index = 0;
    const load = async (rate: number, seconds: number) => {
      const cpu = measureCpuSplit(api.server.pid);
      const figures = await openLoop({
        baseUrl: api.server.baseUrl,
        rate,
        seconds,
        connections: CONNECTIONS,
        next: () => mix.next(index++),
      });
      return { figures, cpu: cpu() };
    };
    // Warm-up, not counted: the first requests pay for JIT compilation and cold caches.
    await load(100, 5);
    const steady = await load(STEADY.rate, STEADY.seconds);
    const steps: EngineRun["steps"] = [];
    for (const rate of CAPACITY_RATES) {
      const step = await load(rate, CAPACITY_STEP_SECONDS);
      steps.push(step);
      if (!heldStep(step.figures)) break;
    }
    const held = steps.filter(({ figures }) => heldStep(figures));
    return {
      engine,
      steady: steady.figures,
      steadyCpu: steady.cpu,
      steps,
      capacity: held.at(-1)?.figures.rate ?? 0,
      capacityAtLeast: held.length === CAPACITY_RATES.length,
    };
  } finally {
    await api.close();
  }
}

const cpuText = (cpu: CpuSplit | undefined) =>
  cpu
    ? `server ${cpu.server.toFixed(0)}%, bench ${cpu.loadGenerator.toFixed(0)}%` +
      (cpu.postgres >= 1 ? `, postgres ${cpu.postgres.toFixed(0)}%` : "") +
      `, idle ${cpu.idle.toFixed(0)}% of ${cpu.cores}`
    : "—";

/**
 * The server's CPU time per request over a load: what decides the capacity on an idle machine
 * (one core's worth is 1,000 ms a second), whatever the neighbours do to the latency.
 */
const cpuPerRequest = (cpu: CpuSplit | undefined, figures: OpenLoopFigures) =>
  cpu && figures.ok + figures.errors > 0 ? formatMs(cpu.serverMs / (figures.ok + figures.errors)) : "—";

/** The capacity as a reader takes it: "< 200" when even the first step missed, "≥ 2,000" when none did. */
const capacityText = (rate: number, atLeast: boolean) =>
  rate === 0
    ? `< ${formatCount(CAPACITY_RATES[0] ?? 0)} requests/s`
    : `${atLeast ? "≥ " : ""}${formatCount(rate)} requests/s`;

const statusText = (figures: OpenLoopFigures) =>
  Object.entries(figures.statuses)
    .map(([status, count]) => `${status}×${formatCount(count)}`)
    .join(" ");

const tasksLoad: BenchSection = async () => {
  const { engines, skipped } = await benchEngines();
  const runs: EngineRun[] = [];
  for (const engine of engines) runs.push(await runEngine(engine));

  const tables: BenchTable[] = [
    {
      title: `Everyday mix at ${STEADY.rate} requests/s for ${STEADY.seconds} s, open loop, ${USERS} users`,
      columns: [
        "engine",
        "requests",
        "errors",
        "p50",
        "p90",
        "p99",
        "max",
        "answers",
        "server CPU/request",
        "CPU (% of a core)",
      ],
      rows: runs.map(({ engine, steady, steadyCpu }) => [
        engine.name,
        formatCount(steady.ok + steady.errors),
        formatCount(steady.errors),
        formatMs(steady.p50),
        formatMs(steady.p90),
        formatMs(steady.p99),
        formatMs(steady.max),
        statusText(steady),
        cpuPerRequest(steadyCpu, steady),
        cpuText(steadyCpu),
      ]),
    },
    ...runs.map(({ engine, steps }) => ({
      title: `Capacity, ${engine.name}: the rate stepped up, ${CAPACITY_STEP_SECONDS} s a step, until p99 > ${CAPACITY_P99_MS} ms or an error`,
      columns: [
        "requests/s",
        "errors",
        "p50",
        "p99",
        "max",
        "server CPU/request",
        "CPU (% of a core)",
        `p99 ≤ ${CAPACITY_P99_MS} ms`,
      ],
      rows: steps.map(({ figures, cpu }) => [
        formatCount(figures.rate),
        formatCount(figures.errors),
        formatMs(figures.p50),
        formatMs(figures.p99),
        formatMs(figures.max),
        cpuPerRequest(cpu, figures),
        cpuText(cpu),
        verdict(heldStep(figures)),
      ]),
    })),
    budgetsTable(
      runs.flatMap(({ engine, steady, capacity, capacityAtLeast }) => [
        [
          `${engine.name}: errors at ${STEADY.rate} requests/s for ${STEADY.seconds} s`,
          formatCount(steady.errors),
          "0",
          verdict(steady.errors === 0),
        ],
        budgetRow(
          `${engine.name}: p99 at ${STEADY.rate} requests/s for ${STEADY.seconds} s`,
          steady.p99,
          { atMost: STEADY_P99_BUDGET_MS },
          "ms",
          formatMs,
        ),
        budgetRow(
          `${engine.name}: capacity (highest rate with p99 ≤ ${CAPACITY_P99_MS} ms, no error)`,
          capacity,
          { atLeast: CAPACITY_BUDGETS[engine.name] },
          "requests/s",
          (rate) => capacityText(rate, capacityAtLeast),
        ),
      ]),
    ),
  ];

  const errorNotes = runs.flatMap(({ engine, steady, steps }) =>
    [steady, ...steps.map(({ figures }) => figures)]
      .filter((figures) => figures.errors > 0)
      .map(
        (figures) =>
          `${engine.name} at ${figures.rate}/s: ${figures.errors} errors, e.g. ${figures.errorSamples.join(" | ")}`,
      ),
  );
  const lagNotes = runs.flatMap(({ engine, steady, steps }) =>
    [steady, ...steps.map(({ figures }) => figures)]
      .filter((figures) => figures.worstSendLagMs > 50)
      .map(
        (figures) =>
          `${engine.name} at ${figures.rate}/s: this process sent a request up to ${formatMs(figures.worstSendLagMs)} late (the machine was saturated; the lag is counted in the latency).`,
      ),
  );
  return {
    title: "Tasks API under load (open loop)",
    tables,
    notes: [
      `Mix: ${mixSummary()}. ${MIX.map(({ op, what }) => `${op} = ${what}`).join("; ")}.`,
      `${USERS} users seeded directly, ${HISTORY.open} open and ${HISTORY.completed.toLocaleString("en-US")} completed tasks each; requests go to the users in turn, each with its own session, ETags and tasks (toggles and edits on its open ones). At most ${CONNECTIONS} keep-alive connections, no compression asked.`,
      "Open loop: request i is due at i / rate and leaves then whatever the earlier ones are doing; latency runs from when it was due, so waiting behind a slow server counts. A 304 and a 2xx are successes; anything else, a socket error or no answer within 10 s is an error.",
      'The server runs as `npm start` runs it (compiled, NODE_ENV=production, LOG_LEVEL=warn) in its own process; the load comes from this process, on the same machine: both share its cores (see the CPU column). "server CPU/request" is the server process\'s CPU time over the load divided by its requests; "idle" is the whole machine\'s, so a low idle with a low server share means other processes took the cores.',
      ...runs.map(({ engine }) => engine.durability),
      ...(skipped ? [skipped] : []),
      ...errorNotes,
      ...lagNotes,
    ],
  };
};

export default tasksLoad;
