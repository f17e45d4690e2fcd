import type { ApiToken, Credentials } from "@contract/integrations";
import type { AppDeps } from "../../app-types";
import { listApiTokens, revokeAllApiTokens } from "../api-tokens/service";
import { listSessions } from "../auth/service";
import { listAppPasswords, revokeAllAppPasswords } from "../caldav";

type CredentialDeps = Pick<AppDeps, "db" | "clock">;

/** GET /api/v1/credentials: every live way into the account, each with its last use. */
export async function listCredentials(
  deps: CredentialDeps,
  userId: string,
  currentSessionId: string | null,
): Promise<Credentials> {
  return {
    sessions: await listSessions(deps, userId, currentSessionId),
    api_tokens: await listApiTokens(deps.db, userId),
    app_passwords: await listAppPasswords(deps.db, userId),
  };
}

/**
 * What else ends when the account password changes (the auth service has ended the other
 * sessions and the live-update streams). App passwords end: a device set up with the old
 * password's account must be set up again, as with any mail provider. A reset (someone lost the
 * password, or it was taken) also revokes every API token; a change leaves them to the person,
 * and returns those still live so they can be kept or revoked in one step.
 */
export async function endCredentialsAfterNewPassword(
  deps: CredentialDeps,
  userId: string,
  how: "changed" | "reset",
): Promise<ApiToken[]> {
  await revokeAllAppPasswords(deps.db, deps.clock, userId);
  if (how === "reset") await revokeAllApiTokens(deps.db, userId);
  return listApiTokens(deps.db, userId);
}
