import type { User } from "@contract/auth";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/query-client";
import { useSessionStore } from "@/stores/session-store";

export interface RenderWithProvidersOptions extends Omit<RenderOptions, "wrapper"> {
  /** The location the router starts at. */
  route?: string;
  /** Signed in as this user (with a token) when given. */
  user?: User;
}

/**
 * A fresh QueryClient per test, with the app's mutation side effects (toasts, refreshes) but no
 * retries, so that a failure shows at once, and no garbage collection during a test.
 */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } });
}

export function signInAs(user: User, token = "test-token"): void {
  useSessionStore.setState({ token, user, isAuthenticated: true, hydrated: true });
}

export function signOut(): void {
  useSessionStore.setState({ token: null, user: null, isAuthenticated: false, hydrated: true });
}

/** Renders a component inside the app's providers, as a user would meet it. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = "/", user, ...renderOptions } = options;
  if (user) signInAs(user);
  else signOut();
  const queryClient = createTestQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    );
  }
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
