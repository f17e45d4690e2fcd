import type { JobKind } from "../../jobs/runner";
import { exactlyOnce } from "../../jobs/runner";
import { notifyUser } from "../notifications/service";
import { getTaskWithOwner, TASK_ASSIGNED_JOB } from "../tasks/service";

/**
 * Tells a member a task was assigned to them (bell, e-mail when they have e-mailed reminders on,
 * push), once, and only while the task is still theirs.
 */
export const taskAssignedJob: JobKind = {
  kind: TASK_ASSIGNED_JOB,
  deadlineMs: 30_000,
  staleAfterMs: 60_000,
  maxAttempts: 3,
  run: async (deps, job) => {
    const [taskId = "", userId = ""] = job.subject.split("/");
    const nowIso = deps.clock.now().toISOString();
    await exactlyOnce(deps.db, job, nowIso, async (trx) => {
      const found = await getTaskWithOwner(trx, taskId);
      if (found?.task.assignee_id !== userId) return;
      await notifyUser(trx, {
        userId,
        kind: "assigned",
        taskId,
        text: `You were assigned “${found.task.title}”`,
        nowIso,
      });
    });
  },
};
