import { createAiProvider } from "./ai";
import { buildApp } from "./app";
import { testConfig } from "./config";
import { createDatabase } from "./db/database";
import { systemClock } from "./lib/clock";

/**
 * The OpenAPI document as the server serves it at /docs/json, built from an app on an empty
 * in-memory database (the document depends on the routes only, never on the data).
 */
export async function openApiDocument(): Promise<unknown> {
  const config = testConfig({ STATIC_DIR: "./no-spa-for-openapi" });
  const db = createDatabase({ sqlitePath: ":memory:" });
  const app = await buildApp({
    config,
    db,
    engine: "sqlite",
    clock: systemClock,
    mailer: { send: async () => undefined },
    ai: createAiProvider(config.ai),
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.destroy();
  }
}
