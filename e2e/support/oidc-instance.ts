import { portFrom } from "./environment";
import { extraInstanceWebServer, type WebServer } from "./extra-instance";

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

/** The playwright.config.ts `webServer` entry that starts the provider and this instance. */
export const oidcInstanceWebServer: WebServer = extraInstanceWebServer(
  "start-oidc-server.ts",
  { ...oidcInstance, dataDirName: "oidc-instance" },
  {
    AI_BASE_URL: "",
    OIDC_NAME: oidcInstance.name,
    E2E_OIDC_PROVIDER_PORT: String(oidcInstance.providerPort),
  },
);
