import { createAiProvider } from "../../server/src/ai";
import type { AppDeps } from "../../server/src/app-types";
import type { Config } from "../../server/src/config";
import { engineOf, type Db } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { newId } from "../../server/src/lib/ids";
import { createSession } from "../../server/src/modules/auth/session-repository";

/** What seeding writes with: the real database and clock; no mail leaves, the AI is the configured one. */
export function seedingDeps(config: Config, db: Db): AppDeps {
  return {
    config,
    db,
    engine: engineOf(config),
    clock: systemClock,
    mailer: { send: async () => undefined },
    ai: createAiProvider(config.ai),
  };
}

/** A user row and a live session, written directly: the bench measures tasks, not sign-up. */
export async function seedUser(deps: AppDeps, label: string): Promise<{ id: string; token: string }> {
  const id = newId();
  const now = deps.clock.now();
  const name = `bench-${label}-${id.slice(0, 8)}`;
  await deps.db
    .insertInto("users")
    .values({
      id,
      email: `${name}@example.com`,
      email_lower: `${name}@example.com`,
      username: name,
      username_lower: name,
      password_hash: "not-a-password-hash: bench users never sign in",
      first_name: null,
      last_name: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  const { token } = await createSession(deps.db, id, now, 1, { userAgent: "bench", ip: "127.0.0.1" });
  return { id, token };
}
