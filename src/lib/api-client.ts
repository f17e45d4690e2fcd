import axios, { AxiosError } from "axios";
import { env } from "@/config/env";
import { getSessionToken, useSessionStore } from "@/stores/session-store";

/**
 * The one HTTP client (CONVENTIONS.md §5): base URL, bearer token, and logout on any 401
 * (spec §4, §8). Nothing else imports axios.
 */
export const apiClient = axios.create({
  baseURL: env.apiUrl,
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  timeout: 30_000,
});

apiClient.interceptors.request.use((config) => {
  const token = getSessionToken();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401) {
      useSessionStore.getState().clear();
    }
    return Promise.reject(error);
  },
);

/** The server's `{ message }`, or the fallback the spec gives for the situation (§8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown; detail?: unknown } | string | undefined;
    if (typeof data === "string" && data.trim() && !data.trim().startsWith("<")) return data;
    if (data && typeof data === "object") {
      if (typeof data.message === "string" && data.message) return data.message;
      if (typeof data.detail === "string" && data.detail) return data.detail;
    }
    if (!error.response && error.code !== AxiosError.ERR_CANCELED) {
      return "Cannot reach the server. Check your connection and try again.";
    }
    return fallback;
  }
  return fallback;
}

export function httpStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
