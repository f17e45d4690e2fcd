import { fromZonedTime } from "date-fns-tz";

/**
 * Quick-add lines with the due date and title a person means by them, read at one fixed moment:
 * Wednesday 18 November 2026, 10:00 in New York (15:00 UTC). Half of the lines name no date at
 * all, although they hold numbers, month names, times of day or holiday names: those must keep
 * their whole text as the title and get no due date.
 *
 * A due date is written as the wall time in New York: "2026-11-26" (a day: due at its end,
 * 23:59:59) or "2026-11-18 15:00"; an instant ("in 2 hours") is written in UTC with a Z.
 */

export const QUICK_ADD_NOW = "2026-11-18T15:00:00.000Z";
export const QUICK_ADD_TIME_ZONE = "America/New_York";

export interface QuickAddCase {
  text: string;
  /** The due date as ISO UTC, or null when the line names none */
  due: string | null;
  /** The title left once the date is read (the whole line when it names none) */
  title: string;
}

function dueOf(written: string): string {
  if (written.endsWith("Z")) return new Date(written).toISOString();
  const wall = /^\d{4}-\d{2}-\d{2}$/.test(written) ? `${written}T23:59:59` : written.replace(" ", "T");
  return fromZonedTime(wall, QUICK_ADD_TIME_ZONE).toISOString();
}

