import path from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";
import { e2eEnvironment, serverEnvironment } from "./environment";

export type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>;

/**
 * The playwright.config.ts `webServer` entry of a server instance beside the default one (the AI
 * journeys', the single sign-on journey's): `script` (under e2e/support/) starts what it needs and
 * the server, on the instance's own port and database; `env` is what sets it apart.
 */
export function extraInstanceWebServer(
  script: string,
  instance: { port: number; baseUrl: string; dataDirName: string },
  env: Record<string, string>,
): WebServer {
  return {
    command: `npx tsx --tsconfig tsconfig.node.json e2e/support/${script}`,
    url: `${instance.baseUrl}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      ...serverEnvironment({
        ...instance,
        // Inside the run's data directory, so global teardown removes it with the rest.
        dataDir: path.join(e2eEnvironment.dataDir, instance.dataDirName),
      }),
      // The default instance owns the inbound SMTP port; this one needs no listener.
      INBOUND_SMTP_PORT: "0",
      ...env,
    },
  };
}
