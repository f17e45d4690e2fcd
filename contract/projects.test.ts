import { describe, expect, it } from "vitest";
import {
  createProjectRequestSchema,
  projectFromWire,
  projectNameKey,
  readProjectFromWire,
  updateProjectRequestSchema,
} from "./projects";
import { createTaskRequestSchema, updateTaskRequestSchema } from "./tasks";

describe("project input", () => {
  it("takes a trimmed name of 1 to 60 characters and the default colour", () => {
    expect(createProjectRequestSchema.parse({ name: "  Home  " })).toEqual({ name: "Home", color: "slate" });
    expect(createProjectRequestSchema.safeParse({ name: "x".repeat(60) }).success).toBe(true);
    expect(createProjectRequestSchema.safeParse({ name: "x".repeat(61) }).error?.issues[0]?.message).toBe(
      "Name must be at most 60 characters",
    );
    expect(createProjectRequestSchema.safeParse({ name: "   " }).error?.issues[0]?.message).toBe(
      "Name is required",
    );
  });

  it("takes only palette colours", () => {
    expect(createProjectRequestSchema.safeParse({ name: "Home", color: "teal" }).success).toBe(true);
    expect(createProjectRequestSchema.safeParse({ name: "Home", color: "#ff0000" }).success).toBe(false);
    expect(updateProjectRequestSchema.parse({ archived: true })).toEqual({ archived: true });
  });
});

describe("projectFromWire", () => {
  it("reads our server's project as it is, and a sparse one with defaults", () => {
    const ours = {
      id: "p1",
      name: "Home",
      color: "teal",
      is_inbox: false,
      archived: false,
      open_count: 3,
      role: "editor",
      owner: { id: "u1", username: "ada" },
      member_count: 2,
    };
    expect(projectFromWire(ours)).toEqual(ours);
    expect(projectFromWire({ id: 7, color: "mauve" })).toEqual({
      id: "7",
      name: "",
      color: "slate",
      is_inbox: false,
      archived: false,
      open_count: 0,
      role: "owner",
      owner: { id: "", username: "" },
      member_count: 0,
    });
    expect(readProjectFromWire({ name: "no id" })).toBeUndefined();
  });
});

describe("projectNameKey", () => {
  it("ignores case, spaces, hyphens and underscores", () => {
    expect(projectNameKey("home-renovation")).toBe(projectNameKey("Home renovation"));
    expect(projectNameKey("HOME_RENOVATION")).toBe(projectNameKey("Home  Renovation"));
    expect(projectNameKey("Home")).not.toBe(projectNameKey("Homework"));
  });
});

describe("task input: projects and subtasks", () => {
  it("takes project_id and parent_id on create and update, complete_subtasks on update only", () => {
    expect(createTaskRequestSchema.parse({ title: "a", project_id: "p1", parent_id: "t1" })).toMatchObject({
      project_id: "p1",
      parent_id: "t1",
    });
    expect(updateTaskRequestSchema.parse({ parent_id: null, complete_subtasks: true })).toEqual({
      parent_id: null,
      complete_subtasks: true,
    });
    expect(createTaskRequestSchema.parse({ title: "a", complete_subtasks: true })).not.toHaveProperty(
      "complete_subtasks",
    );
    expect(createTaskRequestSchema.safeParse({ title: "a", project_id: "" }).success).toBe(false);
  });
});
