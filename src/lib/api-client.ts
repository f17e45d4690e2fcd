import axios, { AxiosError } from "axios";
import { env } from "@/config/env";
import { getSessionToken, useSessionStore } from "@/stores/session-store";

/**
 * The one HTTP client: base URL, bearer token, and logout on any 401
 *. Nothing else imports axios.
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

// Readable without axios (the query client on the landing page's path uses them).
export { errorMessage, httpStatus } from "./error-message";
