import { useMutation } from "@tanstack/react-query";
import { useSessionStore } from "@/stores/session-store";
import { queryKeys } from "../query-keys";
import {
  beginOidcDeletionConfirmation,
  deleteAccount,
  disableTwoFactor,
  enableTwoFactor,
  setUpTwoFactor,
  signOutOtherSessions,
  signOutSession,
} from "./account-security-queries";

/** POST /auth/2fa/setup: a new secret to show as a QR code. */
export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: setUpTwoFactor,
    meta: { errorTitle: "Could not start two-factor sign-in", errorMessage: "Please try again" },
  });
}

/** POST /auth/2fa/enable: a wrong code is shown under the field, not toasted. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor, meta: { invalidates: [queryKeys.auth.twoFactor()] } });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor, meta: { invalidates: [queryKeys.auth.twoFactor()] } });
}

/** A session signed out refreshes the sign-ins list. */
const sessionChange = (errorTitle: string) => ({
  invalidates: [queryKeys.integrations.credentials()],
  errorTitle,
  errorMessage: "Please try again",
});

export function useSignOutSession() {
  return useMutation({ mutationFn: signOutSession, meta: sessionChange("Could not sign that session out") });
}

export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: signOutOtherSessions,
    meta: sessionChange("Could not sign the other sessions out"),
  });
}

/** DELETE /auth/account: the account is gone, so this tab signs out (a wrong password shows in the form). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => useSessionStore.getState().clear(),
  });
}

/** POST /auth/account/oidc-confirmation: the screen sends the browser on to the provider. */
export function useBeginOidcDeletionConfirmation() {
  return useMutation({
    mutationFn: beginOidcDeletionConfirmation,
    meta: { errorTitle: "Could not reach the identity provider", errorMessage: "Please try again" },
  });
}
