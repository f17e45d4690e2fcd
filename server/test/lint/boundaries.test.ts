import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..", "..", "..");
const fixtures = path.join(repoRoot, "server", "test", "lint-fixtures");

/**
 * Lints a fixture as if it were the file of the same relative path in server/src/modules/, with
 * the repository's own eslint.config.js, and returns the boundary rule's messages.
 */
async function boundaryErrors(fixture: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(readFileSync(path.join(fixtures, fixture), "utf8"), {
    filePath: path.join(repoRoot, "server", "src", "modules", fixture),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

describe("the server's import boundaries (eslint.config.js)", () => {
  it("refuses a module importing another module's repository", async () => {
    const errors = await boundaryErrors("daily/reaches-into-tasks.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("only through its service.ts or index.ts");
  });

  it("refuses routes importing a repository, even their own module's", async () => {
    const errors = await boundaryErrors("tasks/routes.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("only services use repositories");
  });

  it("allows another module's service.ts and index.ts", async () => {
    expect(await boundaryErrors("daily/uses-services.ts")).toEqual([]);
  });
});
