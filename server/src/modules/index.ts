import type { App, AppDeps } from "../app-types";
import { authRoutes } from "./auth/routes";
import { dailyRoutes } from "./daily/routes";
import { inboundMailRoutes } from "./inbound-mail/routes";
import { extractRoutes } from "./extract/routes";
import { premiumRoutes } from "./premium/routes";
import { taskRoutes } from "./tasks/routes";

/** Each module adds its routes here (ARCHITECTURE.md: one folder per resource). */
export async function registerModules(app: App, deps: AppDeps): Promise<void> {
  await authRoutes(app, deps);
  await premiumRoutes(app, deps);
  await taskRoutes(app, deps);
  await dailyRoutes(app, deps);
  await inboundMailRoutes(app, deps);
  await extractRoutes(app, deps);
}
