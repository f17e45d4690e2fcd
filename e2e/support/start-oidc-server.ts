import { startOidcProvider } from "../../server/test/oidc-provider";

/**
 * Started by global setup (see oidc-instance.ts): a real OpenID Provider on its
 * port, then the real server (dist-server/main.mjs) in this same process with OIDC_* pointing at it.
 * One process, so the server's SIGTERM shutdown takes the provider with it.
 */
const publicUrl = process.env.PUBLIC_URL ?? "";
const provider = await startOidcProvider({
  port: Number(process.env.E2E_OIDC_PROVIDER_PORT),
  redirectUris: [`${publicUrl}/auth/oidc/callback`],
  accounts: {
    ada: {
      email: "ada@oidc.example",
      email_verified: true,
      preferred_username: "ada",
      given_name: "Ada",
      family_name: "Lovelace",
    },
  },
});
process.env.OIDC_ISSUER = provider.issuer;
process.env.OIDC_CLIENT_ID = provider.clientId;
process.env.OIDC_CLIENT_SECRET = provider.clientSecret;

// The compiled server, what `npm start` runs (global setup built it). It reads its configuration
// from process.env when it is loaded, so it is loaded now.
await import(new URL("../../dist-server/main.mjs", import.meta.url).href);
