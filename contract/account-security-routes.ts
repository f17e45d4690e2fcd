import { apiPaths } from "./api-paths";
import { authResponseSchema } from "./auth";
import {
  deleteAccountRequestSchema,
  recoveryCodesSchema,
  sessionListSchema,
  twoFactorCodeRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyRequestSchema,
} from "./account-security";
import { authErrors, bodyErrors, type RouteDefinition, sessionOnly } from "./route-definition";

/** Two-factor sign-in, the signed-in sessions and deleting the account. */
export const accountSecurityRoutes = {
  twoFactorStatus: {
    method: "GET",
    path: apiPaths.twoFactorStatus,
    summary: "Whether sign-in asks for an authenticator code, and how many recovery codes are left",
    auth: true,
    response: twoFactorStatusSchema,
    errors: { ...authErrors, ...sessionOnly },
  },
  twoFactorSetup: {
    method: "POST",
    path: apiPaths.twoFactorSetup,
    summary: "Start two-factor sign-in: a new authenticator secret, confirmed by the enable call",
    auth: true,
    response: twoFactorSetupSchema,
    errors: { ...bodyErrors, ...authErrors, ...sessionOnly, 409: "Two-factor sign-in is already on" },
  },
  twoFactorEnable: {
    method: "POST",
    path: apiPaths.twoFactorEnable,
    summary: "Turn two-factor sign-in on with a code of the new secret; answers the recovery codes once",
    auth: true,
    body: twoFactorCodeRequestSchema,
    response: recoveryCodesSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong code, or no secret set up first",
      ...authErrors,
      ...sessionOnly,
      409: "Two-factor sign-in is already on",
      429: "5 wrong codes for the account in 15 minutes",
    },
  },
  twoFactorVerify: {
    method: "POST",
    path: apiPaths.twoFactorVerify,
    summary: "Finish a sign-in that asked for a second factor: an authenticator or recovery code",
    auth: false,
    body: twoFactorVerifyRequestSchema,
    response: authResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, or a wrong, used or replayed code",
      401: "The challenge is unknown, used or older than 5 minutes: sign in again",
      429: "5 wrong codes for the account in 15 minutes (a new challenge does not reset it)",
    },
  },
  twoFactorDisable: {
    method: "POST",
    path: apiPaths.twoFactorDisable,
    summary: "Turn two-factor sign-in off, with an authenticator or recovery code",
    auth: true,
    body: twoFactorCodeRequestSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong code, or two-factor sign-in is off",
      ...authErrors,
      ...sessionOnly,
      429: "5 wrong codes for the account in 15 minutes",
    },
  },
  listSessions: {
    method: "GET",
    path: apiPaths.listSessions,
    summary: "The signed-in browsers and apps, most recently used first",
    auth: true,
    response: sessionListSchema,
    errors: { ...authErrors, ...sessionOnly },
  },
  deleteSession: {
    method: "DELETE",
    path: apiPaths.deleteSession,
    summary: "Sign one session out",
    auth: true,
    errors: { ...authErrors, ...sessionOnly, 404: "No such live session of the signed-in user" },
  },
  deleteOtherSessions: {
    method: "DELETE",
    path: apiPaths.deleteOtherSessions,
    summary: "Sign out everywhere else: every session but this one",
    auth: true,
    errors: { ...authErrors, ...sessionOnly },
  },
  deleteAccount: {
    method: "DELETE",
    path: apiPaths.deleteAccount,
    summary: "Delete the account and everything of it, at once",
    auth: true,
    body: deleteAccountRequestSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, a wrong password or code, or neither given",
      ...authErrors,
      ...sessionOnly,
      429: "5 wrong two-factor codes for the account in 15 minutes",
    },
  },
} as const satisfies Record<string, RouteDefinition>;
