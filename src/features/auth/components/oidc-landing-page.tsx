import { oidcErrorMessage } from "@contract/sign-in-options";
import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { useOidcExchange } from "@/api/auth/sign-in-options";
import { errorMessage } from "@/lib/api-client";
import { DEFAULT_SIGNED_IN_PATH } from "../auth-redirect";
import { AuthLayout } from "./auth-layout";

/**
 * Where an OpenID Connect sign-in ends: the server put a one-time code (or why there is none) in
 * the fragment. The code is exchanged for a session and the person lands on /dashboard, or the
 * page says why they were not signed in.
 */
export function OidcLandingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome] = useState(() => new URLSearchParams(location.hash.slice(1)));
  const code = outcome.get("code");
  const exchange = useOidcExchange();
  const { mutate } = exchange;
  const started = useRef(false);

  useEffect(() => {
    // Once: the code works a single time (and effects may run twice in development).
    if (started.current) return;
    started.current = true;
    // The code leaves the address bar and the history.
    void navigate(location.pathname, { replace: true });
    if (code) mutate(code);
  }, [code, location.pathname, mutate, navigate]);

  if (exchange.isSuccess) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;
  const failure = exchange.isError
    ? errorMessage(exchange.error, "Sign-in failed")
    : code
      ? null
      : oidcErrorMessage(outcome.get("error") ?? "");

  return (
    <AuthLayout
      title={failure ? "Sign-in failed" : "Signing you in"}
      description={failure ? "You are not signed in." : "One moment…"}
      error={failure}
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {!failure && <Loader2 className="mx-auto animate-spin" aria-label="Signing in" />}
    </AuthLayout>
  );
}
