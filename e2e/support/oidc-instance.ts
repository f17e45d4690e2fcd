import path from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";
import { e2eEnvironment, portFrom, serverEnvironment } from "./environment";

/**
 * A server instance for the OpenID Connect journey: the same server and built SPA with OIDC_*
 * pointing at a real OpenID Provider (oidc-provider, server/test/oidc-provider.ts) that
 * `start-oidc-server.ts` starts in the same process. Its own port and database, so the default
 * instance and every other journey keep the e-mail and password sign-in only.
 */
const port = portFrom("E2E_OIDC_PORT", 3104);

export const oidcInstance = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  /** The provider's port: its issuer is http://127.0.0.1:<this>. */
  providerPort: portFrom("E2E_OIDC_PROVIDER_PORT", 3105),
  /** OIDC_NAME: the button reads "Sign in with Test ID". */
  name: "Test ID",
};

type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>;

/** The playwright.config.ts `webServer` entry that starts the provider and this instance. */
export const oidcInstanceWebServer: WebServer = {
  command: "npx tsx --tsconfig tsconfig.node.json e2e/support/start-oidc-server.ts",
  url: `${oidcInstance.baseUrl}/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "pipe",
  stderr: "pipe",
  gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  env: {
    ...serverEnvironment({
      ...oidcInstance,
      // Inside the run's data directory, so global teardown removes it with the rest.
      dataDir: path.join(e2eEnvironment.dataDir, "oidc-instance"),
    }),
    // The default instance owns the inbound SMTP port; this one needs no listener.
    INBOUND_SMTP_PORT: "0",
    AI_BASE_URL: "",
    OIDC_NAME: oidcInstance.name,
    E2E_OIDC_PROVIDER_PORT: String(oidcInstance.providerPort),
  },
};
