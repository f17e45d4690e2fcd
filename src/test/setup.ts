import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterAll, afterEach, beforeAll } from "vitest";
import { analyticsStore } from "@mocks/handlers/analytics";
import { notificationStore } from "@mocks/handlers/notifications";
import { planningStore } from "@mocks/handlers/planning";
import { server } from "@mocks/server";
import { useDayPlanStore } from "@/stores/day-plan-store";

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
  useDayPlanStore.getState().reset();
  localStorage.clear();
});
afterAll(() => server.close());
