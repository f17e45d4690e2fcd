import { formatInTimeZone } from "date-fns-tz";
import type {
  DailyReportJson,
  DailyStatusJson,
  GenerationStatus,
  GenerationStatusJson,
} from "@contract/daily";
import type { TaskJson } from "@contract/tasks";
import type { AiProvider, PlanPick } from "../../ai/provider";
import type { AppDeps } from "../../app-types";
import { inTransaction, type Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { scheduleJob } from "../../jobs/repository";
import { isoNow } from "../../lib/clock";
import { DomainError, NotFound } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { userTimeZone } from "../../lib/time-zone";
import { getUserById } from "../auth/service";
import { assertCanUseAi, getUsage, withAiUse } from "../premium/service";
import { addNotification } from "../notifications/service";
import { getTasksByIds, lastTaskChangeAt, listOpenTasks } from "../tasks/service";
import {
  finishGeneration,
  insertDailyReport,
  insertQueuedGeneration,
  markGenerationRunning,
  pruneDailyReports,
  selectActiveGeneration,
  selectGeneration,
  selectGenerationById,
  selectLatestDailyReport,
} from "./repository";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "ai">;

export interface GenerationLogger {
  warn(details: object, message: string): void;
}

/** What a report stores: task ids, so that reading it shows the tasks as they are now. */
interface StoredReport {
  prioritized: PlanPick[];
  remaining: string[];
  generated_at: string;
  local_date: string;
}

/** What a plan needs of its user: whose tasks, and the zone its day is in. */
type PlanUser = Pick<UserRow, "id" | "timezone">;

/** The kind of the job that runs a generation request (its subject is the request's id). */
export const DAILY_PLAN_JOB = "daily_plan";
/** A running generation not finished after this long was left by a process that died. */
export const GENERATION_STALE_AFTER_MS = 5 * 60_000;
/** A stale generation is retried once, then failed. */
export const GENERATION_MAX_ATTEMPTS = 2;
export const GENERATION_ABANDONED_MESSAGE = "The plan generation did not finish in time. Please try again.";
export const PLAN_READY_TEXT = "Your daily plan is ready";
const REPORTS_KEPT_PER_USER = 5;

export function localDate(timeZone: string, at: Date): string {
  return formatInTimeZone(at, timeZone, "yyyy-MM-dd");
}

function parseStoredReport(json: string | null): StoredReport | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<StoredReport>;
    if (!Array.isArray(value.prioritized) || !Array.isArray(value.remaining)) return null;
    return value as StoredReport;
  } catch {
    return null;
  }
}

/** The stored ids as current task objects, in the stored order; tasks deleted since are left out. */
async function materialise(db: Db, userId: string, stored: StoredReport): Promise<DailyReportJson> {
  const ids = [...stored.prioritized.map((pick) => pick.task_id), ...stored.remaining];
  const byId = await getTasksByIds(db, userId, ids);
  return {
    llm_prioritized_tasks: stored.prioritized.flatMap((pick) => {
      const task = byId.get(pick.task_id);
      return task ? [{ ...task, reason: pick.reason }] : [];
    }),
    remaining_tasks: stored.remaining.flatMap((id) => {
      const task = byId.get(id);
      return task ? [task] : [];
    }),
    generated_at: stored.generated_at,
    local_date: stored.local_date,
  };
}

/**
 * The task ids of the AI plan made for the user's `date`, most important first; empty when there
 * is none for that date. The day planner ranks by it without asking the AI again.
 */
export async function aiRankingFor(db: Db, userId: string, date: string): Promise<string[]> {
  const latest = await selectLatestDailyReport(db, userId);
  if (!latest || latest.local_date !== date) return [];
  return parseStoredReport(latest.report)?.prioritized.map((pick) => pick.task_id) ?? [];
}

/** GET /api/v1/tasks/daily/status: the cached report, whether it is still valid, and AI availability. */
export async function dailyStatus(deps: Deps, user: PlanUser): Promise<DailyStatusJson> {
  const now = deps.clock.now();
  const usage = await getUsage(deps.db, deps.config, user, now);
  const latest = await selectLatestDailyReport(deps.db, user.id);
  const stored = latest ? parseStoredReport(latest.report) : null;
  let cachedReport: DailyReportJson | null = null;
  let cacheAgeHours: number | null = null;
  let cacheIsValid = false;
  if (latest && stored) {
    cachedReport = await materialise(deps.db, user.id, stored);
    const ageMs = Math.max(0, now.getTime() - new Date(latest.generated_at).getTime());
    cacheAgeHours = Math.floor(ageMs / 360_000) / 10;
    const changedAt = await lastTaskChangeAt(deps.db, user.id);
    // Stale once a task changed after the report, or once the user's day has moved on.
    cacheIsValid =
      latest.local_date === localDate(userTimeZone(user), now) &&
      (changedAt === null || changedAt <= latest.generated_at);
  }
  return {
    can_use_llm: usage.current_usage < usage.usage_limit,
    cached_report: cachedReport,
    cache_age_hours: cacheAgeHours,
    cache_is_valid: cacheIsValid,
    llm_usage_info: {
      current_usage: usage.current_usage,
      usage_limit: usage.usage_limit,
      usage_percentage: usage.usage_percentage,
    },
  };
}

