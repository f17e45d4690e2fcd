/**
 * The server's `{ message }`, or the fallback the spec gives for the situation (§8). Reads axios
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

export function errorMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const data = error.response?.data as { message?: unknown; detail?: unknown } | string | undefined;
  if (typeof data === "string" && data.trim() && !data.trim().startsWith("<")) return data;
  if (data && typeof data === "object") {
    if (typeof data.message === "string" && data.message) return data.message;
    if (typeof data.detail === "string" && data.detail) return data.detail;
  }
  if (!error.response && error.code !== "ERR_CANCELED") {
    return "Cannot reach the server. Check your connection and try again.";
  }
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}
