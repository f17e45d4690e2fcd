import type { Db } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { createTasks, type NewTaskInput } from "../../server/src/modules/tasks/service";
import { taskInputs } from "../support/api-server";

const DAY_MS = 86_400_000;

/**
 * A long-time user's tasks: `open` still to do (pending or in progress) and a history of
 * `completed` ones finished one after another over the past years (the newest yesterday), as an
 * account that has used the app every day for a while holds them. Deterministic for a seed.
 */
export function historyTaskInputs(
  counts: { open: number; completed: number },
  seed: number,
  now = Date.now(),
): NewTaskInput[] {
  const inputs = taskInputs(counts.open + counts.completed, seed);
  return inputs.map((input, index) => {
    if (index < counts.open) return { ...input, status: index % 5 === 0 ? "inprogress" : "pending" };
    const age = (index - counts.open + 1) * (DAY_MS / 7);
    const completedAt = new Date(now - age).toISOString();
    return {
      ...input,
      status: "completed",
      history: { created_at: new Date(now - age - 3 * DAY_MS).toISOString(), completed_at: completedAt },
    };
  });
}

/** A startApiServer seed writing a long-time user's tasks (open ones first in the ids). */
export function seedHistory(counts: { open: number; completed: number }, seed: number) {
  return async (db: Db, userId: string): Promise<string[]> => {
    const tasks = await createTasks(db, systemClock, userId, historyTaskInputs(counts, seed));
    return tasks.map((task) => task.id);
  };
}
