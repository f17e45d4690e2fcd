import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where the end-to-end run puts things. playwright.config.ts is evaluated in the runner and again
 * in every worker; the runner decides once and the workers, forked from it, inherit process.env,
 * so everyone agrees on the same ports and data directory.
 *
 * Ports are fixed (overridable) rather than random because playwright.config.ts names the default
 * instance's URL (baseURL) before global setup starts it, and SMTP_URL must name the sink's port.
 */
export function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port (1-65535), got "${raw}"`);
  }
  return port;
}

// A fresh SQLite database for every run: the journey registers new users and must not meet old ones.
const dataDir = (process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "tasklane-e2e-")));

const port = portFrom("E2E_PORT", 3100);

export const e2eEnvironment = {
  /** The real server (API + built SPA). */
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  /** The SMTP sink that catches outbound mail (verification codes); the server's SMTP_URL. */
  smtpSinkPort: portFrom("E2E_SMTP_SINK_PORT", 2601),
  /** The server's inbound SMTP listener, for specs that mail tasks in. */
  inboundSmtpPort: portFrom("E2E_INBOUND_SMTP_PORT", 2600),
  dataDir,
  /** Debian's chromium (Playwright cannot download its own browser here). */
  chromiumPath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
};

/**
 * The environment every server instance of the run starts with: SQLite in its own `dataDir`
 * (whatever the developer's shell says), the built SPA, verification codes mailed to the run's
 * SMTP sink, no CORS, no proxy, only warnings and errors in the test output. Each instance adds
 * what is its own (playwright.config.ts, ai-instance.ts).
 */
/** The authserv-id of the MTA the e2e mail pretends to have passed through. */
export const E2E_MTA = "mx.e2e.tasklane.test";

export function serverEnvironment(instance: {
  port: number;
  baseUrl: string;
  dataDir: string;
}): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    PORT: String(instance.port),
    PUBLIC_URL: instance.baseUrl,
    DATA_DIR: instance.dataDir,
    DATABASE_URL: "",
    STATIC_DIR: "./dist",
    SMTP_URL: `smtp://127.0.0.1:${e2eEnvironment.smtpSinkPort}`,
    CORS_ORIGINS: "",
    TRUST_PROXY: "false",
    // Every journey signs up from this one machine: more codes per client than a person needs.
    AUTH_CODES_PER_CLIENT_PER_HOUR: "500",
    AUTH_SIGN_INS_PER_CLIENT: "1000",
    LOG_LEVEL: "warn",
    // Reminders, their e-mails and daily plans are jobs: found within a quarter of a second of
    // their time rather than a second (the journeys wait for them).
    JOBS_POLL_INTERVAL_MS: "250",
    // The calendar journey serves its .ics file from this machine, which the server otherwise refuses.
    CALENDAR_ALLOW_PRIVATE: "true",
    // Mail to the inbound listener comes as if through the operator's MTA, which checked it and
    // says so in an Authentication-Results header (see support/inbound-mail.ts).
    INBOUND_TRUSTED_AUTHSERV_IDS: E2E_MTA,
  };
}
