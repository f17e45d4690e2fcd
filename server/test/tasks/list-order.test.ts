import { describe, expect, it } from "vitest";
import { sortedInListOrder } from "../../src/modules/tasks/list-order";

function row(id: string, status: string, due_date: string | null, created_at: string) {
  return { id, status, due_date, created_at };
}

describe("sortedInListOrder", () => {
  it("breaks every tie: due date (undated last), then newest, then the greater id", () => {
    const early = "2026-11-01T08:00:00.000Z";
    const late = "2026-11-02T08:00:00.000Z";
    const rows = [
      row("a", "pending", null, early),
      row("b", "completed", "2026-11-05T00:00:00.000Z", early),
      row("c", "pending", "2026-11-05T00:00:00.000Z", early),
      row("d", "inprogress", "2026-11-05T00:00:00.000Z", late),
      row("e", "pending", "2026-11-05T00:00:00.000Z", early),
      row("f", "pending", null, late),
      row("g", "cancelled", null, early),
      row("h", "pending", "2026-11-04T00:00:00.000Z", early),
      row("i", "pending", null, late),
      row("j", "completed", "2026-11-03T00:00:00.000Z", late),
    ];
    // Any order in, one order out.
    for (const input of [rows, [...rows].reverse()]) {
      expect(sortedInListOrder([...input]).map((task) => task.id)).toEqual([
        "h",
        "d",
        "e",
        "c",
        "i",
        "f",
        "a",
        "j",
        "b",
        "g",
      ]);
    }
  });
});