/**
 * POST /api/v1/tasks/daily/generate/async: queues a generation, or returns the one already
 * queued or running for this user. Refused with 403 when the quota is used up.
 */
export async function startGeneration(deps: Deps, user: PlanUser): Promise<{ request_id: string }> {
  await assertCanUseAi(deps.db, deps.config, user, deps.clock.now());
  const active = await selectActiveGeneration(deps.db, user.id);
  if (active) return { request_id: active.id };
  const id = newId();
  const nowIso = isoNow(deps.clock);
  // The request and the job that runs it are written together, or not at all.
  const queued = await inTransaction(deps.db, async (trx) => {
    if (!(await insertQueuedGeneration(trx, { id, userId: user.id, nowIso }))) return false;
    await scheduleJob(trx, { kind: DAILY_PLAN_JOB, subject: id, runAt: nowIso, nowIso });
    return true;
  });
  if (queued) return { request_id: id };
  // A concurrent request inserted first: answer with that one.
  const winner = await selectActiveGeneration(deps.db, user.id);
  if (winner) return { request_id: winner.id };
  return startGeneration(deps, user);
}

/** GET /api/v1/tasks/daily/generate/status/:id — another user's id is not found. */
export async function generationStatus(
  deps: Deps,
  user: PlanUser,
  id: string,
): Promise<GenerationStatusJson> {
  const row = await selectGeneration(deps.db, user.id, id);
  if (!row) throw new NotFound("Generation request not found");
  const stored = row.status === "completed" ? parseStoredReport(row.result) : null;
  return {
    status: row.status as GenerationStatus,
    result: stored ? await materialise(deps.db, user.id, stored) : null,
    error: row.error,
  };
}

/** Picks, cleaned: known open tasks only, each once, in the provider's order. */
function cleanPicks(picks: readonly PlanPick[], tasks: readonly TaskJson[]): PlanPick[] {
  const open = new Set(tasks.map((task) => task.id));
  const seen = new Set<string>();
  return picks.filter((pick) => {
    if (!open.has(pick.task_id) || seen.has(pick.task_id)) return false;
    seen.add(pick.task_id);
    return true;
  });
}

async function buildReport(db: Db, ai: AiProvider, user: PlanUser, now: Date): Promise<StoredReport> {
  const timeZone = userTimeZone(user);
  const tasks = await listOpenTasks(db, user.id);
  const picks = tasks.length === 0 ? [] : cleanPicks(await ai.prioritise({ tasks, timeZone, now }), tasks);
  const picked = new Set(picks.map((pick) => pick.task_id));
  return {
    prioritized: picks,
    remaining: tasks.filter((task) => !picked.has(task.id)).map((task) => task.id),
    generated_at: now.toISOString(),
    local_date: localDate(timeZone, now),
  };
}

function failureMessage(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  if (error instanceof Error && error.name === "AiProviderError") return error.message;
  return "The plan could not be generated. Please try again.";
}

/** Ends a request as failed (and so frees the user to ask again); nothing if it already ended. */
export async function failGeneration(deps: Deps, requestId: string, error: string): Promise<void> {
  await finishGeneration(deps.db, requestId, { status: "failed", error }, isoNow(deps.clock));
}

/**
 * Runs a generation request to its end: report stored, one AI use charged and the bell told, or
 * failed with a message for the client's poll. A request that already ended is left alone.
 */
export async function runGeneration(deps: Deps, requestId: string, log: GenerationLogger): Promise<void> {
  const request = await selectGenerationById(deps.db, requestId);
  if (!request || !(await markGenerationRunning(deps.db, requestId, isoNow(deps.clock)))) return;
  const user = await getUserById(deps.db, request.user_id);
  if (!user) {
    await failGeneration(deps, requestId, "Account not found");
    return;
  }
  try {
    // The report's time is when the tasks were read: a change during generation makes it stale.
    const { result: report } = await withAiUse(deps, user, () =>
      buildReport(deps.db, deps.ai, user, deps.clock.now()),
    );
    const json = JSON.stringify(report);
    await insertDailyReport(deps.db, {
      id: newId(),
      userId: user.id,
      localDate: report.local_date,
      report: json,
      generatedAt: report.generated_at,
    });
    await pruneDailyReports(deps.db, user.id, REPORTS_KEPT_PER_USER);
    await inTransaction(deps.db, async (trx) => {
      const nowIso = isoNow(deps.clock);
      if (await finishGeneration(trx, requestId, { status: "completed", result: json }, nowIso)) {
        await addNotification(trx, {
          userId: user.id,
          kind: "plan_ready",
          taskId: null,
          text: PLAN_READY_TEXT,
          nowIso,
        });
      }
    });
  } catch (error) {
    // Recorded on the request for the client's poll, and logged for the operator.
    await failGeneration(deps, requestId, failureMessage(error));
    log.warn({ err: error, requestId }, "Daily plan generation failed");
  }
}
