/**
 * The moment the web and contract tests run at (src/test/setup.ts sets the clock to it before
 * every test): a Saturday late in November, two hours after the server tests' default clock.
 */
export const TEST_NOW = new Date("2026-11-21T12:00:00.000Z");
