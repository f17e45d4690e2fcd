import type { OutgoingMail } from "./mailer";

/**
 * The verification e-mail. The code stands plainly in subject and text: when SMTP_URL is
 * unset its code is written to the server log as one plain line, where people read it.
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
    logLine: `Verification code for ${to}: ${code} (SMTP_URL is unset, so it was not e-mailed)`,
  };
}

/**
 * Sent instead of a code when the address already has an account: the answer to the request is
 * the same as for a new address (nobody can learn who has an account), and the owner learns that
 * someone tried, perhaps themselves having forgotten they signed up.
 */
export function existingAccountMail(to: string, publicUrl: string): OutgoingMail {
  return {
    to,
    subject: "Someone tried to sign up to Tasklane with your address",
    text: [
      "Someone asked to create a Tasklane account with this e-mail address, which already has one.",
      "",
      `If it was you, sign in instead: ${new URL("/login", publicUrl).toString()}`,
      "",
      "If it was not you, you can ignore this e-mail: nothing has changed on your account.",
    ].join("\n"),
  };
}

/** The "Forgot password?" e-mail; like the sign-up code, the code stands plainly in subject and text. */
export function passwordResetMail(to: string, code: string, expiresInMinutes: number): OutgoingMail {
  return {
    to,
    subject: `Your Tasklane password reset code: ${code}`,
    text: [
      `Your Tasklane password reset code is ${code}`,
      "",
      `Enter it on the sign-in page, under "Forgot password?", to choose a new password. It expires in ${expiresInMinutes} minutes.`,
      "",
      "If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}
