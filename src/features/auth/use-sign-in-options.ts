import { useQuery } from "@tanstack/react-query";
import { signInOptionsQuery } from "@/api/auth/sign-in-options";

/**
 * How this server lets people in: the OpenID Provider's button (null without one) and whether the
 * e-mail and password forms show (OIDC_ONLY hides them). Until the server answers: the forms only.
 */
export function useSignInOptions(): { oidc: { name: string } | null; password: boolean } {
  const { data } = useQuery(signInOptionsQuery());
  return { oidc: data?.oidc ?? null, password: data?.password ?? true };
}
