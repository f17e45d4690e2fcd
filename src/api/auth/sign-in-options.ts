import { signInOptionsPaths, signInOptionsSchema } from "@contract/sign-in-options";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";
import { startSession } from "./sign-in";

/** GET /auth/options: whether the password forms show, and the OpenID Provider's button. */
export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.signInOptions(),
    queryFn: async () =>
      signInOptionsSchema.parse((await apiClient.get<unknown>(signInOptionsPaths.options)).data),
    staleTime: Infinity,
  });

/** POST /auth/oidc/exchange: the one-time code of an OpenID Connect sign-in for a session. */
export function useOidcExchange() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiClient.post<unknown>(signInOptionsPaths.oidcExchange, { code })).data,
    onSuccess: startSession,
  });
}
