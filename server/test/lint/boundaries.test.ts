import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..", "..", "..");
const fixtures = path.join(repoRoot, "server", "test", "lint-fixtures");

/**
 * Lints `text` as if it were the file of this relative path in server/src/modules/, with the
 * repository's own eslint.config.js, and returns the messages of `rule`.
 */
async function ruleErrors(rule: string, modulePath: string, text: string): Promise<string[]> {
  return ruleErrorsAt(rule, path.join("server", "src", "modules", modulePath), text);
}

/** Lints `text` as if it were the file of this path relative to the repository's root. */
async function ruleErrorsAt(rule: string, filePath: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(text, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

/** A fixture linted in its place: the boundary rule's messages. */
function boundaryErrors(fixture: string): Promise<string[]> {
  return ruleErrors(
    "import-x/no-restricted-paths",
    fixture,
    readFileSync(path.join(fixtures, fixture), "utf8"),
  );
}

/** A fixture linted in its place: the messages keeping kysely in repositories. */
function sqlErrors(fixture: string): Promise<string[]> {
  return ruleErrors("no-restricted-imports", fixture, readFileSync(path.join(fixtures, fixture), "utf8"));
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

  it("refuses kysely (the sql tag included) outside a repository", async () => {
    const errors = await sqlErrors("daily/runs-sql.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("SQL lives in repositories");
  });

  it("allows kysely in a repository", async () => {
    expect(await sqlErrors("daily/repository.ts")).toEqual([]);
  });

  const lines = (count: number) =>
    Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join("\n");

  it("refuses a production file over 500 lines", async () => {
    expect(await ruleErrors("max-lines", "daily/long.ts", lines(500))).toEqual([]);
    const errors = await ruleErrors("max-lines", "daily/long.ts", lines(501));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Maximum allowed is 500");
  });

  it("refuses a contract or script file over 500 lines, but not a contract test", async () => {
    for (const file of ["contract/long.ts", "scripts/long.ts", "scripts/long.mjs"]) {
      expect(await ruleErrorsAt("max-lines", file, lines(500))).toEqual([]);
      expect(await ruleErrorsAt("max-lines", file, lines(501))).toHaveLength(1);
    }
    expect(await ruleErrorsAt("max-lines", "contract/long.test.ts", lines(501))).toEqual([]);
  });
});
