import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import type { TaskJson } from "@contract/tasks";
import { expect, test as base, type Mailbox, type NewUser } from "./fixtures";

/**
 * A journey that starts signed in: a new user registered through the API (with the code the
 * server mailed to the SMTP sink), and the browser given a session of its own from the API too,
 * as the login page would (`signInWithSession`). The accounts journey (accounts.spec.ts) covers
 * registering and signing in through the screens; the other journeys arrange their account this
 * faster way and spend their time on their own feature.
 */

/** Calls the API as the signed-in user, to arrange data and to check what the server stored. */
export interface AccountApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, data: unknown): Promise<T>;
  put<T>(path: string, data: unknown): Promise<T>;
  /** The user's tasks as the server has them. */
  tasks(): Promise<TaskJson[]>;
}

export interface Account {
  user: NewUser;
  /** A bearer token of one of the user's sessions (not the browser's). */
  token: string;
  api: AccountApi;
}

async function bodyOf<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

async function registerThroughApi(
  request: APIRequestContext,
  mailbox: Mailbox,
  user: NewUser,
): Promise<string> {
  await bodyOf(
    await request.post("/auth/send-verification", { data: { email: user.email } }),
    "POST /auth/send-verification",
  );
  const code = await mailbox.verificationCodeFor(user.email);
  const { token } = await bodyOf<{ token: string }>(
    await request.post("/auth/register", {
      data: {
        email: user.email,
        verification_code: code,
        username: user.username,
        password: user.password,
        first_name: user.firstName,
        last_name: user.lastName,
      },
    }),
    "POST /auth/register",
  );
  return token;
}

function accountApi(request: APIRequestContext, token: string): AccountApi {
  const headers = { authorization: `Bearer ${token}` };
  const api: AccountApi = {
    get: async (path) => bodyOf(await request.get(path, { headers }), `GET ${path}`),
    post: async (path, data) => bodyOf(await request.post(path, { headers, data }), `POST ${path}`),
    put: async (path, data) => bodyOf(await request.put(path, { headers, data }), `PUT ${path}`),
    tasks: () => api.get<TaskJson[]>("/api/v1/tasks"),
  };
  return api;
}

/** Another person's account, registered through the API: the second person of a journey. */
export async function registerAccount(
  request: APIRequestContext,
  mailbox: Mailbox,
  user: NewUser,
): Promise<Account> {
  const token = await registerThroughApi(request, mailbox, user);
  return { user, token, api: accountApi(request, token) };
}

/** The dashboard's greeting: the sign of a signed-in, loaded shell. */
export function greeting(page: Page) {
  return page.getByRole("heading", { name: /^Good (morning|afternoon|evening), / });
}

export async function signInThroughLoginPage(page: Page, user: NewUser): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(greeting(page)).toBeVisible();
}

/** Where the web app keeps its session (src/stores/session-store.ts, zustand's persist format). */
const SESSION_STORAGE_KEY = "tasklane-auth";

/** The part of the DOM used below (the e2e TypeScript project has no DOM types). */
interface BrowserStorage {
  localStorage: { setItem(key: string, value: string): void };
}

/**
 * Signs `page` in with a session from the API's login, without the login page: the session is
 * stored where the web app keeps it (the user is read from the server, as after any reload),
 * and the dashboard opened (unless `openDashboard` is false). For journeys where signing in is not what is tested; the login
 * page's own journeys use `signInThroughLoginPage`.
 */
export async function signInWithSession(
  page: Page,
  request: APIRequestContext,
  user: NewUser,
  { openDashboard = true }: { openDashboard?: boolean } = {},
): Promise<void> {
  const { token } = await bodyOf<{ token: string }>(
    await request.post("/auth/login", { data: { email: user.email, password: user.password } }),
    "POST /auth/login",
  );
  // The app's origin without loading the app: a small answer of the server's.
  await page.goto("/health");
  await page.evaluate(
    ([key, value]) => (globalThis as unknown as BrowserStorage).localStorage.setItem(key, value),
    [SESSION_STORAGE_KEY, JSON.stringify({ state: { token, user: null }, version: 0 })] as const,
  );
  if (!openDashboard) return;
  await page.goto("/dashboard");
  await expect(greeting(page)).toBeVisible();
}

/**
 * Follows a link of the sidebar, as a client-side navigation, and waits for it
 * to arrive. A link's name may carry its badge after the label ("AI Extract AI").
 */
export async function openFromSidebar(page: Page, label: string): Promise<void> {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });
  const path = await link.getAttribute("href");
  await link.click();
  // Screens load on demand: the URL changes once the screen's code has arrived. Waiting for it
  // keeps a reload that follows from reloading the previous screen.
  await expect(page).toHaveURL((url) => url.pathname === path);
}

export const test = base.extend<{
  /** The profile's time zone, set before the user signs in (default: the server's, UTC). */
  profileTimeZone: string | undefined;
  /**
   * Whether `account` opens the dashboard once signed in (the default). A journey that arranges
   * its data first and then opens a screen by its address says `false`: the browser holds the
   * session on no screen yet, and the app loads once, not on the dashboard and then again.
   */
  openDashboard: boolean;
  /** A new user, signed in on `page` (a session of its own), which shows the dashboard (see `openDashboard`). */
  account: Account;
}>({
  profileTimeZone: [undefined, { option: true }],
  openDashboard: [true, { option: true }],
  account: async ({ page, request, mailbox, newUser, profileTimeZone, openDashboard }, use) => {
    const token = await registerThroughApi(request, mailbox, newUser);
    const api = accountApi(request, token);
    if (profileTimeZone) await api.post("/auth/timezone", { timezone: profileTimeZone });
    await signInWithSession(page, request, newUser, { openDashboard });
    await use({ user: newUser, token, api });
  },
});

export { expect };
