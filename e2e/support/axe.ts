import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Axe on every screen and dialog, failing on serious or critical violations. Every rule
 * axe ships (WCAG 2.x A/AA and best practices) runs; violations of lower impact do not fail the
 * run but are attached to the test's report, so they can be seen and fixed too.
 */
type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const FAILING_IMPACTS = new Set(["serious", "critical"]);

export interface AxeScope {
  /** Scan only this part of the page (a dialog or menu, whose background is inert meanwhile). */
  include?: string;
  /**
   * Only these rules: a screen whose structure was scanned already and whose colours alone are
   * new (the dark theme) is scanned for what colours can break, `COLOUR_RULES`.
   */
  rules?: readonly string[];
}

/** The rules whose outcome depends on the page's colours. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/**
 * Toasts come and go on their own timers: one fading out while axe reads the page would be
 * measured half-transparent. A screen's scan leaves them out; `expectNoSeriousToastViolations`
 * scans the toasts on their own, with their timers paused.
 */
const TOASTER = "[data-sonner-toaster]";

/**
 * The axe-core that @axe-core/playwright loads, run only where the page has none yet. The builder
 * evaluates its script (about 580 KB) twice per scan, and a page keeps it from one scan to the
 * next (a screen's dialogs, the screens reached by links): a third of each scan's time.
 */
const axeCore = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
  source: string;
};
const AXE_ONCE_PER_PAGE = `if (!window.axe) { ${axeCore.source} }`;

/** One line per violating element: rule, impact, what to fix and where. */
function describe(violation: Violation): string[] {
  return violation.nodes.map(
    (node) =>
      `[${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(" ")}\n    ${(
        node.failureSummary ?? ""
      ).replace(/\n/g, "\n    ")}\n    ${violation.helpUrl}`,
  );
}

/** The part of the DOM's Web Animations API used below. */
interface BrowserGlobals {
  document: {
    getAnimations(): {
      effect: { getComputedTiming(): { endTime?: unknown } } | null;
      finished: Promise<unknown>;
    }[];
  };
}

/**
 * Finite animations (a dialog fading in, a toast sliding) end before the scan: colour contrast
 * is measured on what the user finally sees. Endless ones (spinners, skeleton pulses) are left.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Runs in the page; the e2e TypeScript project has no DOM types.
    const { document } = globalThis as unknown as BrowserGlobals;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/** Scans what the page shows now; any serious or critical violation fails the test. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  screen: string,
  scope: AxeScope = {},
): Promise<void> {
  // A step of its own: the report shows each screen's scan, and a failure points at the caller.
  await test.step(
    `axe: ${screen}`,
    async () => {
      await settleAnimations(page);
      // In the page itself (legacy mode): the default runs axe in each frame and then again in a
      // new blank page to merge the frames' results, a second page per scan for an app without
      // frames. Only violations are collected: passes and incomplete checks are not reported.
      const builder = new AxeBuilder({ page, axeSource: AXE_ONCE_PER_PAGE })
        .setLegacyMode()
        .options({ resultTypes: ["violations"] });
      if (scope.include) builder.include(scope.include);
      else builder.exclude(TOASTER);
      if (scope.rules) builder.withRules([...scope.rules]);
      const { violations } = await builder.analyze();

      if (violations.length > 0) {
        await test.info().attach(`axe violations: ${screen}`, {
          body: JSON.stringify(violations, null, 2),
          contentType: "application/json",
        });
      }
      const failing = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""));
      // Soft: one run reports every screen's violations, not only the first screen's.
      expect
        .soft(failing.flatMap(describe), `serious or critical accessibility violations on ${screen}`)
        .toEqual([]);
    },
    { box: true },
  );
}

/**
 * Scans the toast that says `text`, as soon as it shows. Pointing at a toast pauses every toast's
 * timer (the toaster's own behaviour), so none starts to fade while axe measures it.
 */
export async function expectNoSeriousToastViolations(
  page: Page,
  screen: string,
  text: string,
): Promise<void> {
  const toast = page.locator(`${TOASTER} [data-sonner-toast]`).filter({ hasText: text });
  await toast.hover();
  await expect(page.locator(`${TOASTER} [data-expanded="true"]`).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, screen, { include: TOASTER });
}
