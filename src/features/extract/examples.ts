import type { ExtractionStrategy } from "@contract/extract";

export interface ExtractionExample {
  id: string;
  title: string;
  summary: string;
  /** The method the example is written for; "Try This Example" switches to it. */
  strategy: ExtractionStrategy;
  content: string;
}

/** Example snippets, each with a "Try This Example" button. */
export const EXTRACTION_EXAMPLES: readonly ExtractionExample[] = [
  {
    id: "markdown-checklist",
    title: "Markdown checklist",
    summary: "Checkboxes with #urgent and #high priorities, tags and due dates.",
    strategy: "pattern",
    content: [
      "## Website launch",
      "- [ ] Fix the checkout bug #urgent #shop tomorrow",
      "- [ ] Write the release notes #high #docs next friday",
      "  Cover the new pricing page and the dark mode",
      "- [ ] Ask legal to review the privacy policy #legal",
      "- [x] Book the photographer #low",
    ].join("\n"),
  },
  {
    id: "meeting-notes",
    title: "Meeting notes",
    summary: "TODO: and DONE: lines from a team sync.",
    strategy: "pattern",
    content: [
      "Weekly sync, product team",
      "Attendees: Priya, Marco, Lena",
      "",
      "We agreed to move the beta to the 3rd week of the month.",
      "TODO: Update the onboarding deck by 5pm #high",
      "TODO: Send the meeting summary to the whole team",
      "DONE: Migrate the staging database #infra",
      "todo: Schedule the Q3 planning session tomorrow",
    ].join("\n"),
  },
  {
    id: "client-email",
    title: "E-mail from a client",
    summary: "Requests written in prose: the AI method finds them.",
    strategy: "llm",
    content: [
      "Hi Sam,",
      "",
      "Thanks for the update on the Henderson account. Could you please send me the revised " +
        "contract by Thursday? We also need to book a meeting room for the client visit next week.",
      "",
      "Don't forget to renew the SSL certificate before it expires on Friday, it's urgent.",
      "",
      "Best,",
      "Jordan",
    ].join("\n"),
  },
];
