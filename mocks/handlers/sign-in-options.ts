import type { AuthResponse } from "@contract/auth";
import type { ErrorBody } from "@contract/common";
import { signInOptionsPaths, type SignInOptions } from "@contract/sign-in-options";
import { http, HttpResponse } from "msw";
import { currentAccount } from "./account";

/**
 * GET /auth/options as a server without an OpenID Provider answers it, and the OpenID Connect
 * hand-off: FAKE_OIDC_CODE signs in as the fake account, any other code is spent or expired.
 */

export const DEFAULT_SIGN_IN_OPTIONS: SignInOptions = { password: true, registration: "open", oidc: null };
export const FAKE_OIDC_CODE = "fake-oidc-code";

/** A handler answering GET /auth/options with these options instead (for `server.use`). */
export function signInOptionsAre(options: Partial<SignInOptions>) {
  return http.get(signInOptionsPaths.options, () =>
    HttpResponse.json<SignInOptions>({ ...DEFAULT_SIGN_IN_OPTIONS, ...options }),
  );
}

export const signInOptionsHandlers = [
  signInOptionsAre({}),
  http.post<never, { code?: string }, AuthResponse | ErrorBody>(
    signInOptionsPaths.oidcExchange,
    async ({ request }) => {
      const { code } = await request.json();
      if (code !== FAKE_OIDC_CODE) {
        return HttpResponse.json<ErrorBody>(
          { message: "This sign-in link has expired or was already used. Please sign in again." },
          { status: 401 },
        );
      }
      return HttpResponse.json<AuthResponse>({ token: "fake-oidc-token", user: currentAccount().user });
    },
  ),
];
