import { portFrom } from "./environment";
import type { ServerInstance } from "./instances";

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

/** What global setup starts: the provider and this instance. */
export const oidcInstanceServer: ServerInstance = {
  name: "oidc-instance",
  script: "start-oidc-server.ts",
  port,
  baseUrl: oidcInstance.baseUrl,
  dataDirName: "oidc-instance",
  env: {
    // The default instance owns the inbound SMTP port; this one needs no listener.
    INBOUND_SMTP_PORT: "0",
    AI_BASE_URL: "",
    OIDC_NAME: oidcInstance.name,
    E2E_OIDC_PROVIDER_PORT: String(oidcInstance.providerPort),
  },
};
