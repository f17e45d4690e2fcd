import { taskFromWire } from "@contract/tasks";
import { buildTask } from "@mocks/fixtures";
import { describe, expect, it } from "vitest";
import { buildTaskSearchIndex, searchTasks } from "./search-tasks";

const tasks = [
  buildTask({ title: "Buy milk", description: "From the corner shop", tags: ["errands"] }),
  buildTask({ title: "Write report", description: null, tags: ["Work", "Q4"] }),
  buildTask({ title: "Call the bank", description: "About the MORTGAGE", tags: [] }),
].map(taskFromWire);
const index = buildTaskSearchIndex(tasks);
const titles = (query: string) => searchTasks(index, query).map((task) => task.title);

describe("searchTasks", () => {
  it("returns every task for an empty or blank query", () => {
    expect(titles("")).toEqual(["Buy milk", "Write report", "Call the bank"]);
    expect(titles("   ")).toHaveLength(3);
  });

  it("matches title, description and tags, ignoring case", () => {
    expect(titles("MILK")).toEqual(["Buy milk"]);
    expect(titles("mortgage")).toEqual(["Call the bank"]);
    expect(titles("work")).toEqual(["Write report"]);
  });

  it("needs every word to match, in any order", () => {
    expect(titles("shop buy")).toEqual(["Buy milk"]);
    expect(titles("buy report")).toEqual([]);
  });

  it("filters 5,000 tasks by tag and text together", () => {
    const many = Array.from({ length: 5_000 }, (_, n) =>
      taskFromWire(
        buildTask({ title: `Task number ${n}`, description: `Details ${n}`, tags: [`tag-${n % 50}`] }),
      ),
    );
    const bigIndex = buildTaskSearchIndex(many);
    // How fast it is lives in `npm run bench` (the Tasks-screen keystroke), not in a timed assertion.
    const found = searchTasks(bigIndex, "tag-7 details");
    expect(found).toHaveLength(100);
  });
});
