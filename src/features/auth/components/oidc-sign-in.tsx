import { signInOptionsPaths } from "@contract/sign-in-options";
import { Button } from "@/components/ui/button";
import { env } from "@/config/env";
import { useSignInOptions } from "../use-sign-in-options";

/**
 * "Sign in with <provider>" when the server has an OpenID Provider: a full navigation, as the
 * server sends the browser on to the provider. "or" follows when the password form shows too.
 */
export function OidcSignIn() {
  const { oidc, password } = useSignInOptions();
  if (!oidc) return null;
  return (
    <>
      <Button asChild variant="outline" className="w-full">
        <a href={`${env.apiUrl}${signInOptionsPaths.oidcStart}`}>Sign in with {oidc.name}</a>
      </Button>
      {password && (
        <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          or
        </p>
      )}
    </>
  );
}
