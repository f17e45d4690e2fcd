import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports flow one way (CONVENTIONS.md §2): app → features → shared (components, lib, stores,
 * config); features never reach into each other; the SPA never imports server/, the server never
 * imports src/; contract/ imports only zod.
 */
const features = ["auth", "tasks", "extract", "daily-plan", "dashboard", "settings", "premium"];

export default tseslint.config(
  {
    ignores: [
      "dist",
      "node_modules",
      "coverage",
      "playwright-report",
      "test-results",
      "data",
      "bench/results",
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
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: "./src/features",
              except: [`./${feature}`],
              message: "Features do not import each other's internals: compose them in src/app.",
            })),
            {
              target: ["./src/components", "./src/lib", "./src/stores", "./src/config"],
              from: ["./src/features", "./src/app"],
              message: "Shared code does not depend on features or the app.",
            },
            { target: "./src/features", from: "./src/app", message: "Features do not import the app." },
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
);
