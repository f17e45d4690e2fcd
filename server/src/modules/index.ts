import type { App, AppDeps } from "../app-types";

/** Each module adds its routes here (ARCHITECTURE.md: one folder per resource). */
export async function registerModules(app: App, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
