/**
 * The server's `{ message }`, or the fallback the caller gives for the situation. Reads axios
 * errors by shape, without importing axios, so that code on the landing page's path (the query
 * client) does not pull the HTTP client into the first download.
 */
interface HttpErrorShape {
  isAxiosError: true;
  code?: string;
  response?: { status: number; data?: unknown };
}

function isHttpError(error: unknown): error is HttpErrorShape {
  return (
    typeof error === "object" && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

export const OFFLINE_MESSAGE = "You are offline. Nothing was saved: try again once you are back online.";

export function errorMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const data = error.response?.data as { message?: unknown; detail?: unknown } | string | undefined;
  if (typeof data === "string" && data.trim() && !data.trim().startsWith("<")) return data;
  if (data && typeof data === "object") {
    if (typeof data.message === "string" && data.message) return data.message;
    if (typeof data.detail === "string" && data.detail) return data.detail;
  }
  if (!error.response && error.code !== "ERR_CANCELED") {
    // Offline, a change is refused rather than queued: the person knows it was not saved.
    if (typeof navigator !== "undefined" && !navigator.onLine) return OFFLINE_MESSAGE;
    return "Cannot reach the server. Check your connection and try again.";
  }
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}
