import type {
  AccountDeletionOptions,
  OidcDeletionConfirmation,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from "@contract/account-security";
import type { ErrorBody } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import { http, HttpResponse } from "msw";

/**
 * An in-memory fake of two-factor sign-in as Settings uses it: status, set-up, enable and
 * disable. The one code the fake "authenticator" shows is FAKE_TOTP_CODE.
 */

export const FAKE_TOTP_CODE = "246810";
export const FAKE_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, "0")}`);

let state: { setUp: boolean; enabled: boolean } = { setUp: false, enabled: false };

export const twoFactorStore = {
  reset(seed: { enabled?: boolean } = {}): void {
    state = { setUp: seed.enabled ?? false, enabled: seed.enabled ?? false };
  },
  enabled: (): boolean => state.enabled,
};

const wrongCode = () => HttpResponse.json<ErrorBody>({ message: "Invalid two-factor code" }, { status: 400 });

async function codeOf(request: Request): Promise<string | undefined> {
  return ((await request.json().catch(() => ({}))) as { code?: string }).code;
}

export const accountSecurityHandlers = [
  http.get(apiRoutes.twoFactorStatus.path, () =>
    HttpResponse.json<TwoFactorStatus>({
      enabled: state.enabled,
      recovery_codes_left: state.enabled ? RECOVERY_CODES.length : 0,
    }),
  ),
  http.post(apiRoutes.twoFactorSetup.path, () => {
    state.setUp = true;
    return HttpResponse.json<TwoFactorSetup>({
      secret: FAKE_TOTP_SECRET,
      otpauth_url: `otpauth://totp/Tasklane:ada%40example.com?secret=${FAKE_TOTP_SECRET}&issuer=Tasklane`,
    });
  }),
  http.post<never, never, RecoveryCodes | ErrorBody>(apiRoutes.twoFactorEnable.path, async ({ request }) => {
    if (!state.setUp || (await codeOf(request)) !== FAKE_TOTP_CODE) return wrongCode();
    state.enabled = true;
    return HttpResponse.json<RecoveryCodes>({ recovery_codes: RECOVERY_CODES });
  }),
  http.post(apiRoutes.twoFactorDisable.path, async ({ request }) => {
    if ((await codeOf(request)) !== FAKE_TOTP_CODE) return wrongCode();
    state = { setUp: false, enabled: false };
    return new HttpResponse(null, { status: 204 });
  }),
  // Deleting the account: an account with a password, on a server without single sign-on.
  http.get(apiRoutes.accountDeletionOptions.path, () =>
    HttpResponse.json<AccountDeletionOptions>({ password: true, oidc: null, two_factor: false }),
  ),
  http.post(apiRoutes.oidcDeletionConfirmation.path, () =>
    HttpResponse.json<OidcDeletionConfirmation>({ start_path: "/auth/oidc/start?confirm=fake-login" }),
  ),
  http.delete(apiRoutes.deleteAccount.path, () => new HttpResponse(null, { status: 204 })),
];
