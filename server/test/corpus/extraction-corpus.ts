import type { TaskPriority } from "@contract/tasks";

/**
 * The extraction corpus: realistic texts with the tasks a person would
 * expect from the pattern method and from the built-in engine. Read at a fixed moment:
 * Wednesday 18 November 2026, 10:00 in New York (15:00 UTC), unless a case says otherwise.
 *
 * A date-only deadline is due at the end of that day in the reader's zone: "tomorrow" read in
 * New York is Thursday 19 November 23:59:59 EST = 2026-11-20T04:59:59.000Z.
 */

export const CORPUS_NOW = "2026-11-18T15:00:00.000Z";
export const CORPUS_TIME_ZONE = "America/New_York";

/** What is checked of each task; fields left out must have their defaults (description is only checked when given). */
export interface ExpectedTask {
  title: string;
  priority?: TaskPriority;
  status?: "pending" | "completed";
  due_date?: string | null;
  tags?: string[];
  description?: string | null;
}

export interface CorpusCase {
  name: string;
  text: string;
  timeZone?: string;
  now?: string;
  pattern: ExpectedTask[];
  /** "pattern": the built-in engine honours the same lines and finds nothing more */
  builtin: ExpectedTask[] | "pattern";
}

// New York deadlines at CORPUS_NOW (EST, UTC−5).
const TODAY = "2026-11-19T04:59:59.000Z"; // Wed 18 Nov, end of day
const TOMORROW = "2026-11-20T04:59:59.000Z"; // Thu 19 Nov
const FRIDAY = "2026-11-21T04:59:59.000Z"; // Fri 20 Nov
const MONDAY = "2026-11-24T04:59:59.000Z"; // Mon 23 Nov
const NEXT_TUESDAY = "2026-11-25T04:59:59.000Z"; // Tue 24 Nov (next week's Tuesday)
const NEXT_FRIDAY = "2026-11-28T04:59:59.000Z"; // Fri 27 Nov (next week's Friday)
const DEC_1 = "2026-12-02T04:59:59.000Z";
const DEC_3 = "2026-12-04T04:59:59.000Z";
const FIVE_PM_TODAY = "2026-11-18T22:00:00.000Z";

const LONG_CLAUSE = "and make sure every figure in the appendix matches the audited numbers from finance";
const LONG_TAIL = `${LONG_CLAUSE} `.repeat(8).trim();
/** The long request above as a title: its words up to the last that fits in 500 characters. */
const LONG_TITLE = `Reconcile the vendor invoices for the whole of the third quarter ${`${LONG_CLAUSE} `.repeat(5)}and make sure`;

