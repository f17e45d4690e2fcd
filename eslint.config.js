import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports flow one way: app → features → api → shared (components, lib, stores, config); the SPA
 * never imports server/, the server never imports src/; contract/ imports only zod.
 */
// ---------------------------------------------------------------------------------------------
// Server boundaries. A server module (server/src/modules/<name>/) uses another module only
// through that module's service.ts or index.ts, never its routes, repositories or helpers; and a
// module's routes.ts reaches SQL only through its service, never a repository. Checked by
// server/test/lint/boundaries.test.ts against fixtures in server/test/lint-fixtures/.
// ---------------------------------------------------------------------------------------------
const serverModules = readdirSync(new URL("./server/src/modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverBoundaryZones = [
  ...serverModules.map((name) => ({
    target: `./server/src/modules/${name}`,
    from: "./server/src/modules/*/**",
    except: [
      `**/server/src/modules/${name}/**`,
      "**/server/src/modules/*/service.ts",
      "**/server/src/modules/*/index.ts",
    ],
    message: "A module uses another module only through its service.ts or index.ts.",
  })),
  {
    target: "./server/src/modules/*/routes.ts",
    from: "./server/src/modules/*/*repository.ts",
    message: "Routes call their service; only services use repositories.",
  },
  { target: "./server", from: ["./src", "./mocks"], message: "The server never imports the SPA." },
];

const serverBoundaries = {
  files: ["server/src/modules/**/*.ts"],
  rules: { "import-x/no-restricted-paths": ["error", { zones: serverBoundaryZones }] },
};

// SQL is written in repositories (a file named *repository.ts) and in server/src/db/ (the
// connection, the schema, the migrations); everything else calls a repository function.
const sqlInRepositories = {
  files: ["server/src/**/*.ts"],
  ignores: ["server/src/**/*repository.ts", "server/src/db/**"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        paths: [
          {
            name: "kysely",
            message:
              "SQL lives in repositories (*repository.ts) and server/src/db/; call a repository function.",
          },
        ],
      },
    ],
  },
};

// A production file a reader can hold: split one that grows past this along its own sections.
// The same for the wire contract and the scripts (their tests are exempt).
const productionFileLength = {
  files: ["server/src/**/*.ts", "contract/**/*.ts", "scripts/**/*.{ts,mjs}"],
  ignores: ["contract/**/*.test.ts"],
  rules: { "max-lines": ["error", { max: 500 }] },
};
// ------------------------------------------------------------------------- end server boundaries

// ── Web (SPA) boundaries ────────────────────────────────────────────────────────────────────────
// A screen lives in one feature; what several screens share is a resource in src/api (fetchers,
// queryOptions, mutations) or a piece of src/components, src/lib or src/stores. Features never
// import each other (compose them in src/app instead). src/test/lint-boundaries.test.ts lints
// deliberate violations against these zones and fails if they pass.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message:
      "Features do not import each other: share through src/api, src/components, src/lib or src/stores, compose in src/app.",
  })),
  {
    target: "./src/api",
    from: ["./src/features", "./src/app"],
    message: "src/api serves the features: it never imports a feature or the app.",
  },
  {
    target: ["./src/components", "./src/lib", "./src/stores", "./src/config"],
    from: ["./src/features", "./src/app", "./src/api"],
    message: "Shared code does not depend on the resources, the features or the app.",
  },
  { target: "./src/features", from: "./src/app", message: "Features do not import the app." },
];
// The SPA's rooms stay small enough to hold: a production file within 500 lines, a component (any
// function in a .tsx file) within 130. Tests and test helpers are exempt. Checked by
// src/test/lint-sizes.test.ts.
const webSizeLimits = [
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/test/**"],
    rules: { "max-lines": ["error", { max: 500 }] },
  },
  {
    files: ["src/**/*.tsx"],
    ignores: ["src/**/*.test.tsx", "src/test/**"],
    rules: { "max-lines-per-function": ["error", { max: 130 }] },
  },
];
// ── end of web boundaries ───────────────────────────────────────────────────────────────────────

// ── Tests own their clock ───────────────────────────────────────────────────────────────────────
// A server test takes "now" from its test clock (server/test/helpers.ts) or a fixed date, never
// from the machine: CI runs the suites on days that break date code (scripts/clock-days.mjs). A
// test that means the real time says so: `// eslint-disable-next-line no-restricted-syntax -- why`.
// (Web and contract tests run on a fixed clock that src/test/setup.ts installs.) Checked by
// server/test/lint/real-clock.test.ts.
const testsOwnTheirClock = {
  files: ["server/test/**/*.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "NewExpression[callee.name='Date'][arguments.length=0]",
        message:
          "Tests own their clock: take now from the test clock or a fixed date (or say why the real time is meant).",
      },
      {
        selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
        message:
          "Tests own their clock: take now from the test clock, performance.now() for a duration, randomUUID() for a unique name (or say why the real time is meant).",
      },
    ],
  },
};
// ── end of tests own their clock ────────────────────────────────────────────────────────────────

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-server",
      "node_modules",
      "coverage",
      "playwright-report",
      "test-results",
      "data",
      "bench/results",
      // Deliberate boundary violations, linted only by src/test/lint-boundaries.test.ts and
      // server/test/lint/boundaries.test.ts.
      "src/test/lint-fixtures",
      "server/test/lint-fixtures",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: ["./tsconfig.app.json", "./tsconfig.node.json"] }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...webBoundaryZones,
            { target: ["./src", "./mocks"], from: "./server", message: "The SPA never imports the server." },
            { target: "./server", from: ["./src", "./mocks"], message: "The server never imports the SPA." },
            {
              target: "./contract",
              from: ["./src", "./server", "./mocks", "./e2e"],
              message: "contract/ imports only zod.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "mocks/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ["server/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts", "*.config.{ts,js}"],
    languageOptions: { globals: { ...globals.node } },
  },
  ...webSizeLimits,
  serverBoundaries,
  testsOwnTheirClock,
  sqlInRepositories,
  productionFileLength,
);
