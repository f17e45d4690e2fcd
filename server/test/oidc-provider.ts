import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1, for the OpenID Connect sign-in's tests
 * and the end-to-end journey. Its development login page accepts any login name without a
 * password; each name is an account whose claims come from `accounts` (a name not listed is a
 * person with a verified "<name>@example.com"). Consent is given by the same page's second step.
 */

export interface OidcAccountClaims {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export const OIDC_CLIENT_ID = "tasklane";
export const OIDC_CLIENT_SECRET = "tasklane-test-secret-0123456789abcdef";

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  accounts?: Record<string, OidcAccountClaims>;
  port?: number;
}): Promise<TestOidcProvider> {
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = options.accounts ?? {};
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["preferred_username", "given_name", "family_name", "name"],
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        ...(accounts[sub] ?? { email: `${sub}@example.com`, email_verified: true, preferred_username: sub }),
      }),
    }),
    cookies: { keys: ["oidc-provider-test-cookie-key"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser (fetch with a cookie jar of its own, so the provider always asks who signs in) at the
 * provider's login page: signs in as `login`, consents, and returns where it is sent back.
 */
export async function signInAtTestProvider(
  authorizationUrl: URL,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl.href;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1];
    if (!prompt) throw new Error(`The provider answered ${response.status} at ${url}`);
    form = new URLSearchParams(prompt === "login" ? { prompt, login } : { prompt });
  }
  throw new Error("The provider never sent the browser back");
}
