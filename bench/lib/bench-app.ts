import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAiProvider } from "../../server/src/ai";
import { buildApp } from "../../server/src/app";
import type { App, AppDeps } from "../../server/src/app-types";
import { parseConfig } from "../../server/src/config";
import { createDatabase, engineOf, migrateToLatest } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { newId } from "../../server/src/lib/ids";
import { createSession } from "../../server/src/modules/auth/session-repository";

export interface BenchApp {
  app: App;
  deps: AppDeps;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app — same plugins, same SQLite settings (WAL, synchronous=FULL) — on a fresh file in
 * a temporary directory, or on the PostgreSQL database of `databaseUrl` (migrated; bench users
 * are new each run), listening on loopback only. `beforeListen` may add bench-only routes.
 */
export async function startBenchApp(
  options: { beforeListen?: (app: App) => void; databaseUrl?: string } = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tasklane-bench-"));
  const config = parseConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    INBOUND_SMTP_PORT: "0",
    STATIC_DIR: path.join(dataDir, "no-spa"),
  });
  const databaseOptions = {
    databaseUrl: options.databaseUrl,
    sqlitePath: path.join(dataDir, "tasklane.sqlite"),
  };
  const db = createDatabase(databaseOptions);
  await migrateToLatest(db);
  const deps: AppDeps = {
    config,
    db,
    engine: engineOf(databaseOptions),
    clock: systemClock,
    mailer: { send: async () => undefined },
    ai: createAiProvider(config.ai),
  };
  const app = await buildApp(deps);
  options.beforeListen?.(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    deps,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
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
  const { token } = await createSession(deps.db, id, now, 1);
  return { id, token };
}
