import type { Writable } from "node:stream";
import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";

/**
 * Where every secret could appear in a log line. They are replaced by "[redacted]" before the
 * line is written: passwords, verification codes, session tokens and their hashes, and the
 * Authorization header (session tokens, the inbound webhook's secret).
 */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.password",
  "*.current_password",
  "*.new_password",
  "*.verification_code",
  "*.code_hash",
  "*.token",
  "*.token_hash",
  "*.api_key",
  "*.apiKey",
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } };
}

export interface LoggerTarget {
  /** Where the lines go (default: stdout). */
  destination?: Writable;
  /** Human-readable lines instead of JSON (default: when stdout is a terminal). */
  pretty?: boolean;
}

/**
 * The server's logger: one readable line per event when a person watches a terminal, one JSON
 * object per line otherwise (systemd's journal, Docker, a log shipper), so machines can parse it.
 */
export function createLogger(level: string, target: LoggerTarget = {}): Logger {
  const destination = target.destination ?? process.stdout;
  const readable = target.pretty ?? Boolean(process.stdout.isTTY);
  if (!readable) return pino(loggerOptions(level), destination);
  return pino(
    loggerOptions(level),
    pretty({
      destination,
      colorize: destination === process.stdout,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      // Writes in order with the rest of the process's output (no worker thread).
      sync: true,
    }),
  );
}
