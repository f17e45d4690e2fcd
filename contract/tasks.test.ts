import { describe, expect, it } from "vitest";
import {
  computeTaskStats,
  isOverdue,
  normalisePriority,
  normaliseSource,
  normaliseStatus,
  readTaskFromWire,
  repeatsWithoutDueDate,
  taskFromWire,
  type Task,
} from "./tasks";

describe("normaliseSource", () => {
  it("keeps a flat source with its origin and filename", () => {
    expect(normaliseSource({ type: "Llm", origin: "email" })).toEqual({ type: "Llm", origin: "email" });
    expect(normaliseSource({ type: "Document", filename: "notes.pdf" })).toEqual({
      type: "Document",
      filename: "notes.pdf",
    });
  });

  it("unwraps a single-key source into type/origin/filename", () => {
    expect(normaliseSource({ Llm: { origin: "email" } })).toEqual({ type: "Llm", origin: "email" });
    expect(normaliseSource({ Document: { filename: "minutes.docx" } })).toEqual({
      type: "Document",
      filename: "minutes.docx",
    });
    expect(normaliseSource({ Audio: { filename: "memo.m4a" } })).toEqual({
      type: "Audio",
      filename: "memo.m4a",
    });
    expect(normaliseSource({ Manual: null })).toEqual({ type: "Manual" });
    expect(normaliseSource("Manual")).toEqual({ type: "Manual" });
  });

  it("reads an unknown wrapped source as Manual", () => {
    expect(normaliseSource({ Telepathy: { origin: "mind" } })).toEqual({ type: "Manual" });
    expect(normaliseSource({ Llm: { origin: "email" }, Audio: {} })).toEqual({ type: "Manual" });
    expect(normaliseSource("Carrier pigeon")).toEqual({ type: "Manual" });
    expect(normaliseSource(null)).toEqual({ type: "Manual" });
    expect(normaliseSource(undefined)).toEqual({ type: "Manual" });
    expect(normaliseSource(["Llm"])).toEqual({ type: "Manual" });
  });

  it("drops detail fields that are not strings", () => {
    expect(normaliseSource({ Llm: { origin: 42 } })).toEqual({ type: "Llm" });
  });
});

describe("normaliseStatus", () => {
  it("shows the server's in_progress as inprogress", () => {
    expect(normaliseStatus("in_progress")).toBe("inprogress");
  });

  it("keeps the four known statuses", () => {
    for (const status of ["pending", "inprogress", "completed", "cancelled"]) {
      expect(normaliseStatus(status)).toBe(status);
    }
  });

  it("displays an unknown status as pending", () => {
    expect(normaliseStatus("archived")).toBe("pending");
    expect(normaliseStatus("COMPLETED")).toBe("pending");
    expect(normaliseStatus(undefined)).toBe("pending");
    expect(normaliseStatus(3)).toBe("pending");
  });
});

describe("normalisePriority", () => {
  it("keeps the four known priorities", () => {
    for (const priority of ["low", "medium", "high", "urgent"]) {
      expect(normalisePriority(priority)).toBe(priority);
    }
  });

  it("displays an unknown priority as medium", () => {
    expect(normalisePriority("critical")).toBe("medium");
    expect(normalisePriority(null)).toBe("medium");
    expect(normalisePriority(1)).toBe("medium");
  });
});

describe("taskFromWire", () => {
  it("reads another server's task: numeric id, wrapped source, in_progress, unknown priority, no tags", () => {
    const task = taskFromWire({
      id: 7,
      title: "Send the report",
      description: null,
      status: "in_progress",
      priority: "whenever",
      due_date: "2026-12-01T09:00:00Z",
      tags: null,
      source: { Llm: { origin: "email" } },
    });
    expect(task).toMatchObject({
      id: "7",
      title: "Send the report",
      status: "inprogress",
      priority: "medium",
      due_date: "2026-12-01T09:00:00Z",
      tags: [],
      source: { type: "Llm", origin: "email" },
    });
  });
});

