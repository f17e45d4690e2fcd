/**
 * Light or dark: the user's choice in this browser (System follows the operating system's
 * setting, and its changes while the page is open). The choice is a device's, like the window
 * size, so it is kept in browser storage rather than on the account.
 */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = "tasklane-theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_CHOICES.find((choice) => choice === stored) ?? "system";
  } catch {
    return "system";
  }
}

function systemIsDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the theme the choice means on the page: the `dark` class on <html> and its color-scheme. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()): void {
  const dark = choice === "dark" || (choice === "system" && systemIsDark());
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

export function chooseTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be full or disabled: the choice then lasts until the page is closed.
  }
  applyTheme(choice);
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: the choice changes when made here or in another tab. */
export function subscribeThemeChoice(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Applies the stored choice now and follows the system's setting while the choice is System. */
export function startTheme(): void {
  applyTheme();
  if (typeof window.matchMedia !== "function") return;
  window.matchMedia(DARK_QUERY).addEventListener("change", () => applyTheme());
}
