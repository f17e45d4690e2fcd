import { describe, expect, it } from "vitest";
import { parseQuickAdd } from "../../src/modules/quick-add/parse-quick-add";
import { QUICK_ADD_NOW, QUICK_ADD_TIME_ZONE, quickAddCases } from "../corpus/quick-add-dates";

describe("the quick-add date corpus", () => {
  it("holds at least 150 lines, half of them naming no date", () => {
    expect(quickAddCases.length).toBeGreaterThanOrEqual(150);
    expect(quickAddCases.filter((entry) => entry.due === null).length * 2).toBeGreaterThanOrEqual(
      quickAddCases.length,
    );
  });

  it("is read as a person means it in at least 95 % of its lines", () => {
    const context = { timeZone: QUICK_ADD_TIME_ZONE, now: new Date(QUICK_ADD_NOW) };
    const misses = quickAddCases.filter((entry) => {
      const result = parseQuickAdd(entry.text, context);
      return result.due_date !== entry.due || result.title !== entry.title;
    });
    expect(
      misses.length / quickAddCases.length,
      misses.map((miss) => miss.text).join("\n"),
    ).toBeLessThanOrEqual(0.05);
  });
});
