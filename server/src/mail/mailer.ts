import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
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
        logger.info({ to: mail.to, subject: mail.subject }, `Outgoing mail (SMTP_URL unset):\n${mail.text}`);
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
