import { taskFromWire } from "@contract/tasks";
import { buildTask } from "@mocks/fixtures";
import { describe, expect, it } from "vitest";
import { filterTasks, isDueToday, sortTasks, theirsToDo, todayTasks, upcomingGroups } from "./task-view";

const task = (overrides: Parameters<typeof buildTask>[0]) => taskFromWire(buildTask(overrides));
const titles = (tasks: readonly { title: string }[]) => tasks.map((one) => one.title);
// Monday 23 November 2026, 10:00 in Berlin.
const now = new Date("2026-11-23T09:00:00Z");
const zone = "Europe/Berlin";
const none = { statuses: [], priorities: [], tags: [], hideCompleted: false };

describe("filterTasks", () => {
  const tasks = [
    task({ title: "Pay rent", status: "pending", priority: "high", tags: ["home"] }),
    task({ title: "Ship report", status: "in_progress", priority: "urgent", tags: ["work"] }),
    task({ title: "Old chore", status: "completed", priority: "low", tags: ["home"] }),
  ];

  it("keeps tasks matching any chip of a group and every group chosen", () => {
    expect(titles(filterTasks(tasks, { ...none, statuses: ["pending", "inprogress"] }))).toEqual([
      "Pay rent",
      "Ship report",
    ]);
    expect(titles(filterTasks(tasks, { ...none, tags: ["home"], priorities: ["low"] }))).toEqual([
      "Old chore",
    ]);
    expect(filterTasks(tasks, none)).toHaveLength(3);
  });

  it("hides completed tasks when asked", () => {
    expect(titles(filterTasks(tasks, { ...none, hideCompleted: true }))).toEqual(["Pay rent", "Ship report"]);
  });
});

describe("sortTasks", () => {
  const tasks = [
    task({ title: "Undated", priority: "urgent", created_at: "2026-11-20T00:00:00Z", due_date: null }),
    task({
      title: "Later",
      priority: "low",
      created_at: "2026-11-22T00:00:00Z",
      due_date: "2026-11-30T10:00:00Z",
    }),
    task({
      title: "Sooner",
      priority: "high",
      created_at: "2026-11-21T00:00:00Z",
      due_date: "2026-11-24T10:00:00Z",
    }),
  ];

  it("sorts by due date with undated tasks last, by priority, or newest first", () => {
    expect(titles(sortTasks(tasks, "due"))).toEqual(["Sooner", "Later", "Undated"]);
    expect(titles(sortTasks(tasks, "priority"))).toEqual(["Undated", "Sooner", "Later"]);
    expect(titles(sortTasks(tasks, "created"))).toEqual(["Later", "Sooner", "Undated"]);
  });
});

describe("the Today and Upcoming views", () => {
  const tasks = [
    task({ title: "Overdue", due_date: "2026-11-20T10:00:00Z" }),
    task({ title: "Tonight", due_date: "2026-11-23T23:30:00Z" }),
    task({ title: "Done today", status: "completed", due_date: "2026-11-23T12:00:00Z" }),
    task({ title: "Tomorrow", due_date: "2026-11-24T08:00:00Z" }),
    task({ title: "Also tomorrow", due_date: "2026-11-24T15:00:00Z" }),
    task({ title: "In a week", due_date: "2026-11-30T12:00:00Z" }),
    task({ title: "Too far", due_date: "2026-12-01T12:00:00Z" }),
    task({ title: "Cancelled", status: "cancelled", due_date: "2026-11-25T12:00:00Z" }),
  ];

  it("'Today' holds the open tasks that are overdue or due today in the user's zone", () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    expect(titles(todayTasks(tasks, zone, now))).toEqual(["Overdue"]);
    expect(titles(todayTasks(tasks, "America/New_York", now))).toEqual(["Overdue", "Tonight"]);
  });

  it("'Upcoming' groups the open tasks of the next 7 days by day", () => {
    expect(upcomingGroups(tasks, zone, now).map((group) => [group.day, titles(group.tasks)])).toEqual([
      ["2026-11-24", ["Tonight", "Tomorrow", "Also tomorrow"]],
      ["2026-11-30", ["In a week"]],
    ]);
  });

  it("marks a task due today in the user's zone", () => {
    expect(isDueToday(task({ due_date: "2026-11-23T22:59:00Z" }), zone, now)).toBe(true);
    expect(isDueToday(task({ due_date: "2026-11-23T23:00:00Z" }), zone, now)).toBe(false);
  });
});

describe("theirsToDo", () => {
  it("keeps one's own unassigned tasks and what is assigned to one, not a shared list's others", () => {
    const tasks = [
      task({ title: "Own", project_id: "mine" }),
      task({ title: "Mine, given to Bob", project_id: "mine", assignee_id: "bob" }),
      task({ title: "Shared, nobody's", project_id: "theirs" }),
      task({ title: "Shared, given to me", project_id: "theirs", assignee_id: "me" }),
      task({ title: "Shared, given to Bob", project_id: "theirs", assignee_id: "bob" }),
    ];
    expect(titles(theirsToDo(tasks, "me", new Set(["theirs"])))).toEqual(["Own", "Shared, given to me"]);
  });
});
