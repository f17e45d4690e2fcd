import { buildTask } from "@mocks/fixtures";
import { taskFromWire, type Task } from "@contract/tasks";
import { describe, expect, it } from "vitest";
import {
  buildTaskIndex,
  cachedTreeRows,
  descendantsOf,
  fitsUnder,
  heightOf,
  indentTarget,
  levelOf,
  openDescendantsOf,
  progressOf,
  treeRows,
} from "./task-tree";

function task(
  id: string,
  parent: string | null,
  status: "pending" | "completed" | "cancelled" = "pending",
): Task {
  return taskFromWire(buildTask({ id, title: id.toUpperCase(), parent_id: parent, status }));
}

// a ─ b ─ c ─ d     e     f (parent g, not loaded)
const tasks = [
  task("a", null),
  task("b", "a"),
  task("c", "b", "completed"),
  task("d", "c"),
  task("e", null),
  task("x", "a", "cancelled"),
];
const index = buildTaskIndex(tasks);

describe("the subtask tree", () => {
  it("knows levels, heights and what lies below a task", () => {
    expect(levelOf(index, "a")).toBe(1);
    expect(levelOf(index, "d")).toBe(4);
    expect(heightOf(index, "a")).toBe(4);
    expect(heightOf(index, "e")).toBe(1);
    expect(descendantsOf(index, "a").map((each) => each.id)).toEqual(["b", "c", "d", "x"]);
    expect(openDescendantsOf(index, "a").map((each) => each.id)).toEqual(["b", "d"]);
  });

  it("refuses a fifth level", () => {
    expect(fitsUnder(index, "e", "c")).toBe(true);
    expect(fitsUnder(index, "e", "d")).toBe(false);
    // a carries three levels below it: under e it would reach five.
    expect(fitsUnder(index, "a", "e")).toBe(false);
  });

  it("counts a parent's direct subtasks done, leaving cancelled ones out", () => {
    expect(progressOf(index, "a")).toBe("0/1");
    expect(progressOf(index, "b")).toBe("1/1");
    expect(progressOf(index, "e")).toBeUndefined();
  });

  it("indents shown subtasks under their parent and hides a collapsed parent's", () => {
    const rows = treeRows(tasks, index, new Set());
    expect(rows.map((row) => [row.task.id, row.depth])).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
      ["d", 3],
      ["x", 1],
      ["e", 0],
    ]);
    const collapsed = treeRows(tasks, index, new Set(["b"]));
    expect(collapsed.map((row) => row.task.id)).toEqual(["a", "b", "x", "e"]);
    expect(collapsed.find((row) => row.task.id === "b")?.hasChildren).toBe(true);
  });

  it("lists a parent's subtasks in the order they were made, whatever the list's order", () => {
    const made = (id: string, minute: number, parent: string | null) =>
      taskFromWire(
        buildTask({ id, title: id, parent_id: parent, created_at: `2030-01-01T10:0${minute}:00.000Z` }),
      );
    // Newest first, as a list sorted by creation shows them.
    const list = [
      made("C", 3, "P"),
      made("B", 2, "P"),
      made("A", 1, "P"),
      made("Q", 5, null),
      made("P", 0, null),
    ];
    const rows = treeRows(list, buildTaskIndex(list), new Set());
    expect(rows.map((row) => row.task.id)).toEqual(["Q", "P", "A", "B", "C"]);
  });

  it("shows a subtask whose parent is filtered out at the top, with the parent's title", () => {
    const rows = treeRows([tasks[3]!, tasks[4]!], index, new Set());
    expect(rows[0]).toMatchObject({ depth: 0, context: "C" });
    expect(rows[1]?.context).toBeUndefined();
  });

  it("keeps the rows of a list shown while the tree and the collapsed parents stay", () => {
    const none = new Set<string>();
    const rows = cachedTreeRows(tasks, index, none);
    expect(cachedTreeRows(tasks, index, none)).toBe(rows);
    expect(cachedTreeRows(tasks, index, new Set(["b"]))).not.toBe(rows);
    expect(cachedTreeRows(tasks, buildTaskIndex(tasks), none)).not.toBe(rows);
    expect(cachedTreeRows(tasks, index, none).map((row) => row.task.id)).toEqual(
      treeRows(tasks, index, none).map((row) => row.task.id),
    );
  });

  it("indents under the row above at the same level, not under a deeper one", () => {
    const rows = treeRows(tasks, index, new Set());
    const at = (id: string) => rows.findIndex((row) => row.task.id === id);
    expect(indentTarget(rows, at("e"))?.task.id).toBe("a");
    expect(indentTarget(rows, at("x"))?.task.id).toBe("b");
    expect(indentTarget(rows, at("a"))).toBeUndefined();
    expect(indentTarget(rows, at("b"))).toBeUndefined();
  });
});
