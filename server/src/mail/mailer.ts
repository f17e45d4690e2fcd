import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /**
   * What the log says instead of the message when no mail server is configured: one plain line
   * a person running the server finds at a glance (the verification code, for instance).
   */
  logLine?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Mail over SMTP_URL; when it is unset the message is written to the server log instead. */
export function createMailer(
  options: { smtpUrl?: string; from: string },
  logger: Pick<FastifyBaseLogger, "info">,
): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        logger.info(mail.logLine ?? `Mail to ${mail.to} not sent (SMTP_URL is unset): ${mail.subject}`);
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