export const corpus: CorpusCase[] = [
  // ---------------------------------------------------------------- markdown checklists
  {
    name: "a plain markdown checklist with open and ticked boxes",
    text: "- [ ] Buy groceries\n- [x] Walk the dog\n- [ ] Water the plants\n- [X] Pay electricity bill",
    pattern: [
      { title: "Buy groceries" },
      { title: "Walk the dog", status: "completed" },
      { title: "Water the plants" },
      { title: "Pay electricity bill", status: "completed" },
    ],
    builtin: "pattern",
  },
  {
    name: "star, plus and numbered checkboxes, and a box without a bullet",
    text: "* [ ] Renew car insurance\n+ [ ] Book dentist appointment\n1. [ ] Send birthday card to Grandma\n2) [x] Return library books\n[ ] Clean the garage",
    pattern: [
      { title: "Renew car insurance" },
      { title: "Book dentist appointment" },
      { title: "Send birthday card to Grandma" },
      { title: "Return library books", status: "completed" },
      { title: "Clean the garage" },
    ],
    builtin: "pattern",
  },
  {
    name: "priority hashtags set the priority and other hashtags become tags",
    text: "- [ ] Fix login redirect loop #urgent #backend\n- [ ] Update onboarding docs #low #docs #Docs\n- [ ] Prepare board slides #high #q4-planning\n- [ ] Tidy the shared drive #medium",
    pattern: [
      { title: "Fix login redirect loop", priority: "urgent", tags: ["backend"] },
      { title: "Update onboarding docs", priority: "low", tags: ["docs"] },
      { title: "Prepare board slides", priority: "high", tags: ["q4-planning"] },
      { title: "Tidy the shared drive" },
    ],
    builtin: "pattern",
  },
  {
    name: "indented lines under a task become its description",
    text: "- [ ] Prepare the quarterly review #work\n    Include churn numbers from the dashboard\n    - ask Priya for the updated logo\n- [ ] Book the meeting room\n\nSome closing remark.",
    pattern: [
      {
        title: "Prepare the quarterly review",
        tags: ["work"],
        description: "Include churn numbers from the dashboard\n- ask Priya for the updated logo",
      },
      { title: "Book the meeting room", description: null },
    ],
    builtin: "pattern",
  },
  {
    name: "nested checkboxes are tasks of their own",
    text: "- [ ] Plan the trip to Lisbon\n  - [ ] Book flights\n  - [x] Renew passport\n  - [ ] Reserve hotel near Alfama",
    pattern: [
      { title: "Plan the trip to Lisbon" },
      { title: "Book flights" },
      { title: "Renew passport", status: "completed" },
      { title: "Reserve hotel near Alfama" },
    ],
    builtin: "pattern",
  },
  {
    name: "TODO: and DONE: lines in any case, with or without a bullet",
    text: "TODO: call mom\n- todo: Email Sam the invoice\nDone: file taxes\n* DONE: ship v2.0 release notes\nToDo:  Schedule car service",
    pattern: [
      { title: "call mom" },
      { title: "Email Sam the invoice" },
      { title: "file taxes", status: "completed" },
      { title: "ship v2.0 release notes", status: "completed" },
      { title: "Schedule car service" },
    ],
    builtin: "pattern",
  },
  {
    name: "bold TODO markers and unicode ballot boxes",
    text: "**TODO:** Reply to the landlord\n☐ Order printer ink\n☑ Cancel old gym membership",
    pattern: [
      { title: "Reply to the landlord" },
      { title: "Order printer ink" },
      { title: "Cancel old gym membership", status: "completed" },
    ],
    builtin: "pattern",
  },
  {
    name: "explicit deadline phrases are read and removed from titles",
    text: [
      "- [ ] Submit expense report tomorrow",
      "- [ ] Call the bank today",
      "- [ ] Send the proposal next friday",
      "- [ ] Pay rent by 5pm",
      "- [ ] Renew domain 2026-12-01",
      "- [ ] Archive old tickets due:2026-12-01",
      "- [ ] File VAT return due 2026-12-01",
    ].join("\n"),
    pattern: [
      { title: "Submit expense report", due_date: TOMORROW },
      { title: "Call the bank", due_date: TODAY },
      { title: "Send the proposal", due_date: NEXT_FRIDAY },
      { title: "Pay rent", due_date: FIVE_PM_TODAY },
      { title: "Renew domain", due_date: DEC_1 },
      { title: "Archive old tickets", due_date: DEC_1 },
      { title: "File VAT return", due_date: DEC_1 },
    ],
    builtin: "pattern",
  },
  {
    name: "deadlines with a time, a weekday or a month day behind a connector",
    text: [
      "- [ ] Dentist at 3pm tomorrow",
      "- [ ] Standup notes tomorrow at 9:30am",
      "- [ ] Hand in the thesis draft by Friday",
      "- [ ] Confirm catering on Monday",
      "- [ ] Review Q3 report by Dec 3",
      "- [ ] Submit timesheet (due Friday)",
      "- [ ] Finish the slides by EOD",
    ].join("\n"),
    pattern: [
      { title: "Dentist", due_date: "2026-11-19T20:00:00.000Z" },
      { title: "Standup notes", due_date: "2026-11-19T14:30:00.000Z" },
      { title: "Hand in the thesis draft", due_date: FRIDAY },
      { title: "Confirm catering", due_date: MONDAY },
      { title: "Review Q3 report", due_date: DEC_3 },
      { title: "Submit timesheet", due_date: FRIDAY },
      { title: "Finish the slides", due_date: TODAY },
    ],
    builtin: "pattern",
  },
  {
    name: "numbers and month names that are part of a title are not dates",
    text: [
      "- [ ] Review Q3 report",
      "- [ ] Plan May Day party",
      "- [ ] Call 3 suppliers",
      "- [ ] Prepare March newsletter",
      "- [ ] Order 12 chairs for the 2027 conference",
      "- [ ] Read chapter 7",
      "- [ ] Discuss the Monday standup format",
      "- [ ] Book the 5pm train",
      "- [ ] Prepare today's agenda",
      "- [ ] Fix bug #1234 in v2.1",
    ].join("\n"),
    pattern: [
      { title: "Review Q3 report" },
      { title: "Plan May Day party" },
      { title: "Call 3 suppliers" },
      { title: "Prepare March newsletter" },
      { title: "Order 12 chairs for the 2027 conference" },
      { title: "Read chapter 7" },
      { title: "Discuss the Monday standup format" },
      { title: "Book the 5pm train" },
      { title: "Prepare today's agenda" },
      { title: "Fix bug #1234 in v2.1" },
    ],
    builtin: "pattern",
  },
  {
    name: "a title with a month name and a real deadline keeps the month",
    text: "- [ ] Draft the December newsletter by next tuesday #marketing",
    pattern: [{ title: "Draft the December newsletter", due_date: NEXT_TUESDAY, tags: ["marketing"] }],
    builtin: "pattern",
  },
  {
    name: "a checklist with Windows (CRLF) line ends",
    text: "- [ ] Back up the laptop\r\n    Use the external SSD\r\n- [x] Update the router firmware\r\nTODO: Replace smoke alarm batteries tomorrow\r\n",
    pattern: [
      { title: "Back up the laptop", description: "Use the external SSD" },
      { title: "Update the router firmware", status: "completed" },
      { title: "Replace smoke alarm batteries", due_date: TOMORROW },
    ],
    builtin: "pattern",
  },
  {
    name: "old Mac (CR only) line ends",
    text: "- [ ] Buy stamps\r- [ ] Post the parcel",
    pattern: [{ title: "Buy stamps" }, { title: "Post the parcel" }],
    builtin: "pattern",
  },
  {
    name: "emoji in checklist items",
    text: "- [ ] 🎂 Order birthday cake for Mia tomorrow\n- [x] ✈️ Book flights to Tokyo\n- [ ] 🧾 Expense the taxi receipts #finance 💸",
    pattern: [
      { title: "🎂 Order birthday cake for Mia", due_date: TOMORROW },
      { title: "✈️ Book flights to Tokyo", status: "completed" },
      { title: "🧾 Expense the taxi receipts 💸", tags: ["finance"] },
    ],
    builtin: "pattern",
  },
  {
    name: "a very long checklist line is cut to the title limit with the full text in the description",
    text: `- [ ] Reconcile the vendor invoices for the whole of the third quarter ${LONG_TAIL}`,
    pattern: [
      {
        // Cut after the last whole word that fits (titles hold 500), with no ellipsis.
        title: LONG_TITLE,
        description: `Reconcile the vendor invoices for the whole of the third quarter ${LONG_TAIL}`,
      },
    ],
    builtin: "pattern",
  },
  {
    name: "a sprint board with headings, a code block and checkboxes",
    text: "## Sprint 14\n\n### In progress\n- [ ] Migrate billing to Stripe #payments\n\n### Done\n- [x] Remove legacy feature flags\n\n```\nnpm run build\n```",
    pattern: [
      { title: "Migrate billing to Stripe", tags: ["payments"] },
      { title: "Remove legacy feature flags", status: "completed" },
    ],
    builtin: "pattern",
  },
  {
    name: "empty boxes and markers with nothing after them are skipped",
    text: "- [ ]\n- [ ] #urgent\nTODO:\n- [ ] Real task",
    pattern: [{ title: "Real task" }],
    builtin: "pattern",
  },
  {
    name: "words like done and todo in prose are not markers",
    text: "Done with the report, thanks!\nMy todo list is getting long.\nWe are done for today.",
    pattern: [],
    builtin: [],
  },

  // ---------------------------------------------------------------- time zones
  {
    name: "today and tomorrow are the user's local days (Tokyo is already on Thursday)",
    timeZone: "Asia/Tokyo",
    text: "- [ ] Call the Osaka office today\n- [ ] Send the contract tomorrow",
    // 15:00 UTC is 00:00 on Thursday 19 November in Tokyo (UTC+9).
    pattern: [
      { title: "Call the Osaka office", due_date: "2026-11-19T14:59:59.000Z" },
      { title: "Send the contract", due_date: "2026-11-20T14:59:59.000Z" },
    ],
    builtin: "pattern",
  },
  {
    name: "a deadline after the DST change gets the offset of its own date",
    timeZone: "America/New_York",
    now: "2026-03-06T15:00:00.000Z",
    // Friday 6 March is EST (UTC−5); Monday 9 March is EDT (UTC−4).
    text: "- [ ] Move the servers due:2026-03-09\n- [ ] Switch the office clocks by 5pm on Monday",
    pattern: [
      { title: "Move the servers", due_date: "2026-03-10T03:59:59.000Z" },
      { title: "Switch the office clocks", due_date: "2026-03-09T21:00:00.000Z" },
    ],
    builtin: "pattern",
  },
  {
    name: "Berlin: by 5pm is five o'clock in Berlin",
    timeZone: "Europe/Berlin",
    text: "TODO: Pick up the dry cleaning by 5pm",
    pattern: [{ title: "Pick up the dry cleaning", due_date: "2026-11-18T16:00:00.000Z" }],
    builtin: "pattern",
  },

  // ---------------------------------------------------------------- e-mails
  {
    name: "an e-mail asking for two things",
    text: [
      "Hi Sam,",
      "",
      "Thanks for yesterday's call. Could you please send me the signed contract by Friday? Also, we need to book the venue for the Q1 offsite ASAP.",
      "",
      "Please let me know if you have any questions.",
      "",
      "Best regards,",
      "Maria",
    ].join("\n"),
    pattern: [],
    builtin: [
      { title: "Send Maria the signed contract", due_date: FRIDAY },
      { title: "Book the venue for the Q1 offsite", priority: "urgent" },
    ],
  },
  {
    name: "an e-mail with headers, a wrapped paragraph, a signature and a quoted reply",
    text: [
      "From: Dana Lee <dana@example.com>",
      "To: me@example.com",
      "Subject: Re: Vendor onboarding",
      "",
      "Hello,",
      "",
      "Can you upload the W-9 form to the vendor portal",
      "before Monday? The finance team needs it to release the first payment.",
      "",
      "Thanks,",
      "Dana",
      "--",
      "Dana Lee | Procurement",
      "Please call me on +1 555 0100 if anything is unclear.",
      "",
      "On Tue, Nov 17, 2026 at 9:02 AM Alex wrote:",
      "> Please send me the vendor form again.",
    ].join("\n"),
    pattern: [],
    builtin: [{ title: "Upload the W-9 form to the vendor portal", due_date: MONDAY }],
  },
  {
    name: "an e-mail with Windows line ends and a polite closing request",
    text: "Subject: Team lunch\r\n\r\nHi all,\r\r\n\r\nDon't forget to RSVP for Friday's team lunch by tomorrow.\r\nPlease bring your own water bottle.\r\n\r\nCheers,\r\nJo",
    pattern: [],
    builtin: [
      { title: "RSVP for Friday's team lunch", due_date: TOMORROW },
      { title: "Bring your own water bottle" },
    ],
  },
  {
    name: "a forwarded e-mail: only the new request counts",
    text: [
      "---------- Forwarded message ---------",
      "From: IT Support <it@example.com>",
      "Date: Tue, 17 Nov 2026",
      "Subject: Password expiry",
      "",
      "Your password expires in 3 days. Please change it before it expires to avoid being locked out.",
    ].join("\n"),
    pattern: [],
    builtin: [{ title: "Change your password" }],
  },
  {
    name: "an e-mail with a passive request keeps the sentence as the title",
    text: "Hi,\n\nThe quarterly report must be submitted by Friday.\n\nThanks",
    pattern: [],
    builtin: [{ title: "The quarterly report must be submitted", due_date: FRIDAY }],
  },
  {
    name: "a newsletter with nothing to do",
    text: [
      "Subject: Your weekly digest",
      "",
      "This week we shipped dark mode and faster search. Our team grew to 40 people.",
      "In December we will publish the annual report. Thanks for reading!",
      "",
      "Please note that our offices are closed on 24 December.",
    ].join("\n"),
    pattern: [],
    builtin: [],
  },

  // ---------------------------------------------------------------- chat logs
  {
    name: "a chat log with timestamps and speakers",
    text: [
      "[09:14] Alice: morning all",
      "[09:15] Bob: @carol can you review PR #42 today?",
      "[09:16] Carol: sure, will do",
      "[09:20] Alice: don't forget to update the changelog before the release",
      "[09:21] Bob: 👍",
    ].join("\n"),
    pattern: [],
    builtin: [
      { title: "Review PR #42", due_date: TODAY, description: "Bob: @carol can you review PR #42 today?" },
      { title: "Update the changelog before the release" },
    ],
  },
  {
    name: "an IRC-style log",
    text: "<jen> the build is red again\n<omar> jen: could you restart the CI runner immediately?\n<jen> on it",
    pattern: [],
    builtin: [{ title: "Restart the CI runner", priority: "urgent" }],
  },
  {
    name: "a chat log with emoji and 12-hour timestamps",
    text: "10:02 AM - Priya: 🚨 please rotate the API keys right away\n10:05 AM - Sam: done ✅\n10:07 AM - Priya: thanks! also let's schedule a post-mortem for next week 🙏",
    pattern: [],
    builtin: [
      { title: "Rotate the API keys", priority: "urgent" },
      { title: "Schedule a post-mortem 🙏", due_date: "2026-11-26T04:59:59.000Z" },
    ],
  },
  {
    name: "a chat question that asks for nothing, and an invitation",
    text: "[18:01] Kim: can you believe this weather?\n[18:02] Lee: would you like coffee later?\n[18:03] Kim: lol no",
    pattern: [],
    // Lee's "would you like coffee later?" invites the reader: a reply is due.
    builtin: [{ title: "Reply to Lee about coffee" }],
  },

  // ---------------------------------------------------------------- meeting notes
  {
    name: "meeting notes with an action items section",
    text: [
      "Weekly sync — Nov 18",
      "Attendees: Anna, Bob, Chen",
      "",
      "Notes:",
      "- Revenue for Q3 was up 12%",
      "- The May Day party budget is approved",
      "",
      "Action items:",
      "- Anna: send the deck to the board by next Tuesday",
      "- Bob to call 3 suppliers about pricing",
      "- Chen will draft the hiring plan #hiring",
    ].join("\n"),
    pattern: [],
    builtin: [
      { title: "Send the deck to the board", due_date: NEXT_TUESDAY },
      { title: "Call 3 suppliers about pricing" },
      { title: "Draft the hiring plan", tags: ["hiring"] },
    ],
  },
  {
    name: "meeting notes with numbered next steps",
    text: "## Retro 12 Nov\n\nWhat went well: deploys were smooth.\n\n### Next steps\n1. Automate the release checklist\n2. Pair on the flaky e2e tests #testing\n3. Revisit on-call rota in January",
    pattern: [],
    builtin: [
      { title: "Automate the release checklist" },
      { title: "Pair on the flaky e2e tests", tags: ["testing"] },
      { title: "Revisit on-call rota in January" },
    ],
  },
  {
    name: "meeting notes mixing a checklist with prose requests",
    text: [
      "Kickoff notes",
      "- [x] Agree on scope",
      "- [ ] Share the project charter #pm",
      "",
      "Legal needs to review the NDA before we start. I'll set up the Jira board tomorrow.",
    ].join("\n"),
    pattern: [
      { title: "Agree on scope", status: "completed" },
      { title: "Share the project charter", tags: ["pm"] },
    ],
    builtin: [
      { title: "Agree on scope", status: "completed" },
      { title: "Share the project charter", tags: ["pm"] },
      { title: "Review the NDA" },
      // "I'll set up…" is the writer's own plan: nobody asks the reader for it.
    ],
  },
  {
    name: "meeting minutes in prose: a named person takes something on",
    text: "We discussed the new pricing model. Sarah thinks it's too complex. Mark will prepare a simplified version for next week's review. Prices will rise in January. Deployment will start at noon.",
    pattern: [],
    builtin: [{ title: "Mark: prepare a simplified version for next week's review" }],
  },
  {
    name: "an inline action item label",
    text: "Discussed the roadmap. Action item: Dave to update the pricing page. Nothing else came up.",
    pattern: [],
    builtin: [{ title: "Dave: update the pricing page" }],
  },

  // ---------------------------------------------------------------- notes to self
  {
    name: "reminders with don't forget and remember to",
    text: "Don't forget to water the tomatoes tonight. Remember to bring the charger. Don't forget the milk!",
    pattern: [],
    builtin: [
      { title: "Water the tomatoes", due_date: "2026-11-19T03:00:00.000Z" },
      { title: "Bring the charger" },
      { title: "Don't forget the milk" },
    ],
  },
  {
    name: "a remember label, and a bare hour that could be am or pm",
    text: "Remember: dentist appointment at 4pm on Thursday.\nPick up kids from school at 3.",
    pattern: [],
    builtin: [
      { title: "Dentist appointment", due_date: "2026-11-19T21:00:00.000Z" },
      { title: "Pick up kids from school at 3" },
    ],
  },
  {
    name: "one imperative per line",
    text: "Call the plumber tomorrow morning.\nBuy 2 tickets for the March concert.\nPlan May Day party.\nReview Q3 report by Dec 3.",
    pattern: [],
    builtin: [
      // "morning" is 09:00 where the user lives (New York).
      { title: "Call the plumber", due_date: "2026-11-19T14:00:00.000Z" },
      { title: "Buy 2 tickets for the March concert" },
      { title: "Plan May Day party" },
      { title: "Review Q3 report", due_date: DEC_3 },
    ],
  },
  {
    name: "urgency words set the priority",
    text: [
      "Please fix the checkout bug, it's critical.",
      "We need to renew the SSL certificate soon.",
      "Can you archive the 2019 invoices when you get a chance?",
      "Update the wiki, low priority.",
      "Call the insurer immediately.",
      "Prepare the important client pitch.",
    ].join("\n"),
    pattern: [],
    builtin: [
      { title: "Fix the checkout bug", priority: "urgent" },
      { title: "Renew the SSL certificate", priority: "high" },
      { title: "Archive the 2019 invoices", priority: "low" },
      { title: "Update the wiki", priority: "low" },
      { title: "Call the insurer", priority: "urgent" },
      { title: "Prepare the important client pitch", priority: "high" },
    ],
  },
  {
    name: "an urgent sentence raises the priority of the request before it",
    text: "Please send the signed lease to the agent. It's urgent!",
    pattern: [],
    builtin: [{ title: "Send the signed lease to the agent", priority: "urgent" }],
  },
  {
    name: "prose month names and numbers in requests are not deadlines",
    text: "Could you book the venue for the May Day party? Please order 30 chairs for the March meetup. We should plan the 2027 budget review.",
    pattern: [],
    builtin: [
      { title: "Book the venue for the May Day party" },
      { title: "Order 30 chairs for the March meetup" },
      { title: "Plan the 2027 budget review" },
    ],
  },
  {
    name: "a request with a day and a time",
    text: "Can you call the landlord on Friday at 2pm about the boiler?",
    pattern: [],
    builtin: [{ title: "Call the landlord about the boiler", due_date: "2026-11-20T19:00:00.000Z" }],
  },
  {
    name: "hashtags in prose requests",
    text: "Please draft the release notes #docs #high before Monday.",
    pattern: [],
    builtin: [{ title: "Draft the release notes", priority: "high", tags: ["docs"], due_date: MONDAY }],
  },
  {
    name: "a very long prose request keeps its sentence as the title up to the limit, and all of it as description",
    text: `Please reconcile the vendor invoices for the whole of the third quarter ${LONG_TAIL}.`,
    pattern: [],
    builtin: [
      {
        title: LONG_TITLE,
        description: `Please reconcile the vendor invoices for the whole of the third quarter ${LONG_TAIL}.`,
      },
    ],
  },

  {
    name: "thanks and a request in one sentence",
    text: "Thanks for the update, please send the slides by Monday.",
    pattern: [],
    builtin: [{ title: "Send the slides", due_date: MONDAY }],
  },
  {
    name: "a date in front of the request",
    text: "Tomorrow, call Bob about the lease. On Friday please collect the keys.",
    pattern: [],
    builtin: [
      { title: "Call Bob about the lease", due_date: TOMORROW },
      { title: "Collect the keys", due_date: FRIDAY },
    ],
  },
  {
    name: "prose deadlines are read in the user's zone (Tokyo)",
    timeZone: "Asia/Tokyo",
    // 15:00 UTC is 00:00 on Thursday 19 November in Tokyo: tomorrow is Friday 20 November.
    text: "Could you call the Osaka office tomorrow at 9am? Please file the customs form by Monday.",
    pattern: [],
    builtin: [
      { title: "Call the Osaka office", due_date: "2026-11-20T00:00:00.000Z" },
      { title: "File the customs form", due_date: "2026-11-23T14:59:59.000Z" },
    ],
  },

  // ---------------------------------------------------------------- no tasks
  {
    name: "a diary entry has no tasks",
    text: "The weather was lovely today. We went to the beach and had ice cream. Review went well too, and the kids slept early.",
    pattern: [],
    builtin: [],
  },
  {
    name: "a status update has no tasks",
    text: "Quick update: the migration finished at 3am, all 12 services are green and error rates are back to normal. Test results look good.",
    pattern: [],
    builtin: [],
  },
  {
    name: "whitespace and punctuation only",
    text: "\n\n   ...   \n---\n",
    pattern: [],
    builtin: [],
  },
];

