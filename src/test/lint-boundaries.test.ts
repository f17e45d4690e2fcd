/// <reference types="node" />
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for a fixture linted as if it stood at `asPath`. */
async function boundaryErrors(fixture: string, asPath: string): Promise<string[]> {
  const code = await readFile(path.join(root, "src/test/lint-fixtures", fixture), "utf8");
  const [result] = await eslint.lintText(code, { filePath: path.join(root, asPath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

// Linting with the TypeScript resolver takes a few seconds on a busy machine.
describe("the web's import boundaries (eslint.config.js)", { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature", async () => {
    const errors = await boundaryErrors("feature-imports-feature.ts", "src/features/tasks/violation.ts");
    expect(errors).toEqual([expect.stringContaining("Features do not import each other")]);
  });

  it("refuses it in every feature folder, quick-add and data-transfer included", async () => {
    const features = readdirSync(path.join(root, "src/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "extract")
      .map((entry) => entry.name);
    expect(features).toEqual(expect.arrayContaining(["quick-add", "data-transfer", "tasks"]));
    for (const feature of features) {
      const errors = await boundaryErrors(
        "feature-imports-feature.ts",
        `src/features/${feature}/violation.ts`,
      );
      expect(errors, feature).toEqual([expect.stringContaining("Features do not import each other")]);
    }
  });

  it("lets a feature import src/api and src/lib", async () => {
    expect(await boundaryErrors("feature-imports-api.ts", "src/features/tasks/allowed.ts")).toEqual([]);
  });

  it("refuses src/api importing a feature", async () => {
    const errors = await boundaryErrors("api-imports-feature.ts", "src/api/tasks/violation.ts");
    expect(errors).toEqual([expect.stringContaining("src/api serves the features")]);
  });
});
