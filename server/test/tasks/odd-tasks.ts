import type { CreateTaskInput } from "@contract/tasks";

/**
 * Tasks with every kind of field and awkward text (quotes, backslashes, control characters,
 * line and paragraph separators, "</script>", non-ASCII), every status and source, and equal due
 * dates: for the tests that the list and statistics are sent byte for byte as the contract's
 * schemas would serialise them.
 */
export const ODD_TASKS: CreateTaskInput[] = [
  { title: "Plain", tags: [], priority: "medium" },
  {
    title: 'Quotes " and \\ backslashes, ünïcödé, emoji 🧾, a tab\tand a newline\n\u0001\u001f\u007f',
    description: "Line one\nline two \u2028 separator \u2029 </script>",
    tags: ["work", "é", 'with "quote"', "back\\slash"],
    priority: "urgent",
    status: "inprogress",
    due_date: "2026-11-20T08:00:00.000Z",
    source: { type: "Llm", origin: "mail from Ann", filename: "notes.txt" },
  },
  { title: "Done", tags: ["home"], priority: "low", status: "completed", source: { type: "Document" } },
  {
    title: "Audio",
    tags: [],
    status: "pending",
    source: { type: "Audio", filename: "memo.m4a" },
    priority: "medium",
  },
  { title: "Llm", tags: ["x"], source: { type: "Llm", origin: "a pasted note" }, priority: "medium" },
  {
    title: "Manual with origin",
    source: { type: "Manual", origin: "ignored on the wire" },
    priority: "medium",
    tags: [],
  },
  {
    title: "Dropped",
    priority: "high",
    status: "cancelled",
    due_date: "2027-01-01T00:00:00.000Z",
    tags: [],
  },
  { title: "Same due A", due_date: "2026-12-01T10:00:00.000Z", priority: "medium", tags: [] },
  {
    title: "Same due B",
    due_date: "2026-12-01T10:00:00.000Z",
    status: "completed",
    priority: "medium",
    tags: [],
  },
  {
    title: "Repeats",
    due_date: "2026-12-07T09:00:00.000Z",
    recurrence: "FREQ=WEEKLY;BYDAY=MO",
    remind_at: "2026-12-07T08:30:00.000Z",
    priority: "medium",
    tags: [],
  },
];
