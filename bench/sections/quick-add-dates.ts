import { parseQuickAdd } from "../../server/src/modules/quick-add/parse-quick-add";
import { QUICK_ADD_NOW, QUICK_ADD_TIME_ZONE, quickAddCases } from "../../server/test/corpus/quick-add-dates";
import { budgetRow, budgetsTable, formatCount, type BenchSection } from "../lib/report";

/**
 * Quick add read on the project's own date corpus (server/test/corpus/quick-add-dates.ts): lines
 * with a fixed reference time, half of them naming no date at all. A line is read as a person
 * means it when both its due date and its title are the ones the corpus states.
 */

const BUDGET = 0.95;

const quickAddDates: BenchSection = async () => {
  const context = { timeZone: QUICK_ADD_TIME_ZONE, now: new Date(QUICK_ADD_NOW) };
  const misses: string[] = [];
  let right = 0;
  let dated = 0;
  let datedRight = 0;
  for (const entry of quickAddCases) {
    const result = parseQuickAdd(entry.text, context);
    const ok = result.due_date === entry.due && result.title === entry.title;
    if (entry.due) dated += 1;
    if (ok) {
      right += 1;
      if (entry.due) datedRight += 1;
    } else {
      misses.push(`"${entry.text}" → "${result.title}", ${result.due_date ?? "no date"}`);
    }
  }
  const undated = quickAddCases.length - dated;
  const share = right / quickAddCases.length;
  return {
    title: "Quick add: dates read as a person means them",
    tables: [
      {
        title: `Quick-add date corpus (${quickAddCases.length} lines, ${undated} of them naming no date)`,
        columns: ["lines", "read as meant", "with a date", "without a date"],
        rows: [
          [
            formatCount(quickAddCases.length),
            formatCount(right),
            `${datedRight} / ${dated}`,
            `${right - datedRight} / ${undated}`,
          ],
        ],
      },
      budgetsTable([
        budgetRow("lines read as meant", share, { atLeast: BUDGET }, "", (value) => value.toFixed(3)),
      ]),
    ],
    notes: [
      "A line counts when its due date and its title are both the ones the corpus states (the title keeps every word that is not the date).",
      ...misses.slice(0, 12).map((miss) => `miss: ${miss}`),
      ...(misses.length > 12 ? [`… and ${misses.length - 12} more`] : []),
    ],
  };
};

export default quickAddDates;
