import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http } from "msw";
import { beforeEach } from "vitest";

/*
 * Helpers for the Tasks screen's tests. The recorders fall through to the next handler (usually
 * the in-memory fake); msw tries the handlers a test adds last first, so add a recorder after any
 * handler that answers the same route.
 */

/** Records the JSON bodies of calls to one route. */
export function recordBodies(method: "put" | "post", path: string): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

/** Counts the calls to one route. */
export function countRequests(method: "get" | "delete", path: string): { count: number } {
  const counter = { count: 0 };
  server.use(
    http[method](path, () => {
      counter.count += 1;
    }),
  );
  return counter;
}

/** Holds calls to one route until `release()`. */
export function holdRequests(method: "put" | "post" | "delete", path: string): { release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http[method](path, async () => {
      await gate;
    }),
  );
  return { release };
}

/** The toast (sonner's list item) showing `text`. */
export function toastWith(text: string): HTMLElement {
  const item = screen.getByText(text).closest("li[data-sonner-toast]");
  if (!(item instanceof HTMLElement)) throw new Error(`No toast shows "${text}"`);
  return item;
}

/** Per test file: an empty fake (toasts and pointer capture are handled by src/test/setup.ts). */
export function setUpTaskTests(): void {
  beforeEach(() => {
    taskStore.reset();
  });
}
