import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import type { AppDeps } from "../../app-types";
import { countInboundMail } from "../../lib/metrics";
import { consumeRateLimit, currentHits } from "../../lib/rate-limit";
import { findRecipientUser, receiveMail } from "./service";

/** Per client address: how many connections at once and messages per minute it may use. */
export const SMTP_LIMITS = {
  connectionsPerClient: 5,
  messagesPerMinutePerClient: 30,
  maxClients: 100,
} as const;

/**
 * Guessing names at RCPT TO would tell which accounts exist: a client that named 10 unknown
 * recipients in 15 minutes gets a temporary refusal for every recipient, known or not, until the
 * window ends. Counted in the database, so it holds across connections and server instances.
 */
export const RCPT_PROBE_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

async function recipientAnswer(
  deps: Pick<AppDeps, "db" | "config" | "clock">,
  address: string,
  remoteAddress: string,
): Promise<Error | undefined> {
  const now = deps.clock.now();
  const rule = { key: `smtpUnknownRcpt:${remoteAddress}`, ...RCPT_PROBE_LIMIT };
  const probes = await currentHits(deps.db, rule.key, now);
  if (probes.hits >= rule.limit) {
    return smtpError("Too many unknown recipients from your address, try again later", 450);
  }
  if (await findRecipientUser(deps.db, deps.config.mailDomain, address)) return undefined;
  await consumeRateLimit(deps.db, rule, now);
  return smtpError("No such user here", 550);
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export interface InboundSmtpListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The inbound SMTP listener: unknown recipients refused at RCPT (550), oversized
 * messages refused (552), STARTTLS when a certificate is configured, connections and messages
 * limited per client. Each accepted message goes through `receiveMail`.
 */
export async function startInboundSmtp(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "ai" | "mailDnsResolver">,
  log: FastifyBaseLogger,
  options: { port?: number; host?: string } = {},
): Promise<InboundSmtpListener> {
  const { inbound, mailDomain } = deps.config;
  const tls =
    inbound.tlsKeyPath && inbound.tlsCertPath
      ? { key: readFileSync(inbound.tlsKeyPath), cert: readFileSync(inbound.tlsCertPath) }
      : undefined;
  const connections = new Map<string, number>();
  const recentMessages = new Map<string, number[]>();

  const serverOptions: SMTPServerOptions = {
    name: mailDomain,
    banner: "Tasklane inbound mail",
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(tls ?? {}),
    size: inbound.maxBytes,
    maxClients: SMTP_LIMITS.maxClients,
    logger: false,
    onConnect(session, callback) {
      const count = (connections.get(session.remoteAddress) ?? 0) + 1;
      if (count > SMTP_LIMITS.connectionsPerClient) {
        return callback(smtpError("Too many connections from your address, try again later", 421));
      }
      connections.set(session.remoteAddress, count);
      callback();
    },
    onClose(session) {
      const count = (connections.get(session.remoteAddress) ?? 1) - 1;
      if (count <= 0) connections.delete(session.remoteAddress);
      else connections.set(session.remoteAddress, count);
    },
    onMailFrom(_address, session, callback) {
      const now = deps.clock.now().getTime();
      const recent = (recentMessages.get(session.remoteAddress) ?? []).filter((at) => now - at < 60_000);
      if (recent.length >= SMTP_LIMITS.messagesPerMinutePerClient) {
        return callback(smtpError("Too many messages from your address, slow down", 451));
      }
      recent.push(now);
      recentMessages.set(session.remoteAddress, recent);
      callback();
    },
    onRcptTo(address, session, callback) {
      recipientAnswer(deps, address.address, session.remoteAddress).then(
        (error) => callback(error),
        (error: unknown) => {
          log.error({ err: error }, "Inbound SMTP recipient lookup failed");
          callback(smtpError("Temporary failure, try again later", 451));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          log.warn({ remoteAddress: session.remoteAddress }, "Inbound mail refused: over the size limit");
          countInboundMail([{ status: "refused", reason: "too_large" }]);
          return callback(smtpError(`Message exceeds the size limit of ${inbound.maxBytes} bytes`, 552));
        }
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        const envelope = {
          ip: session.remoteAddress,
          helo: session.hostNameAppearsAs,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        };
        receiveMail(deps, { raw: Buffer.concat(chunks), recipients, envelope }, log).then(
          (outcomes) => {
            countInboundMail(outcomes);
            const refusal = outcomes.find((outcome) => outcome.status === "refused");
            if (refusal && outcomes.every((outcome) => outcome.status === "refused")) {
              // Over the day's task limit is temporary: the sending server retries later.
              return callback(smtpError(refusal.message, refusal.reason === "daily_limit" ? 452 : 550));
            }
            callback();
          },
          (error: unknown) => {
            log.error({ err: error }, "Inbound mail could not be stored");
            callback(smtpError("Temporary failure, try again later", 451));
          },
        );
      });
    },
  };

  const server = new SMTPServer(serverOptions);
  server.on("error", (error) => log.error({ err: error }, "Inbound SMTP error"));
  const port = options.port ?? inbound.smtpPort;
  const host = options.host ?? inbound.smtpHost;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  log.info(`Inbound SMTP listening on ${host}:${address.port} for *@${mailDomain}`);
  if (inbound.senderPolicy === "owner-unverified") {
    log.warn(
      "INBOUND_SENDER_POLICY=owner-unverified believes the From header alone, which anyone can forge: use it only for development",
    );
  }
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