// ---------------------------------------------------------------------------------------------
// The reading corpus: notes, minutes, chats, e-mails and promotions as people write them, with the
// tasks a person would note down from each. Unlike the cases above it is not held to the exact
// output: `npm run bench` scores the built-in engine on it by precision, recall and F1 (a task
// matches an expected one when their titles share most of their words and, where the corpus
// names a due date, the due date is the same). Read at CORPUS_NOW in CORPUS_TIME_ZONE.
// ---------------------------------------------------------------------------------------------

export type ReadingKind = "note" | "minutes" | "chat" | "e-mail" | "promotion";

export interface ReadingTask {
  title: string;
  /** The due date a person reads (ISO UTC); undefined when the corpus does not judge it */
  due_date?: string | null;
}

export interface ReadingCase {
  kind: ReadingKind;
  text: string;
  tasks: ReadingTask[];
}

const SATURDAY = "2026-11-22T04:59:59.000Z"; // Sat 21 Nov
const DEC_15 = "2026-12-16T04:59:59.000Z";
const DEC_9 = "2026-12-10T04:59:59.000Z";
const NOV_23 = "2026-11-24T04:59:59.000Z";
const NOV_27 = NEXT_FRIDAY;
const SUNDAY = "2026-11-23T04:59:59.000Z"; // Sun 22 Nov
const FIVE_PM = "2026-11-18T22:00:00.000Z";

