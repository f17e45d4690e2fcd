import { apiPaths, pathFor } from "@contract/api-paths";
import {
  accountDeletionOptionsSchema,
  oidcDeletionConfirmationSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type AccountDeletionOptions,
  type DeleteAccountRequest,
  type OidcDeletionConfirmation,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@contract/account-security";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** Two-factor sign-in's state, and how the account confirms its deletion (Settings). */
export const accountSecurityQueries = {
  twoFactor: () =>
    queryOptions({
      queryKey: queryKeys.auth.twoFactor(),
      queryFn: async ({ signal }): Promise<TwoFactorStatus> =>
        twoFactorStatusSchema.parse(
          (await apiClient.get<unknown>(apiPaths.twoFactorStatus, { signal })).data,
        ),
    }),
  deletionOptions: () =>
    queryOptions({
      queryKey: queryKeys.auth.deletionOptions(),
      queryFn: async ({ signal }): Promise<AccountDeletionOptions> =>
        accountDeletionOptionsSchema.parse(
          (await apiClient.get<unknown>(apiPaths.accountDeletionOptions, { signal })).data,
        ),
    }),
};

export async function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return twoFactorSetupSchema.parse((await apiClient.post<unknown>(apiPaths.twoFactorSetup)).data);
}

export async function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return recoveryCodesSchema.parse((await apiClient.post<unknown>(apiPaths.twoFactorEnable, { code })).data);
}

export async function disableTwoFactor(code: string): Promise<void> {
  await apiClient.post(apiPaths.twoFactorDisable, { code });
}

export async function signOutSession(id: string): Promise<void> {
  await apiClient.delete(pathFor(apiPaths.deleteSession, { id }));
}

export async function signOutOtherSessions(): Promise<void> {
  await apiClient.delete(apiPaths.deleteOtherSessions);
}

export async function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  await apiClient.delete(apiPaths.deleteAccount, { data: request });
}

/** Begins a re-login at the OpenID Provider; the browser is then sent to the path it answers. */
export async function beginOidcDeletionConfirmation(): Promise<OidcDeletionConfirmation> {
  return oidcDeletionConfirmationSchema.parse(
    (await apiClient.post<unknown>(apiPaths.oidcDeletionConfirmation)).data,
  );
}
