import type { App, AppDeps } from "./app-types";
import { startDailyPlanWorker } from "./modules/daily/worker";
import { startInboundSmtp } from "./modules/inbound-mail/smtp-listener";

type StopService = () => Promise<void>;

/**
 * Long-running work beside the HTTP listener (inbound SMTP, daily-plan worker). Each returns how
 * to stop it; main.ts stops them all on shutdown.
 */
export async function startBackgroundServices(app: App, deps: AppDeps): Promise<StopService> {
  const stops: StopService[] = [];
  stops.push(startDailyPlanWorker(deps, app.log));
  if (deps.config.inbound.smtpPort !== 0) {
    const smtp = await startInboundSmtp(deps, app.log);
    stops.push(smtp.close);
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
