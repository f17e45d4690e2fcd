import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..", "..", "..");

/** The clock rule's messages for `code` linted as a server test file. */
async function clockErrors(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, {
    filePath: path.join(repoRoot, "server", "test", "tasks", "clock-example.test.ts"),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-syntax")
    .map((message) => message.message);
}

describe("tests own their clock (eslint.config.js)", () => {
  it("refuses a server test reading the machine's date with new Date() or Date.now()", async () => {
    const errors = await clockErrors(
      ["export const today = new Date();", "export const stamp = Date.now();", ""].join("\n"),
    );
    expect(errors).toHaveLength(2);
    expect(errors.every((message) => message.startsWith("Tests own their clock"))).toBe(true);
  });

  it("allows fixed dates, and a real-time read that says why", async () => {
    const errors = await clockErrors(
      [
        'export const due = new Date("2030-06-15T12:00:00Z");',
        "// eslint-disable-next-line no-restricted-syntax -- processes agree on a moment of the real clock",
        "export const startAt = Date.now() + 4_000;",
        "",
      ].join("\n"),
    );
    expect(errors).toEqual([]);
  });
});
