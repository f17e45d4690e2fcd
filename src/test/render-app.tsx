import type { User } from "@contract/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { vi } from "vitest";
import { routes } from "@/app/router";
import { Toaster } from "@/components/ui/toaster";
import { useSessionStore } from "@/stores/session-store";
import { createTestQueryClient, signInAs, signOut } from "./render";

export interface RenderAppOptions {
  /** Signed in as this user (with a token) when given; a visitor otherwise. */
  user?: User;
  /** A token without a user (a reload whose stored user was lost): the guard fetches /auth/me. */
  token?: string;
  /** false: the persisted session has not been restored yet (spec §2 "Loading..."). */
  hydrated?: boolean;
}

type AppRouter = ReturnType<typeof createMemoryRouter>;

/** The first download of a lazy screen can take seconds on a busy machine. */
const SCREEN_LOAD_TIMEOUT_MS = 15_000;
// Tests in a file that renders the whole app get room for those downloads.
vi.setConfig({ testTimeout: 30_000 });

/**
 * Waits until the router has loaded the current screen's code, including redirects a screen
 * makes when it first renders (the guard's <Navigate>).
 */
async function settle(router: AppRouter): Promise<void> {
  for (let redirects = 0; redirects < 10; redirects += 1) {
    await waitFor(
      () => {
        if (!router.state.initialized || router.state.navigation.state !== "idle") {
          throw new Error(
            `Still loading ${router.state.navigation.location?.pathname ?? "the first screen"}`,
          );
        }
      },
      { timeout: SCREEN_LOAD_TIMEOUT_MS },
    );
    // Effects of the screen just shown may start another navigation.
    await act(async () => {});
    if (router.state.navigation.state === "idle") return;
  }
  throw new Error(`Navigation did not settle; still going to ${router.state.navigation.location?.pathname}`);
}

/**
 * Renders the real route table at `path`, with the app's providers: what a user meets after
 * typing the address. Resolves once the screen's code has loaded; after a click that navigates,
 * `await settled()` before looking for the next screen.
 */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  const { user, token, hydrated = true } = options;
  if (user) signInAs(user, token);
  else if (token) useSessionStore.setState({ token, user: null, isAuthenticated: true });
  else signOut();
  useSessionStore.setState({ hydrated });

  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  await settle(router);
  return { user: userEvent.setup(), router, queryClient, settled: () => settle(router), ...view };
}
