import type { User } from "@contract/auth";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect } from "react";
import {
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useLocation,
  type Location,
  type To,
} from "react-router-dom";
import { vi } from "vitest";
import { currentAccount, seedAccount } from "@mocks/handlers/account";
import { AppRoutes } from "@/app/router";
import { PAGE_LOADING_LABEL } from "@/app/routes/page-loading";
import { useSessionStore } from "@/stores/session-store";
import { createTestQueryClient, signInAs, signOut } from "./render";

export interface RenderAppOptions {
  /** Signed in as this user (with a token) when given; a visitor otherwise. */
  user?: User;
  /** A token without a user (a reload whose stored user was lost): the guard fetches /auth/me. */
  token?: string;
  /** false: the persisted session has not been restored yet (the guard shows "Loading..."). */
  hydrated?: boolean;
}

/** What a test sees of the router: where the app is, whether a page is still on its way. */
export interface AppRouter {
  readonly state: {
    /** The first page is on screen (its code has loaded). */
    initialized: boolean;
    /** The location on screen: it changes once the next page's code has loaded. */
    location: Location;
    navigation: { state: "idle" | "loading"; location?: Location };
  };
  navigate: (to: To, options?: { replace?: boolean }) => Promise<void>;
}

/** The first download of a lazy screen can take seconds on a busy machine. */
const SCREEN_LOAD_TIMEOUT_MS = 15_000;
// Tests in a file that renders the whole app get room for those downloads.
vi.setConfig({ testTimeout: 30_000 });

/**
 * Waits until the current page is on screen with its code loaded, including redirects a page
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
  if (user) {
    signInAs(user, token);
    // The app reads the signed-in user from the server: the fake holds the same account (with
    // the password a test may have seeded).
    seedAccount(user, currentAccount().password);
  } else if (token) useSessionStore.setState({ token, user: null, isAuthenticated: true });
  else signOut();
  useSessionStore.setState({ hydrated });

  const queryClient = createTestQueryClient();
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  // Navigations are transitions: the location on screen trails history's until the page loads.
  let shown: Location | undefined;
  function ShownLocation() {
    const location = useLocation();
    useLayoutEffect(() => {
      shown = location;
    }, [location]);
    return null;
  }
  const pageLoading = () => screen.queryAllByText(PAGE_LOADING_LABEL).length > 0;
  const router: AppRouter = {
    get state(): AppRouter["state"] {
      const pending = shown === undefined || shown.key !== history.location.key || pageLoading();
      return {
        initialized: shown !== undefined,
        location: shown ?? history.location,
        navigation: pending ? { state: "loading", location: history.location } : { state: "idle" },
      };
    },
    navigate: async (to, { replace = false } = {}) => {
      if (replace) history.replace(to);
      else history.push(to);
    },
  };
  const view = render(
    // The layouts render the toast outlet, as in the app.
    <HistoryRouter history={history}>
      <AppRoutes queryClient={queryClient} />
      <ShownLocation />
    </HistoryRouter>,
  );
  await settle(router);
  return { user: userEvent.setup(), router, queryClient, settled: () => settle(router), ...view };
}
