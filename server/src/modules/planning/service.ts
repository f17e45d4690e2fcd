import { randomBytes } from "node:crypto";
import {
  TASK_DURATION_MAX_MINUTES,
  TASK_DURATION_MIN_MINUTES,
  type PlanAcceptRequest,
  type PlanProposal,
} from "@contract/index";
import type { AppDeps } from "../../app-types";
import { inTransaction } from "../../db/database";
import { NotFound, Validation } from "../../lib/domain-errors";
import { userTimeZone } from "../../lib/time-zone";
import { planningSettingsOf } from "../auth";
import { getUserById } from "../auth/service";
import { calendarOccurrences } from "../calendars/service";
import { aiRankingFor } from "../daily/service";
import { listOpenTasks, setTaskTimes, type TaskTime } from "../tasks/service";
import { planDay } from "./plan-day";
import { deleteExpiredPlanUndos, insertPlanUndo, selectPlanUndo, takePlanUndo } from "./repository";

type PlanDeps = Pick<AppDeps, "db" | "clock">;

/** An accepted plan can be undone for a week. */
const UNDO_TTL_MS = 7 * 24 * 60 * 60_000;
const DAY_MS = 86_400_000;

/** POST /api/v1/plan/propose: the day's schedule as the planner would make it; changes nothing. */
export async function proposePlan(deps: PlanDeps, userId: string, date: string): Promise<PlanProposal> {
  const user = await getUserById(deps.db, userId);
  if (!user) throw new NotFound("User not found");
  const timeZone = userTimeZone(user);
  const settings = planningSettingsOf(user);
  // A day is at most 25 hours long; a little either side holds every event that touches it.
  const around = Date.parse(`${date}T00:00:00Z`);
  const [tasks, occurrences, aiRanking] = await Promise.all([
    listOpenTasks(deps.db, userId),
    calendarOccurrences(deps.db, userId, timeZone, around - DAY_MS, around + 2 * DAY_MS),
    aiRankingFor(deps.db, userId, date),
  ]);
  return planDay({
    date,
    timeZone,
    now: deps.clock.now(),
    workingHours: settings.working_hours,
    capacityMinutes: settings.daily_capacity_minutes,
    defaultDurationMinutes: settings.default_duration_minutes,
    tasks,
    // All-day events and events marked free leave the time free.
    busy: occurrences.filter((occurrence) => occurrence.busy && !occurrence.allDay),
    aiRanking,
  });
}

function blockMinutes(block: { start: string; end: string }): number {
  const minutes = (Date.parse(block.end) - Date.parse(block.start)) / 60_000;
  if (
    !Number.isInteger(minutes) ||
    minutes < TASK_DURATION_MIN_MINUTES ||
    minutes > TASK_DURATION_MAX_MINUTES
  ) {
    throw new Validation(
      `blocks: each block must last a whole number of minutes from ${TASK_DURATION_MIN_MINUTES} to ${TASK_DURATION_MAX_MINUTES}`,
    );
  }
  return minutes;
}

/**
 * POST /api/v1/plan/accept: sets each block's task to start then and last that long, all or
 * nothing, and keeps what they were before under an undo token (in the database, so any
 * instance can undo it).
 */
export async function acceptPlan(
  deps: PlanDeps,
  userId: string,
  request: PlanAcceptRequest,
): Promise<{ undo_token: string }> {
  const seen = new Set<string>();
  const times: TaskTime[] = request.blocks.map((block) => {
    if (seen.has(block.task_id)) throw new Validation("blocks: a task can have one block only");
    seen.add(block.task_id);
    return {
      id: block.task_id,
      scheduled_start: block.start,
      duration_minutes: blockMinutes(block),
    };
  });
  const now = deps.clock.now();
  const token = randomBytes(24).toString("base64url");
  // The tasks (the user's, and those of projects shared with them) are locked before the undo's rows.
  await inTransaction(deps.db, async (trx) => {
    const before = await setTaskTimes(trx, deps.clock, userId, times, { missing: "fail" });
    await deleteExpiredPlanUndos(trx, userId, now.toISOString());
    await insertPlanUndo(trx, {
      token,
      user_id: userId,
      previous: JSON.stringify(before),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + UNDO_TTL_MS).toISOString(),
    });
  });
  return { undo_token: token };
}

function parsePrevious(text: string): TaskTime[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: Partial<TaskTime>) =>
    typeof item.id === "string"
      ? [
          {
            id: item.id,
            scheduled_start: typeof item.scheduled_start === "string" ? item.scheduled_start : null,
            duration_minutes: typeof item.duration_minutes === "number" ? item.duration_minutes : null,
          },
        ]
      : [],
  );
}

const NOTHING_TO_UNDO = "Nothing to undo: the token is unknown, used or expired";

/** POST /api/v1/plan/undo: puts the tasks back as they were before the plan; once. */
export async function undoPlan(deps: PlanDeps, userId: string, token: string): Promise<{ restored: number }> {
  const nowIso = deps.clock.now().toISOString();
  return inTransaction(deps.db, async (trx) => {
    // Read first, taken last: the tasks' locks come before the undo's row, as in acceptPlan.
    const undo = await selectPlanUndo(trx, userId, token, nowIso);
    if (!undo) throw new NotFound(NOTHING_TO_UNDO);
    const restored = await setTaskTimes(trx, deps.clock, userId, parsePrevious(undo.previous), {
      missing: "skip",
    });
    // Another request may have taken it meanwhile: then this one changes nothing.
    if (!(await takePlanUndo(trx, userId, token, nowIso))) throw new NotFound(NOTHING_TO_UNDO);
    return { restored: restored.length };
  });
}