describe("taskFromWire: the wire shape read tolerantly", () => {
  const ours = {
    id: "0193",
    title: "Water the plants",
    description: "Kitchen first",
    status: "completed",
    priority: "high",
    due_date: "2026-12-01T09:00:00.000Z",
    tags: ["home"],
    source: { type: "Document", origin: "import", filename: "todo.csv" },
    created_at: "2026-11-01T09:00:00.000Z",
    updated_at: "2026-11-02T09:00:00.000Z",
    completed_at: "2026-11-02T09:00:00.000Z",
    completed_at_approximate: false,
    recurrence: "FREQ=WEEKLY;BYDAY=MO",
    remind_at: null,
    project_id: "0192",
    parent_id: "0190",
    duration_minutes: 45,
    scheduled_start: "2026-12-01T08:00:00.000Z",
    assignee_id: "0191",
    position: 2,
  };

  it("reads our server's task as it is", () => {
    expect(taskFromWire(ours)).toEqual(ours);
  });

  it("reads a task with nothing but an id, every field empty or at its default", () => {
    expect(taskFromWire({ id: 12 })).toEqual({
      id: "12",
      title: "",
      description: null,
      status: "pending",
      priority: "medium",
      due_date: null,
      tags: [],
      source: { type: "Manual" },
      completed_at_approximate: false,
      recurrence: null,
      project_id: "",
      parent_id: null,
      duration_minutes: null,
      scheduled_start: null,
      assignee_id: null,
      position: null,
    });
  });

  it("reads a malformed field as empty rather than dropping the task", () => {
    const task = taskFromWire({
      ...ours,
      title: 7,
      description: [],
      tags: ["a", 1],
      due_date: 5,
      remind_at: 3,
      project_id: null,
      parent_id: 4,
      duration_minutes: "45",
      scheduled_start: 9,
    });
    expect(task).toMatchObject({ project_id: "", parent_id: "4" });
    expect(task).toMatchObject({
      title: "",
      description: null,
      tags: [],
      due_date: null,
      remind_at: null,
      duration_minutes: null,
      scheduled_start: null,
    });
    expect(task.recurrence).toBe("FREQ=WEEKLY;BYDAY=MO");
  });

  it("is no task without an id", () => {
    expect(readTaskFromWire({ ...ours, id: undefined })).toBeUndefined();
    expect(readTaskFromWire(null)).toBeUndefined();
    expect(readTaskFromWire(ours)?.id).toBe("0193");
  });
});

describe("isOverdue", () => {
  const now = new Date("2026-11-21T10:00:00.000Z");
  const task = (status: Task["status"], due_date: string | null): Task =>
    taskFromWire({ id: "1", title: "t", status, priority: "medium", due_date, source: "Manual" });

  it("is a due date in the past and a status other than completed, cancelled included", () => {
    expect(isOverdue(task("pending", "2026-11-21T09:59:59.000Z"), now)).toBe(true);
    expect(isOverdue(task("inprogress", "2026-01-01T00:00:00.000Z"), now)).toBe(true);
    expect(isOverdue(task("cancelled", "2026-11-21T09:59:59.000Z"), now)).toBe(true);
    expect(isOverdue(task("completed", "2026-11-21T09:59:59.000Z"), now)).toBe(false);
  });

  it("is not a task due now or later, nor one without a due date", () => {
    expect(isOverdue(task("pending", "2026-11-21T10:00:00.000Z"), now)).toBe(false);
    expect(isOverdue(task("pending", "2026-11-21T10:00:01.000Z"), now)).toBe(false);
    expect(isOverdue(task("pending", null), now)).toBe(false);
  });

  it("is what the statistics count", () => {
    const tasks = [
      task("pending", "2026-11-21T09:59:59.000Z"),
      task("cancelled", "2026-11-21T09:59:59.000Z"),
      task("completed", "2026-11-21T09:59:59.000Z"),
      task("pending", "2026-11-22T00:00:00.000Z"),
    ];
    expect(computeTaskStats(tasks, now)).toMatchObject({ overdue: 2, cancelled: 1, completed: 1, total: 4 });
  });
});

describe("repeatsWithoutDueDate", () => {
  it("is a rule without a due date", () => {
    expect(repeatsWithoutDueDate({ recurrence: "FREQ=DAILY", due_date: null })).toBe(true);
    expect(repeatsWithoutDueDate({ recurrence: "FREQ=DAILY", due_date: undefined })).toBe(true);
    expect(repeatsWithoutDueDate({ recurrence: "FREQ=DAILY", due_date: "" })).toBe(true);
  });

  it("is neither a rule with a due date nor a task that does not repeat", () => {
    expect(repeatsWithoutDueDate({ recurrence: "FREQ=DAILY", due_date: "2026-11-23T09:00:00Z" })).toBe(false);
    expect(repeatsWithoutDueDate({ recurrence: null, due_date: null })).toBe(false);
    expect(repeatsWithoutDueDate({ recurrence: undefined, due_date: null })).toBe(false);
  });
});
