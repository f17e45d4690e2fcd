/**
 * The guard remembers where the user was going; after signing in they land there,
 * otherwise on /dashboard. The guard puts `{ from: location }` into the navigation state.
 */
export interface AuthRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

const AUTH_PAGES = new Set(["/login", "/register"]);

/** Where to go after sign-in. Only same-app paths are trusted: state can come from anywhere. */
export function redirectTarget(state: unknown): string {
  const from = (state as AuthRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== "string") return DEFAULT_SIGNED_IN_PATH;
  const { pathname } = from;
  if (!pathname.startsWith("/") || pathname.startsWith("//") || AUTH_PAGES.has(pathname)) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return `${pathname}${search}${hash}`;
}
