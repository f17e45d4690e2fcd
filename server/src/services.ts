import type { App, AppDeps } from "./app-types";
import { startJobRunner, type JobKind } from "./jobs/runner";
import { calendarSyncJob } from "./modules/calendars/worker";
import { weeklyReviewEmailJob } from "./modules/analytics/worker";
import { dailyPlanJob } from "./modules/daily/worker";
import { startInboundSmtp } from "./modules/inbound-mail/smtp-listener";
import { reminderEmailJob, reminderPushJob, taskReminderJob } from "./modules/notifications/worker";
import { trashPurgeJob } from "./modules/tasks/worker";
import { webhookDeliveryJob } from "./modules/webhooks/worker";

type StopService = () => Promise<void>;

/** Every kind of job this server runs from the jobs table. */
export const jobKinds: readonly JobKind[] = [
  dailyPlanJob,
  taskReminderJob,
  reminderEmailJob,
  reminderPushJob,
  calendarSyncJob,
  weeklyReviewEmailJob,
  webhookDeliveryJob,
  trashPurgeJob,
];

/**
 * Long-running work beside the HTTP listener (inbound SMTP, the job runner). Each returns how
 * to stop it; main.ts stops them all on shutdown. The runner's first pass, at start, delivers
 * what fell due while no instance was running.
 */
export async function startBackgroundServices(app: App, deps: AppDeps): Promise<StopService> {
  const stops: StopService[] = [];
  const { jobsPollIntervalMs, jobs } = deps.config;
  stops.push(startJobRunner(deps, jobKinds, app.log, { pollIntervalMs: jobsPollIntervalMs, ...jobs }));
  if (deps.config.inbound.smtpPort !== 0) {
    const smtp = await startInboundSmtp(deps, app.log);
    stops.push(smtp.close);
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
