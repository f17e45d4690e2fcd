import type { User } from "@contract/auth";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** The session persists under an auth key; token and user also have keys of their own. */
export const SESSION_STORAGE_KEY = "tasklane-auth";
export const TOKEN_STORAGE_KEY = "token";
export const USER_STORAGE_KEY = "user";

interface SessionState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  /** true once the persisted state has been read (screens show "Loading..." until then) */
  hydrated: boolean;
  signIn(token: string, user: User): void;
  setUser(user: User): void;
  /** Clears token and user everywhere (logout, any 401, failed /auth/me). */
  clear(): void;
  markHydrated(): void;
}

function mirror(token: string | null, user: User | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works.
  }
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      isAuthenticated: false,
      hydrated: false,
      signIn(token, user) {
        mirror(token, user);
        set({ token, user, isAuthenticated: true });
      },
      setUser(user) {
        set((state) => {
          mirror(state.token, user);
          return { user };
        });
      },
      clear() {
        mirror(null, null);
        set({ token: null, user: null, isAuthenticated: false });
      },
      markHydrated() {
        set({ hydrated: true });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token, user: state.user }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<SessionState, "token" | "user">>;
        const token = saved.token ?? null;
        // On reload a stored token means authenticated; otherwise the user is cleared.
        return {
          ...current,
          token,
          user: token ? (saved.user ?? null) : null,
          isAuthenticated: Boolean(token),
        };
      },
      // Called with the store's own state: localStorage is synchronous, so this runs while the
      // store is still being created, before `useSessionStore` itself exists.
      onRehydrateStorage: () => (state) => {
        if (state) state.markHydrated();
        // Unreadable storage: start signed out rather than stay on "Loading..." forever.
        else queueMicrotask(() => useSessionStore.setState({ hydrated: true }));
      },
    },
  ),
);

/** Read outside React (the API client). */
export function getSessionToken(): string | null {
  return useSessionStore.getState().token;
}
