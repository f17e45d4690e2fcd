import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-types";
import { inTransaction, type Db } from "../db/database";
import { newId } from "../lib/ids";
import {
  claimNextJob,
  finishJob,
  pruneFinishedJobs,
  recoverStaleJobs,
  requeueJob,
  type ClaimedJob,
} from "./repository";

export type JobLogger = Pick<FastifyBaseLogger, "warn" | "error">;

/** One kind of job: what it does, and how long a claim may last before it counts as abandoned. */
export interface JobKind {
  kind: string;
  /**
   * A run not finished after this long fails (its signal aborts it, and the runner moves on),
   * so a slow job holds a slot for a bounded time. Shorter than `staleAfterMs`.
   */
  deadlineMs: number;
  /**
   * Reaches out to addresses users choose (webhooks, calendars): such jobs run in slots of their
   * own, so reminders never wait behind them.
   */
  network?: boolean;
  /** A claim still running after this long was left by a process that died. */
  staleAfterMs: number;
  /** Claims before the job is given up: a failed run or an abandoned claim each use one. */
  maxAttempts: number;
  /**
   * The pause after each failed attempt (the first after attempt 1); left out, pauses double
   * from 30 s up to an hour.
   */
  retryDelaysMs?: readonly number[];
  /**
   * Does the job. Returning marks it done; throwing queues it again after a pause while attempts
   * remain, else fails it. A run that must write its effects exactly once writes them with
   * `completeJob` in one transaction. `signal` aborts when the deadline passes.
   */
  run(deps: AppDeps, job: ClaimedJob, log: JobLogger, signal: AbortSignal): Promise<void>;
  /** Called once, by one instance, when the job is given up (to tell its owner). */
  abandoned?(deps: AppDeps, job: ClaimedJob, log: JobLogger): Promise<void>;
}

/** The claim was lost while the job ran (given up as stale, or rescheduled): its effects are void. */
export class ClaimLost extends Error {
  constructor() {
    super("The job's claim was lost while it ran");
    this.name = "ClaimLost";
  }
}

/**
 * Inside the transaction that writes a job's effects: marks the job done first, and throws
 * ClaimLost (rolling the effects back) when the claim no longer holds. Marking first also takes
 * SQLite's write lock at the start of the transaction, before anything is read.
 */
export async function completeJob(trx: Db, job: ClaimedJob, nowIso: string): Promise<void> {
  if (!(await finishJob(trx, job, { status: "done" }, nowIso))) throw new ClaimLost();
}

/** Runs `work` and completes the job in the same transaction: its writes happen exactly once. */
export async function exactlyOnce<T>(
  db: Db,
  job: ClaimedJob,
  nowIso: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    await completeJob(trx, job, nowIso);
    return work(trx);
  });
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** Finished jobs are deleted after a week, looked for at most once an hour per instance. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

function retryDelayMs(kind: JobKind, attempts: number): number {
  const own = kind.retryDelaysMs?.[attempts - 1];
  if (own !== undefined) return own;
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}

async function giveUp(
  deps: AppDeps,
  kind: JobKind,
  job: ClaimedJob,
  error: string,
  log: JobLogger,
): Promise<void> {
  // Only the instance whose update wins tells the owner.
  if (!(await finishJob(deps.db, job, { status: "failed", error }, deps.clock.now().toISOString()))) return;
  log.warn({ jobId: job.id, kind: job.kind, subject: job.subject, error }, "Job given up");
  await kind.abandoned?.(deps, job, log);
}

async function recoverStale(deps: AppDeps, kinds: readonly JobKind[], log: JobLogger): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const kind of kinds) {
    const staleBefore = new Date(now - kind.staleAfterMs).toISOString();
    for (const job of await recoverStaleJobs(deps.db, kind.kind, staleBefore, kind.maxAttempts)) {
      await giveUp(deps, kind, job, "Abandoned by a worker that stopped", log);
    }
  }
}

