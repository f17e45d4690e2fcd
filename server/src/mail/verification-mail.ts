import type { OutgoingMail } from "./mailer";

/**
 * The verification e-mail (issue 2). The code stands plainly in subject and text: when SMTP_URL is
 * unset the text goes to the server log, where people (and the e2e suite) read it.
 */
export function verificationMail(to: string, code: string, expiresInMinutes: number): OutgoingMail {
  return {
    to,
    subject: `Your Tasklane verification code: ${code}`,
    text: [
      `Your Tasklane verification code is ${code}`,
      "",
      `Enter it on the registration page to create your account. It expires in ${expiresInMinutes} minutes.`,
      "",
      "If you did not ask to sign up for Tasklane, you can ignore this e-mail.",
    ].join("\n"),
  };
}