/** [line, due as written above, title] */
const DATED: [string, string, string][] = [
  // Short and spoken times
  ["Review PR at 3", "2026-11-18 15:00", "Review PR"],
  ["Call mom at 7a", "2026-11-19 07:00", "Call mom"],
  ["Submit timesheet 10p", "2026-11-18 22:00", "Submit timesheet"],
  ["Standup notes 9:30a tomorrow", "2026-11-19 09:30", "Standup notes"],
  ["Lunch with Dana at noon", "2026-11-18 12:00", "Lunch with Dana"],
  ["Deploy the hotfix at midnight", "2026-11-19 00:00", "Deploy the hotfix"],
  ["Send the invoice eod", "2026-11-18", "Send the invoice"],
  ["Finish the slides by eod Friday", "2026-11-20", "Finish the slides"],
  ["Team meeting @ 10:30", "2026-11-18 10:30", "Team meeting"],
  ["Meet Jo for coffee at 4", "2026-11-18 16:00", "Meet Jo for coffee"],
  ["Parent-teacher call at 6 on Monday", "2026-11-23 18:00", "Parent-teacher call"],
  ["Drinks with the team at 11pm", "2026-11-18 23:00", "Drinks with the team"],
  ["Flight check-in 6a Friday", "2026-11-20 06:00", "Flight check-in"],
  ["Send the agenda by 9am", "2026-11-19 09:00", "Send the agenda"],
  ["Post the update at 12:30p", "2026-11-18 12:30", "Post the update"],
  ["Yoga Thursday 7:30a", "2026-11-19 07:30", "Yoga"],
  ["Text Sam at 9:45p", "2026-11-18 21:45", "Text Sam"],
  ["Pick up the dry cleaning at 5:30pm", "2026-11-18 17:30", "Pick up the dry cleaning"],
  ["Call the plumber at 8:15 tomorrow", "2026-11-19 08:15", "Call the plumber"],
  ["Haircut on Saturday at 11", "2026-11-21 11:00", "Haircut"],
  ["Renew the car tax by noon tomorrow", "2026-11-19 12:00", "Renew the car tax"],
  ["Gym tonight", "2026-11-18 22:00", "Gym"],
  ["Call Ana tomorrow at 7p", "2026-11-19 19:00", "Call Ana"],
  ["Vet appointment Monday 4pm", "2026-11-23 16:00", "Vet appointment"],
  ["Send the report by Thursday 9am", "2026-11-19 09:00", "Send the report"],
  ["Team retro Dec 2 at 2pm", "2026-12-02 14:00", "Team retro"],
  ["Dentist on December 9th at 10am", "2026-12-09 10:00", "Dentist"],
  // Days of the month
  ["Pay rent on the 1st", "2026-12-01", "Pay rent"],
  ["Dentist checkup the 14th", "2026-12-14", "Dentist checkup"],
  ["Book the venue the 24th this month", "2026-11-24", "Book the venue"],
  ["Order the cake the 28th of this month", "2026-11-28", "Order the cake"],
  ["Submit expenses by the 30th", "2026-11-30", "Submit expenses"],
  ["Pay the nanny on the 20th", "2026-11-20", "Pay the nanny"],
  ["Pay the Visa bill on Dec 3", "2026-12-03", "Pay the Visa bill"],
  ["Submit the grant application 12/15", "2026-12-15", "Submit the grant application"],
  ["Mail the package on 12/1", "2026-12-01", "Mail the package"],
  ["Submit the form by 1 Dec", "2026-12-01", "Submit the form"],
  ["File taxes by April 15", "2027-04-15", "File taxes"],
  ["Car inspection due Jan 10", "2027-01-10", "Car inspection"],
  ["Renew domain 2026-12-01", "2026-12-01", "Renew domain"],
  // Relative days
  ["Book flights next Friday", "2026-11-27", "Book flights"],
  ["Call the bank in 2 hours", "2026-11-18T17:00:00Z", "Call the bank"],
  ["Water the plants in 3 days", "2026-11-21", "Water the plants"],
  ["Renew the lease by end of month", "2026-11-30", "Renew the lease"],
  ["Quarterly review next week", "2026-11-25", "Quarterly review"],
  ["Grocery run this Saturday", "2026-11-21", "Grocery run"],
  ["Cancel the trial in 2 weeks", "2026-12-02", "Cancel the trial"],
  // Holidays, and days counted from them
  ["Buy gifts 3 days before Thanksgiving", "2026-11-23", "Buy gifts"],
  ["Brine the turkey on Thanksgiving", "2026-11-26", "Brine the turkey"],
  ["Bake the pumpkin pie the day before Thanksgiving", "2026-11-25", "Bake the pumpkin pie"],
  ["Decorate the porch 1 day after Thanksgiving", "2026-11-27", "Decorate the porch"],
  ["Call grandma on Christmas Eve", "2026-12-24", "Call grandma"],
  ["Clear the desk before Christmas", "2026-12-25", "Clear the desk"],
  ["Prep the roast at 7a on Christmas", "2026-12-25 07:00", "Prep the roast"],
  ["Send thank-you cards 2 days after Christmas", "2026-12-27", "Send thank-you cards"],
  ["Wrap the leftovers on Boxing Day", "2026-12-26", "Wrap the leftovers"],
  ["Book a table for New Year's Eve", "2026-12-31", "Book a table"],
  ["Return library books 1 week after New Year's Day", "2027-01-08", "Return library books"],
  ["Volunteer shift on MLK Day", "2027-01-18", "Volunteer shift"],
  ["Book dinner for Valentine's Day", "2027-02-14", "Book dinner"],
  ["Renew the passport before Presidents' Day", "2027-02-15", "Renew the passport"],
  ["Book the ferry before Good Friday", "2027-03-26", "Book the ferry"],
  ["Dye the eggs 2 days before Easter", "2027-03-26", "Dye the eggs"],
  ["Hide the eggs on Easter", "2027-03-28", "Hide the eggs"],
  ["Garden centre trip on Easter Monday", "2027-03-29", "Garden centre trip"],
  ["Bike tour on Ascension Day", "2027-05-06", "Bike tour"],
  ["Order flowers before Mother's Day", "2027-05-09", "Order flowers"],
  ["Hike on Whit Monday", "2027-05-17", "Hike"],
  ["Plan the barbecue for Memorial Day", "2027-05-31", "Plan the barbecue"],
  ["Paint the fence on the spring bank holiday", "2027-05-31", "Paint the fence"],
  ["Frame a photo for Father's Day", "2027-06-20", "Frame a photo"],
  ["Fireworks permit by Independence Day", "2027-07-04", "Fireworks permit"],
  ["Return the rental by Labor Day", "2027-09-06", "Return the rental"],
  ["Hang the flags for German Unity Day", "2027-10-03", "Hang the flags"],
  ["Costume ready by Halloween", "2027-10-31", "Costume ready"],
  ["Check the smoke alarms on Veterans Day", "2027-11-11", "Check the smoke alarms"],
  // A date beside words that look like one
  ["Dinner at the Night Market on Friday", "2026-11-20", "Dinner at the Night Market"],
  ["Watch the Tonight Show clip tomorrow", "2026-11-19", "Watch the Tonight Show clip"],
  ["Prep snacks for game night on Saturday", "2026-11-21", "Prep snacks for game night"],
  [
    "Read https://example.com/blog/2024/05/17/launch tomorrow",
    "2026-11-19",
    "Read https://example.com/blog/2024/05/17/launch",
  ],
  ["Review the 7/7 report on Friday", "2026-11-20", "Review the 7/7 report"],
];