/** Runs a job until its kind's deadline; past it the run is aborted and counts as failed. */
async function runWithinDeadline(
  deps: AppDeps,
  kind: JobKind,
  job: ClaimedJob,
  log: JobLogger,
): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`Not finished within its deadline of ${kind.deadlineMs / 1000} s`);
      controller.abort(error);
      reject(error);
    }, kind.deadlineMs);
  });
  const run = kind.run(deps, job, log, controller.signal);
  // A run that ends after its deadline has nothing left to tell (its claim is given back).
  run.catch(() => undefined);
  try {
    await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function runClaimed(deps: AppDeps, kind: JobKind, job: ClaimedJob, log: JobLogger): Promise<void> {
  try {
    await runWithinDeadline(deps, kind, job, log);
  } catch (error) {
    if (error instanceof ClaimLost) return;
    if (job.attempts >= kind.maxAttempts) {
      await giveUp(deps, kind, job, errorText(error), log);
      return;
    }
    log.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, "Job failed; retrying");
    const runAt = new Date(deps.clock.now().getTime() + retryDelayMs(kind, job.attempts)).toISOString();
    await requeueJob(deps.db, job, runAt, errorText(error));
    return;
  }
  // Already done when the run completed it in its own transaction; then this changes nothing.
  await finishJob(deps.db, job, { status: "done" }, deps.clock.now().toISOString());
}

/**
 * One pass of a worker: gives stale claims back (or up), then claims and runs every due job of
 * `kinds`, one at a time. Returns how many it ran. Any number of workers in any number of
 * instances may call it at once: each job is claimed by exactly one. With `perUser`, a job is
 * not claimed while that many of its user's jobs run (on any instance).
 */
export async function runDueJobs(
  deps: AppDeps,
  kinds: readonly JobKind[],
  workerId: string,
  log: JobLogger,
  shouldStop: () => boolean = () => false,
  options: { perUser?: number } = {},
): Promise<number> {
  await recoverStale(deps, kinds, log);
  const byName = new Map(kinds.map((kind) => [kind.kind, kind]));
  let ran = 0;
  while (!shouldStop()) {
    const job = await claimNextJob(
      deps.db,
      [...byName.keys()],
      workerId,
      deps.clock.now().toISOString(),
      options.perUser,
    );
    if (!job) break;
    const kind = byName.get(job.kind);
    if (kind) await runClaimed(deps, kind, job, log);
    ran += 1;
  }
  return ran;
}

export interface JobRunnerOptions {
  pollIntervalMs: number;
  /** Jobs of the other kinds (reminders, their e-mails and pushes, plans) run at once. */
  slots: number;
  /** Network jobs (webhooks, calendars) run at once, in slots of their own. */
  networkSlots: number;
  /** Jobs of one user that may run at once, across instances. */
  perUser: number;
}

/**
 * This instance's job runner: `slots` workers for most kinds and `networkSlots` for the kinds that
 * reach out to addresses users choose, each polling the jobs table every `pollIntervalMs` and
 * running what it claims. No user has more than `perUser` jobs running, so one user's slow
 * webhooks cannot hold everyone's, and no reminder waits behind a network job. Started once per
 * instance (services.ts); returns how to stop it, waiting for the jobs in hand (each ends by its
 * deadline).
 */
export function startJobRunner(
  deps: AppDeps,
  kinds: readonly JobKind[],
  log: JobLogger,
  options: JobRunnerOptions,
): () => Promise<void> {
  let stopped = false;
  let prunedAt = 0;
  const workers: { running?: Promise<void>; timer?: NodeJS.Timeout }[] = [];

  const prune = async () => {
    const now = deps.clock.now().getTime();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    await pruneFinishedJobs(deps.db, new Date(now - KEEP_FINISHED_MS).toISOString());
  };

  // Every claim names the instance that made it (each claim has its own token besides).
  const workerId = `worker-${newId()}`;
  const startWorker = (laneKinds: readonly JobKind[]) => {
    const worker: (typeof workers)[number] = {};
    workers.push(worker);
    const pass = async () => {
      try {
        await runDueJobs(deps, laneKinds, workerId, log, () => stopped, { perUser: options.perUser });
        await prune();
      } catch (error) {
        log.error({ err: error }, "Job runner pass failed");
      }
    };
    const tick = () => {
      if (stopped) return;
      worker.running = pass().finally(() => {
        if (!stopped) worker.timer = setTimeout(tick, options.pollIntervalMs);
      });
    };
    tick();
  };

  const networkKinds = kinds.filter((kind) => kind.network === true);
  const otherKinds = kinds.filter((kind) => kind.network !== true);
  for (let slot = 0; slot < options.slots; slot += 1) startWorker(otherKinds);
  if (networkKinds.length > 0) {
    for (let slot = 0; slot < options.networkSlots; slot += 1) startWorker(networkKinds);
  }

  return async () => {
    stopped = true;
    for (const worker of workers) clearTimeout(worker.timer);
    await Promise.all(workers.map((worker) => worker.running));
  };
}
