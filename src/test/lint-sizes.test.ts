/// <reference types="node" />
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

/** A component whose function spans `lines` lines. */
function component(lines: number): string {
  const body = Array.from({ length: lines - 3 }, (_, index) => `  const v${index} = ${index};`);
  const sum = Array.from({ length: lines - 3 }, (_, index) => `v${index}`).join(" + ");
  return ["export function Big() {", ...body, `  return <p>{${sum}}</p>;`, "}", ""].join("\n");
}

/** A module of `lines` lines. */
function module(lines: number): string {
  return Array.from({ length: lines }, (_, index) => `export const c${index} = ${index};`).join("\n") + "\n";
}

/** The size rules ESLint reports for `code` linted as if it stood at `asPath`. */
async function sizeErrors(code: string, asPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, asPath) });
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? "")
    .filter((rule) => rule === "max-lines" || rule === "max-lines-per-function");
}

// Linting with the TypeScript resolver takes a few seconds on a busy machine.
describe("the web's size limits (eslint.config.js)", { timeout: 60_000 }, () => {
  it("refuses a component over 130 lines and lets one of 130 pass", async () => {
    expect(await sizeErrors(component(131), "src/features/tasks/components/big.tsx")).toEqual([
      "max-lines-per-function",
    ]);
    expect(await sizeErrors(component(130), "src/features/tasks/components/big.tsx")).toEqual([]);
  });

  it("refuses a production file over 500 lines", async () => {
    expect(await sizeErrors(module(501), "src/lib/big.ts")).toEqual(["max-lines"]);
    expect(await sizeErrors(module(500), "src/lib/big.ts")).toEqual([]);
  });

  it("leaves tests and test helpers alone", async () => {
    expect(await sizeErrors(module(501), "src/lib/big.test.ts")).toEqual([]);
    expect(await sizeErrors(component(200), "src/features/tasks/components/big.test.tsx")).toEqual([]);
    expect(await sizeErrors(component(200), "src/test/render-big.tsx")).toEqual([]);
  });
});