/** Lines that name no date: every one keeps its whole text. */
const UNDATED: string[] = [
  // Greetings and parts of the day used as words
  "Good evening team",
  "Good morning message to the new hires",
  "Good afternoon note for the clients",
  "Good night routine checklist",
  "Morning pages habit",
  "Afternoon tea recipe",
  "Evening primrose oil",
  // Percentages, versions, figures
  "Rates rose to 7.15 percent",
  "Compare the 7.15% APR offer",
  "Prices fell 20% check the margins",
  "Savings account pays 4.5%",
  "Upgrade node to 20.11.1",
  "Release v2.3.10",
  "Check version 10.4 changelog",
  "Answer question 12.3",
  "Pay the 19.99 subscription",
  "Walk 10,000 steps",
  // Links and names
  "Read https://example.com/blog/2024/05/17/launch-notes",
  "Open https://news.example.org/2025/12/01/review",
  "Read the 7/7 report",
  "Read the 9/11 commission summary",
  "Invoice #2024-05-17 follow-up",
  "Rename IMG_20240517.jpg",
  "Read 1984 by Orwell",
  "Watch Apollo 13",
  "Watch 2001: A Space Odyssey",
  "Read Fahrenheit 451",
  "Tax form 1040",
  "Fix bug 1234",
  "Fix the 404 on the pricing page",
  "Room 1015 projector",
  "Flight UA 934 seat upgrade",
  "Visit 221B Baker Street",
  "Email April about the budget",
  "Ask May for the keys",
  "Answer Jan's message",
  "Plan May Day party",
  "Review Q3 report",
  "Reconcile March expenses",
  "Prepare the 2026 tax return",
  "Budget 2025-2026 review",
  "Time capsule opening on Jan 1 10000",
  // Measurements
  "Cut 3/4 inch plywood",
  "Order 1/2 inch pipe fittings",
  "Finish 3/4 of the puzzle",
  "Buy 2x4 boards 8 ft long",
  "Order 4x6 photo prints",
  "Buy 1.5 liters of milk",
  "Take 500 mg ibuprofen",
  "Set the oven to 180 C",
  "Bake at 350 degrees",
  "Log temperature 37.5 degrees",
  "Order 8.5 x 11 paper",
  "Measure the 10 by 12 room",
  "Lose 5 kg",
  "Run a 5k",
  "Back up the 2TB drive",
  "Replace the 9V battery",
  "Schedule a 30 min call",
  "Book a 2 hour massage",
  "Call the 24 hour pharmacy",
  // Phone numbers
  "Call 555-123-4567",
  "Call +49 30 1234567",
  "Phone +1 (212) 555-0147",
  "Zoom ID 823 4471 9920",
  // Ranges and ratios
  "Pages 10-12 of the workbook",
  "Order 5-7 chairs",
  "Review chapters 3 to 5",
  "Grab 2-3 boxes",
  "Score was 3-1 write the recap",
  "Mix the concrete 1:3",
  "Export screenshots at 16:9",
  "Pick the 9 to 5 shift schedule",
  // Ordinals and counts that are no day of the month
  "Clean the 3rd floor kitchen",
  "Return the 2nd hand bike",
  "Plan the 50th anniversary",
  "Celebrate 1st place",
  "Thank the 5th grade teacher",
  "Call 3 suppliers",
  "Buy 12 eggs",
  "Buy a 12 pack of water",
  "Read chapter 11",
  // Holiday names used as words
  "Write the Christmas card list",
  "Buy Thanksgiving groceries",
  "Set up 2FA",
];

export const quickAddCases: QuickAddCase[] = [
  ...DATED.map(([text, due, title]) => ({ text, due: dueOf(due), title })),
  ...UNDATED.map((text) => ({ text, due: null, title: text })),
];
