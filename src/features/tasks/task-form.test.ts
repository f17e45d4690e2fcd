import { taskFromWire } from "@contract/tasks";
import { buildTask } from "@mocks/fixtures";
import { describe, expect, it } from "vitest";
import {
  addTag,
  createTaskPayload,
  emptyTaskForm,
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
