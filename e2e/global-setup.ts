import { rmSync } from "node:fs";
import { aiInstanceServer } from "./support/ai-instance";
import { e2eEnvironment } from "./support/environment";
import { buildServer, startInstance, type ServerInstance } from "./support/instances";
import { oidcInstanceServer } from "./support/oidc-instance";
import { startSmtpSink } from "./support/smtp-sink";

/** The instance every journey uses unless it picks another. */
const defaultInstance: ServerInstance = {
  name: "server",
  port: e2eEnvironment.port,
  baseUrl: e2eEnvironment.baseUrl,
  env: {
    INBOUND_SMTP_PORT: String(e2eEnvironment.inboundSmtpPort),
    // The built-in offline AI engine (the AI journeys have an instance of their own).
    AI_BASE_URL: process.env.E2E_AI_BASE_URL ?? "",
  },
};

/**
 * Starts the SMTP sink the servers mail verification codes to, compiles the server, and starts
 * the run's server instances side by side (support/instances.ts). The mailbox URL reaches the
 * specs through process.env, which the workers inherit.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [sink] = await Promise.all([
    startSmtpSink({ host: "127.0.0.1", smtpPort: e2eEnvironment.smtpSinkPort }),
    buildServer(),
  ]);
  process.env.E2E_MAILBOX_URL = sink.mailboxUrl;
  const started = await Promise.allSettled(
    [defaultInstance, aiInstanceServer, oidcInstanceServer].map(startInstance),
  );
  const instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));

  const teardown = async () => {
    // The instances first: their databases are in the data directory removed below.
    await Promise.all(instances.map((instance) => instance.stop()));
    await sink.close();
    rmSync(e2eEnvironment.dataDir, { recursive: true, force: true });
  };
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await teardown();
    throw failure.reason;
  }
  return teardown;
}
