import { buildApp } from "./app";
import { createAiProvider } from "./ai";
import { parseConfig } from "./config";
import { engineOf, openDatabase } from "./db/database";
import { systemClock } from "./lib/clock";
import { createLogger } from "./lib/logger";
import { createMailer } from "./mail/mailer";
import { vapidKeys } from "./modules/push/service";
import { startBackgroundServices } from "./services";

async function main(): Promise<void> {
  const config = parseConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config);
  // The Web Push key pair, made on the first start and shared through the database.
  await vapidKeys(db, systemClock);
  const deps = {
    config,
    db,
    engine: engineOf(config),
    clock: systemClock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, logger),
    ai: createAiProvider(config.ai),
  };
  const app = await buildApp(deps, { loggerInstance: logger });
  await app.listen({ port: config.port, host: config.host });
  const stopServices = await startBackgroundServices(app, deps);

  const shutdown = async (signal: string) => {
    logger.info(`${signal} received, shutting down`);
    await stopServices();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