export const readingCorpus: ReadingCase[] = [
  // ------------------------------------------------------------------ notes
  {
    kind: "note",
    text: "Saturday: return the library books, buy a birthday card for Mia and phone the plumber about the leak.",
    tasks: [
      { title: "Return the library books", due_date: SATURDAY },
      { title: "Buy a birthday card for Mia", due_date: SATURDAY },
      { title: "Phone the plumber about the leak", due_date: SATURDAY },
    ],
  },
  {
    kind: "note",
    text: "Need to get stamps, pick up the prescription, and call the insurance company before Friday.",
    tasks: [
      { title: "Get stamps", due_date: FRIDAY },
      { title: "Pick up the prescription", due_date: FRIDAY },
      { title: "Call the insurance company", due_date: FRIDAY },
    ],
  },
  {
    kind: "note",
    text: "Groceries for the weekend: buy salt, pepper and olive oil.",
    tasks: [{ title: "Buy salt, pepper and olive oil" }],
  },
  {
    kind: "note",
    text: "Note to self: renew the parking permit by Friday so the car doesn't get towed.",
    tasks: [{ title: "Renew the parking permit", due_date: FRIDAY }],
  },
  {
    kind: "note",
    text: "Remember to send Grandma the photos from the trip.",
    tasks: [{ title: "Send Grandma the photos from the trip" }],
  },
  {
    kind: "note",
    text: "Don't forget that the office is closed on the 24th. Also don't forget to submit your timesheet before you leave on the 23rd.",
    tasks: [{ title: "Submit your timesheet", due_date: NOV_23 }],
  },
  {
    kind: "note",
    text: "Ideas for the blog: a post on remote work, maybe one about burnout. The October numbers were good.",
    tasks: [],
  },
  {
    kind: "note",
    text: "Call the vet tomorrow about Rex's vaccination.",
    tasks: [{ title: "Call the vet about Rex's vaccination", due_date: TOMORROW }],
  },
  {
    kind: "note",
    text: "Today: pay the electricity bill and book a haircut.",
    tasks: [
      { title: "Pay the electricity bill", due_date: TODAY },
      { title: "Book a haircut", due_date: TODAY },
    ],
  },
  {
    kind: "note",
    text: "Call Dr. Patel's office to reschedule, and email the school about the field trip.",
    tasks: [
      { title: "Call Dr. Patel's office to reschedule" },
      { title: "Email the school about the field trip" },
    ],
  },
  // ------------------------------------------------------------------ minutes
  {
    kind: "minutes",
    text: "Minutes of the design review\nAttendees: Priya, Tom, Lena\nPriya to send the draft contract to legal by Friday.\nTom to update the roadmap.\nDecision: we keep the current logo.",
    tasks: [
      { title: "Priya: send the draft contract to legal", due_date: FRIDAY },
      { title: "Tom: update the roadmap" },
    ],
  },
  {
    kind: "minutes",
    text: "Sprint retro notes\nWhat went well: faster reviews.\nAction: Omar — book the room for the planning session.\nAI: Sam to follow up with the vendor about the invoice.",
    tasks: [
      { title: "Omar: book the room for the planning session" },
      { title: "Sam: follow up with the vendor about the invoice" },
    ],
  },
  {
    kind: "minutes",
    text: "Board meeting. After the review, three things must happen: first, every team lead must renew their access badge by Friday; second, the finance team must close the October books; third, someone has to archive the old project folders.",
    tasks: [
      { title: "Renew the access badge", due_date: FRIDAY },
      { title: "Finance team: close the October books" },
      { title: "Archive the old project folders" },
    ],
  },
  {
    kind: "minutes",
    text: "Weekly sync, action items\n1) Maria: circulate the budget draft\n2) Ken: fix the staging deploy\n3) All: review the hiring plan before Monday",
    tasks: [
      { title: "Maria: circulate the budget draft" },
      { title: "Ken: fix the staging deploy" },
      { title: "Review the hiring plan", due_date: MONDAY },
    ],
  },
  {
    kind: "minutes",
    text: "Notes from the call with Acme. They are happy with the pilot. The following actions are required: sign the renewal, send the updated price list, and schedule a training session for their new staff.",
    tasks: [
      { title: "Sign the renewal" },
      { title: "Send the updated price list" },
      { title: "Schedule a training session for their new staff" },
    ],
  },
  {
    kind: "minutes",
    text: "Team meeting notes. Jana will prepare the slides for the all-hands. Marco will investigate the login errors. Next meeting on Tuesday.",
    tasks: [
      { title: "Jana: prepare the slides for the all-hands" },
      { title: "Marco: investigate the login errors" },
    ],
  },
  {
    kind: "minutes",
    text: "Planning minutes. Decisions: the launch moves to March. Actions: Leo to draft the press release by next Friday; Ana to brief the support team.",
    tasks: [
      { title: "Leo: draft the press release", due_date: NOV_27 },
      { title: "Ana: brief the support team" },
    ],
  },
  {
    kind: "minutes",
    text: "Retro: the deploy on Monday went badly. We agreed that Chris will write the postmortem and Fatima will add an alert for the queue size.",
    tasks: [{ title: "Chris: write the postmortem" }, { title: "Fatima: add an alert for the queue size" }],
  },
  {
    kind: "minutes",
    text: "Kick-off notes\n- Budget approved\n- Timeline: 6 weeks\n- Next steps: Hana to collect requirements from sales; Ivo to set up the repository",
    tasks: [{ title: "Hana: collect requirements from sales" }, { title: "Ivo: set up the repository" }],
  },
  // ------------------------------------------------------------------ chats
  {
    kind: "chat",
    text: "[09:02] Ben: has anyone looked at the broken export button?\n[09:05] Ben: Ana, can you handle it today?",
    tasks: [{ title: "Look at the broken export button", due_date: TODAY }],
  },
  {
    kind: "chat",
    text: "[14:10] Kim: @joe can you review the pricing page copy by tomorrow?\n[14:11] Joe: yep\n[14:12] Kim: thanks!",
    tasks: [{ title: "Review the pricing page copy", due_date: TOMORROW }],
  },
  {
    kind: "chat",
    text: "<sara> lunch was great\n<sara> btw please restart the build server when you get a chance\n<tom> ok",
    tasks: [{ title: "Restart the build server" }],
  },
  {
    kind: "chat",
    text: "Mom: Don't forget to pick up Leo from practice at 5pm\nMe: will do",
    tasks: [{ title: "Pick up Leo from practice", due_date: FIVE_PM }],
  },
  {
    kind: "chat",
    text: "Alex: I'll be late today, traffic is terrible\nAlex: can you start the standup without me?",
    tasks: [{ title: "Start the standup without Alex" }],
  },
  {
    kind: "chat",
    text: "Priya: the client moved the demo to Thursday\nPriya: could someone set up the demo instance before then?",
    tasks: [{ title: "Set up the demo instance" }],
  },
  {
    kind: "chat",
    text: "Sam: great game last night!\nLee: haha yes, see you Friday",
    tasks: [],
  },
  {
    kind: "chat",
    text: "[10:01] Dana: the kitchen will be cleaned tomorrow, please take your food out of the fridge tonight",
    tasks: [{ title: "Take your food out of the fridge" }],
  },
  // ------------------------------------------------------------------ e-mails
  {
    kind: "e-mail",
    text: "From: Tom Baker <tom@example.com>\nSubject: budget\n\nHi,\n\nCan you send me the updated budget spreadsheet by Thursday?\n\nThanks,\nTom",
    tasks: [{ title: "Send Tom the updated budget spreadsheet", due_date: TOMORROW }],
  },
  {
    kind: "e-mail",
    text: "Hi all,\n\nwe need to renew the design tool licences before December 15th, otherwise the team loses access.\n\nBest,\nRita",
    tasks: [{ title: "Renew the design tool licences", due_date: DEC_15 }],
  },
  {
    kind: "e-mail",
    text: "Hello,\n\nSet up the demo instance before the 9th of December. The client wants to try the new reports.\n\nThanks",
    tasks: [{ title: "Set up the demo instance", due_date: DEC_9 }],
  },
  {
    kind: "e-mail",
    text: "Hi team,\n\nDon't forget that the office is closed on the 24th.\n\nHave a good week,\nMarta",
    tasks: [],
  },
  {
    kind: "e-mail",
    text: "Can you handle this by Friday?\n\n---------- Forwarded message ---------\nFrom: Linda Park <linda@example.com>\nSubject: Conference booth\n\nHi,\n\nPlease book a booth for the spring conference.\n\nLinda",
    tasks: [{ title: "Book a booth for the spring conference", due_date: FRIDAY }],
  },
  {
    kind: "e-mail",
    text: "Dear Mr. Ortiz,\n\nPlease renew the insurance by the end of the week so we stay covered.\n\nKind regards,\nHelen",
    tasks: [{ title: "Renew the insurance" }],
  },
  {
    kind: "e-mail",
    text: "Hi Jo,\n\nThe printer on floor 2 is jammed again. Could you call the repair service and ask them to come on Monday?\n\nCheers, Max",
    tasks: [{ title: "Call the repair service" }],
  },
  {
    kind: "e-mail",
    text: "Hi,\n\nThanks for the quick turnaround on the report. It looks great.\n\nBest, Owen",
    tasks: [],
  },
  {
    kind: "e-mail",
    text: "Hi Sara,\n\nCould you please review the attached contract by Friday? The payment terms changed a little.\n\nThanks,\nPaul",
    tasks: [{ title: "Review the attached contract", due_date: FRIDAY }],
  },
  {
    kind: "e-mail",
    text: "Hello team,\n\nThe quarterly report is due on December 1st. Please send your figures to Mark by November 27th.\n\nRegards,\nJulia",
    tasks: [{ title: "Send your figures to Mark", due_date: NOV_27 }],
  },
  {
    kind: "e-mail",
    text: "Hi Ken,\n\nWe are moving offices next month. Could you pack up the test devices and label the boxes by next Friday?\n\nThanks, Ruth",
    tasks: [
      { title: "Pack up the test devices", due_date: NOV_27 },
      { title: "Label the boxes", due_date: NOV_27 },
    ],
  },
  {
    kind: "e-mail",
    text: "Hi Jo,\n\nA few things from today's planning call.\n\nThe design tool licences expire on December 15th and must be renewed. Jonas will tidy up the supplier list, so no action needed from you.\nMarco: get quotes from two printers.\nCould you send me the venue shortlist tomorrow morning?\n\nThanks,\nRita",
    tasks: [
      { title: "Renew the design tool licences", due_date: DEC_15 },
      { title: "Marco: get quotes from two printers" },
      // "morning" is 09:00 in New York.
      { title: "Send Rita the venue shortlist", due_date: "2026-11-19T14:00:00.000Z" },
    ],
  },
  // ------------------------------------------------------------------ promotions
  {
    kind: "promotion",
    text: "Take 30% off everything until Sunday! Shop now at example.com.\n\nUnsubscribe | Privacy policy",
    tasks: [],
  },
  {
    kind: "promotion",
    text: "BLACK FRIDAY DEALS\n\nOur biggest sale of the year: buy one, get one free on all running shoes.\nOrder by midnight to get free shipping.\n\nYou are receiving this email because you signed up for our newsletter. Unsubscribe here.",
    tasks: [],
  },
  {
    kind: "promotion",
    text: "Newsletter, November edition\n\nIn this issue: 5 tips for better sleep, our new app update, and a recipe for pumpkin soup.\nRead more on our blog.\n\nManage your subscription or unsubscribe.",
    tasks: [],
  },
  {
    kind: "promotion",
    text: "Your weekly digest\n\nTop stories: Remote work is here to stay; Why you should back up your photos.\nDon't miss out, upgrade to premium today and save 20%.\n\nTo stop receiving these emails, click here.",
    tasks: [],
  },
  {
    kind: "promotion",
    text: "Lisa, can you order the blue chairs from this sale before it ends on Sunday?\n\n-----Original Message-----\nFrom: Office Deals <deals@example.com>\nSubject: 40% off office chairs\n\nSave 40% on all office chairs this week only. Shop now!\nUnsubscribe",
    tasks: [{ title: "Order the blue chairs from this sale", due_date: SUNDAY }],
  },
  {
    kind: "promotion",
    text: "Flash sale! 50% off all plants today only. Use code GREEN50 at checkout. Free delivery on orders over $40.\n\nView in browser | Unsubscribe",
    tasks: [],
  },
  {
    kind: "promotion",
    text: "Hi there,\n\nTreat yourself this winter: book a spa day and get a free massage. Reserve your spot today!\n\nYou received this message because you are a member. Unsubscribe.",
    tasks: [],
  },
];
