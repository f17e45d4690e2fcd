import type { OutgoingMail } from "./mailer";

/** The weekly review by e-mail: the summary, the slipped and upcoming titles, and where to act. */
export function weeklyReviewMail(
  to: string,
  review: { week: string; summary: string; slipped: string[]; upcoming: string[] },
  publicUrl: string,
): OutgoingMail {
  const list = (titles: string[]) => titles.slice(0, 10).map((title) => `- ${title}`);
  return {
    to,
    subject: `Your weekly review (${review.week})`,
    text: [
      review.summary,
      ...(review.slipped.length > 0 ? ["", "Slipped:", ...list(review.slipped)] : []),
      ...(review.upcoming.length > 0 ? ["", "Due next week:", ...list(review.upcoming)] : []),
      "",
      `Open the review: ${new URL(`/review?week=${review.week}`, publicUrl).toString()}`,
      "",
      `You get this e-mail because the weekly review e-mail is on. Turn it off in Settings: ${new URL("/settings", publicUrl).toString()}`,
    ].join("\n"),
    logLine: `Weekly review for ${to} not e-mailed (SMTP_URL is unset): ${review.summary}`,
  };
}
