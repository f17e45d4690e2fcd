import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { buildUser } from "@mocks/fixtures";
import { seedAccount } from "@mocks/handlers/account";
import { twoFactorStore } from "@mocks/handlers/account-security";
import { analyticsStore } from "@mocks/handlers/analytics";
import { notificationStore } from "@mocks/handlers/notifications";
import { planningStore } from "@mocks/handlers/planning";
import { projectStore } from "@mocks/handlers/projects";
import { server } from "@mocks/server";
import { sharingStore } from "@mocks/handlers/sharing";
import { taskStore } from "@mocks/handlers/tasks";
import { useDailyPlanGenerationStore } from "@/stores/daily-plan-generation-store";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { useExtractionStore } from "@/stores/extraction-store";
import { useSessionStore } from "@/stores/session-store";
import { TEST_NOW } from "./clock";

// Every web and contract test runs at TEST_NOW, on a clock that moves on as time passes, whatever
// the machine's date: installed here (so a test file's top-level code sees it too) and again before
// each test (a test may have switched to real timers). A test that needs another "now" sets it
// (vi.setSystemTime, or vi.useFakeTimers({ now })); one that needs the real date says so with
// vi.useRealTimers().
function ownTheClock(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW, shouldAdvanceTime: true });
}
ownTheClock();
beforeEach(ownTheClock);

// findBy*/waitFor wait up to 5 s: lazy screens load slowly on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver; Radix (switch, select) measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom does not lay pages out, so it cannot scroll them (the router scrolls on navigation).
window.scrollTo = () => {};

// jsdom lacks pointer capture, which sonner's toasts use when pressed.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

// A worker runs one file after another in the same window and modules (isolate: false): each
// file starts from the fakes' and stores' first state, as a file of its own would.
seedAccount(buildUser());
// Signed out, as a new tab: a user signed in by the file before (their date order, say) stays out.
useSessionStore.getState().clear();
taskStore.reset();
projectStore.reset();
useDailyPlanGenerationStore.getState().reset();
useExtractionStore.getState().reset();
sessionStorage.clear();

// msw: every request a test makes must be one a handler knows.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  // sonner keeps its toasts in module state: without this they reappear in the next test.
  toast.dismiss();
  server.resetHandlers();
  notificationStore.reset();
  analyticsStore.setDailyGoal(null);
  planningStore.reset();
  sharingStore.reset();
  twoFactorStore.reset();
  useDayPlanStore.getState().reset();
  localStorage.clear();
});
afterAll(() => server.close());
