import { z } from "zod";

/*
 * How people may sign in and sign up on this server (REGISTRATION, OIDC_*), and the OpenID Connect
 * sign-in's hand-off to the web app: the provider sends the browser back to the server, which sends
 * it on to OIDC_LANDING_PATH with `#code=…` (a one-time code the web app exchanges for a session)
 * or `#error=<OidcErrorCode>`. A fragment never reaches a server, so no log holds either.
 */

export const signInOptionsPaths = {
  options: "/auth/options",
  oidcStart: "/auth/oidc/start",
  oidcCallback: "/auth/oidc/callback",
  oidcExchange: "/auth/oidc/exchange",
} as const;

/** The web app's page that finishes an OpenID Connect sign-in. */
export const OIDC_LANDING_PATH = "/login/oidc";

export const SIGN_UP_CLOSED_MESSAGE =
  "Sign-up is closed on this server. Ask its administrator to create an account for you.";
export const NOT_INVITED_MESSAGE =
  "Sign-up on this server is by invitation only, and this address has not been invited. Ask its administrator for an invitation.";
export const ACCOUNT_DISABLED_MESSAGE = "This account has been disabled. Contact the server's administrator.";

/** Why an OpenID Connect sign-in did not finish, as the web app tells the person. */
export const OIDC_ERROR_MESSAGES = {
  expired: "This sign-in took too long or was already finished. Please try again.",
  failed: "The identity provider's answer could not be verified. Please try again.",
  unavailable: "The identity provider cannot be reached right now. Please try again later.",
  refused: "The identity provider did not sign you in.",
  unverified_email:
    "Your e-mail address is not verified at the identity provider, so it cannot sign in to the Tasklane account with that address. Verify it there, or sign in with your password.",
  no_email: "The identity provider did not share your e-mail address, which a Tasklane account needs.",
  sign_up_closed: SIGN_UP_CLOSED_MESSAGE,
  not_invited: NOT_INVITED_MESSAGE,
  disabled: ACCOUNT_DISABLED_MESSAGE,
} as const;
export type OidcErrorCode = keyof typeof OIDC_ERROR_MESSAGES;

/** The message of an error code from the landing page's fragment (anything else reads as "failed"). */
export function oidcErrorMessage(code: string): string {
  return code in OIDC_ERROR_MESSAGES
    ? OIDC_ERROR_MESSAGES[code as OidcErrorCode]
    : OIDC_ERROR_MESSAGES.failed;
}

export const signInOptionsSchema = /* @__PURE__ */ z.object({
  /** False when OIDC_ONLY hides the e-mail and password forms. */
  password: z.boolean(),
  registration: z.enum(["open", "invite", "closed"]),
  /** The OpenID Provider's button, when one is configured. */
  oidc: z.object({ name: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const oidcStartQuerySchema = /* @__PURE__ */ z.object({
  confirm: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("A re-login begun by POST /auth/account/oidc-confirmation, instead of a sign-in"),
});

export const oidcExchangeRequestSchema = /* @__PURE__ */ z.object({
  code: z.string().min(1).max(200),
});
