import { z } from "zod";
import { authResponseSchema } from "./auth";
import { signedInSessionSchema } from "./integrations";

/*
 * Two-factor sign-in, the signed-in sessions and deleting the account: the shapes of their calls.
 */

export const RECOVERY_CODE_COUNT = 10;
export const INVALID_TWO_FACTOR_CODE_MESSAGE = "Invalid two-factor code";

/** A 6-digit authenticator code or a recovery code; spaces and dashes are ignored. */
const twoFactorCodeSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, { error: "Enter the code from your authenticator app or a recovery code" })
  .max(64, { error: INVALID_TWO_FACTOR_CODE_MESSAGE })
  .meta({ description: "A 6-digit authenticator code, or one of the unused recovery codes" });

export const twoFactorStatusSchema = /* @__PURE__ */ z.object({
  enabled: z.boolean().describe("Sign-in asks for an authenticator code"),
  recovery_codes_left: z.number().int().describe("Unused recovery codes (0 while two-factor is off)"),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = /* @__PURE__ */ z.object({
  secret: z.string().describe("The authenticator secret, Base32, to type in by hand"),
  otpauth_url: z.string().describe("The same as an otpauth:// URI, shown as a QR code"),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeRequestSchema = /* @__PURE__ */ z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

export const recoveryCodesSchema = /* @__PURE__ */ z.object({
  recovery_codes: z
    .array(z.string())
    .describe(`${RECOVERY_CODE_COUNT} one-use codes for when the authenticator is lost, shown only now`),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorRequiredSchema = /* @__PURE__ */ z.object({
  two_factor_required: z.literal(true),
  challenge: z.string().describe("Send it with a code to POST /auth/2fa/verify within 5 minutes"),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** A sign-in signs in, or asks for the second factor when the account has one. */
export const loginResponseSchema = /* @__PURE__ */ z.union([authResponseSchema, twoFactorRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorVerifyRequestSchema = /* @__PURE__ */ z.object({
  challenge: z.string().min(1, { error: "challenge is required" }).max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

export const sessionListSchema = /* @__PURE__ */ z.array(signedInSessionSchema);

/**
 * The account's password; an account without one confirms with a two-factor code or a re-login at
 * the OpenID Provider (the `confirmation` its callback gave) instead.
 */
export const deleteAccountRequestSchema = /* @__PURE__ */ z.object({
  password: z.string().min(1, { error: "Enter your password" }).max(1024).optional(),
  code: twoFactorCodeSchema.optional(),
  confirmation: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("From the web app's `#delete_account=…` after a re-login at the OpenID Provider"),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** How the signed-in account may confirm its deletion. */
export const accountDeletionOptionsSchema = /* @__PURE__ */ z.object({
  password: z.boolean().describe("The account has a password of its own to confirm with"),
  oidc: z
    .object({ name: z.string() })
    .nullable()
    .describe("The OpenID Provider the account may sign in again at to confirm (its identity is linked)"),
  two_factor: z
    .boolean()
    .describe("Two-factor sign-in is on: an account without a password may confirm with a code"),
});
export type AccountDeletionOptions = z.infer<typeof accountDeletionOptionsSchema>;

export const oidcDeletionConfirmationSchema = /* @__PURE__ */ z.object({
  start_path: z
    .string()
    .describe("Open it in the browser (after the API's origin): it leads to the provider's sign-in"),
});
export type OidcDeletionConfirmation = z.infer<typeof oidcDeletionConfirmationSchema>;

/**
 * Where the provider's re-login lands in the web app: `#delete_account=<confirmation>` for
 * DELETE /auth/account, or `#delete_account_error=<OidcErrorCode>`. A fragment reaches no server.
 */
export const ACCOUNT_DELETION_LANDING_PATH = "/settings";
export const DELETION_FRAGMENT_KEYS = {
  confirmation: "delete_account",
  error: "delete_account_error",
} as const;
export const WRONG_IDENTITY_MESSAGE =
  "You signed in again as someone else at the identity provider. Sign in as the person linked to this account.";
export const DELETION_CONFIRMATION_EXPIRED_MESSAGE =
  "This confirmation has expired or was already used. Please confirm again.";
