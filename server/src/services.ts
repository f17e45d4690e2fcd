import type { App, AppDeps } from "./app-types";

type StopService = () => Promise<void>;

/**
 * Long-running work beside the HTTP listener (inbound SMTP, daily-plan worker). Each returns how
 * to stop it; main.ts stops them all on shutdown.
 */
export async function startBackgroundServices(app: App, deps: AppDeps): Promise<StopService> {
  const stops: StopService[] = [];
  void app;
  void deps;
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
