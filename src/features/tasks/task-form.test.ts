import { taskFromWire } from "@contract/tasks";
import { buildTask } from "@mocks/fixtures";
import { describe, expect, it } from "vitest";
import {
  addTag,
  createTaskPayload,
  emptyTaskForm,
  newTaskFormValues,
  NO_REMINDER,
  REMIND_AT_TIME,
  taskFormSchema,
  taskFormValuesFrom,
  updateTaskPayload,
} from "./task-form";

describe("taskFormSchema", () => {
  it("requires a title: 'Title is required'", () => {
    const result = taskFormSchema.safeParse({ ...emptyTaskForm, title: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Title is required");
  });

  it("defaults to priority medium and no tags", () => {
    expect(emptyTaskForm.priority).toBe("medium");
    expect(emptyTaskForm.tags).toEqual([]);
  });
});

describe("addTag (duplicates are ignored)", () => {
  it("adds a trimmed tag", () => {
    expect(addTag(["work"], "  home ")).toEqual(["work", "home"]);
  });

  it("ignores a tag already present, in any case, and blank input", () => {
    expect(addTag(["work"], "work")).toEqual(["work"]);
    expect(addTag(["work"], "WORK")).toEqual(["work"]);
    expect(addTag(["work"], "  ")).toEqual(["work"]);
  });
});

describe("createTaskPayload", () => {
  it("reads the due date in the user's time zone and sends ISO", () => {
    const payload = createTaskPayload(
      { ...emptyTaskForm, title: "Call", dueDate: "2026-12-01T10:00", tags: ["a"] },
      "Asia/Tokyo",
    );
    expect(payload).toEqual({
      title: "Call",
      description: null,
      priority: "medium",
      due_date: "2026-12-01T01:00:00.000Z",
      tags: ["a"],
      remind_at: null,
    });
  });

  it("sends no due date when the field is empty", () => {
    expect(createTaskPayload({ ...emptyTaskForm, title: "Call" }, "UTC").due_date).toBeNull();
  });
});

describe("updateTaskPayload (partial PUT)", () => {
  const task = taskFromWire(
    buildTask({ title: "Plan", status: "in_progress", due_date: "2026-12-01T09:00:00.000Z", tags: ["x"] }),
  );
  const initial = taskFormValuesFrom(task, "Europe/Berlin");

  it("shows the due date in the user's time zone and in_progress as inprogress", () => {
    expect(initial.dueDate).toBe("2026-12-01T10:00");
    expect(initial.status).toBe("inprogress");
  });

  it("sends only what changed, status in its wire spelling", () => {
    expect(updateTaskPayload(initial, initial, "Europe/Berlin")).toEqual({});
    expect(
      updateTaskPayload({ ...initial, status: "completed", tags: ["x", "y"] }, initial, "Europe/Berlin"),
    ).toEqual({
      status: "completed",
      tags: ["x", "y"],
    });
    expect(
      updateTaskPayload({ ...initial, status: "pending" }, { ...initial, status: "completed" }, "UTC"),
    ).toEqual({
      status: "pending",
    });
    expect(updateTaskPayload({ ...initial, dueDate: "2026-12-02T08:30" }, initial, "Europe/Berlin")).toEqual({
      due_date: "2026-12-02T07:30:00.000Z",
    });
  });

  it("clears a removed due date and description with null", () => {
    const withDescription = { ...initial, description: "notes" };
    expect(
      updateTaskPayload({ ...withDescription, dueDate: "", description: "" }, withDescription, "UTC"),
    ).toEqual({
      due_date: null,
      description: null,
    });
  });
});

describe("all-day due dates", () => {
  it("sends a date alone as the end of that day in the user's zone, and reads it back as a date", () => {
    const payload = createTaskPayload(
      { ...emptyTaskForm, title: "Pay rent", dueDate: "2026-12-01" },
      "Europe/Berlin",
    );
    expect(payload.due_date).toBe("2026-12-01T22:59:59.999Z");
    const task = taskFromWire(buildTask({ title: "Pay rent", due_date: payload.due_date }));
    expect(taskFormValuesFrom(task, "Europe/Berlin").dueDate).toBe("2026-12-01");
  });
});

describe("the reminder ('Remind me')", () => {
  const timed = taskFromWire(
    buildTask({ due_date: "2026-12-01T09:00:00.000Z", remind_at: "2026-12-01T08:30:00.000Z" }),
  );

  it("starts a new task at the user's default lead time, or none", () => {
    expect(newTaskFormValues(30).reminder).toBe("30");
    expect(newTaskFormValues(null).reminder).toBe(NO_REMINDER);
  });

  it("counts a lead time back from a due time, and gives none for a date alone", () => {
    const values = { ...newTaskFormValues(15), title: "Call", dueDate: "2026-12-01T10:00" };
    expect(createTaskPayload(values, "Europe/Berlin").remind_at).toBe("2026-12-01T08:45:00.000Z");
    expect(createTaskPayload({ ...values, dueDate: "2026-12-01" }, "Europe/Berlin").remind_at).toBeNull();
    expect(createTaskPayload({ ...values, reminder: NO_REMINDER }, "Europe/Berlin").remind_at).toBeNull();
  });

  it("reads a time of its own in the user's zone, and requires one", () => {
    const values = {
      ...emptyTaskForm,
      title: "Call",
      reminder: REMIND_AT_TIME,
      remindAt: "2026-12-01T07:15",
    };
    expect(createTaskPayload(values, "Asia/Tokyo").remind_at).toBe("2026-11-30T22:15:00.000Z");
    const missing = taskFormSchema.safeParse({ ...values, remindAt: "" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ["remindAt"],
      message: "Choose when to be reminded",
    });
  });

  it("shows a task's reminder as the lead time it matches, else as its own time", () => {
    expect(taskFormValuesFrom(timed, "UTC")).toMatchObject({ reminder: "30", remindAt: "" });
    const odd = taskFromWire(
      buildTask({ due_date: "2026-12-01T09:00:00.000Z", remind_at: "2026-12-01T08:20:00.000Z" }),
    );
    expect(taskFormValuesFrom(odd, "Europe/Berlin")).toMatchObject({
      reminder: REMIND_AT_TIME,
      remindAt: "2026-12-01T09:20",
    });
    expect(taskFormValuesFrom(taskFromWire(buildTask()), "UTC").reminder).toBe(NO_REMINDER);
  });

  it("sends a changed reminder only, and moves a lead time with its due date", () => {
    const initial = taskFormValuesFrom(timed, "UTC");
    expect(updateTaskPayload(initial, initial, "UTC")).toEqual({});
    expect(updateTaskPayload({ ...initial, reminder: NO_REMINDER }, initial, "UTC")).toEqual({
      remind_at: null,
    });
    expect(updateTaskPayload({ ...initial, dueDate: "2026-12-02T09:00" }, initial, "UTC")).toEqual({
      due_date: "2026-12-02T09:00:00.000Z",
      remind_at: "2026-12-02T08:30:00.000Z",
    });
  });
});
