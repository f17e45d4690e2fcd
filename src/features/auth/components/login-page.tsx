import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation } from "react-router-dom";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { errorMessage } from "@/lib/api-client";
import { useSignedIn } from "../use-signed-in";
import { useLogin } from "@/api/auth/login";
import { redirectTarget } from "../auth-redirect";
import { loginFormSchema } from "../form-schemas";
import { useSignInOptions } from "../use-sign-in-options";
import { AuthLayout } from "./auth-layout";
import { OidcSignIn } from "./oidc-sign-in";
import { SubmitButton } from "./submit-button";
import { TwoFactorStep } from "./two-factor-step";

/** The sign-in screen: e-mail and password, the server's refusal (or "Login failed") above the form. */
export function LoginPage() {
  const location = useLocation();
  const signedIn = useSignedIn();
  const login = useLogin();
  const passwordForms = useSignInOptions().password;
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  // A signed-in user goes back where they came from, otherwise to /dashboard.
  if (signedIn) return <Navigate to={redirectTarget(location.state)} replace />;
  if (login.data) return <TwoFactorStep challenge={login.data} onRestart={() => login.reset()} />;

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Tasklane account"
      error={login.isError ? errorMessage(login.error, "Login failed") : null}
      footer={
        <p>
          Don&apos;t have an account?{" "}
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      <OidcSignIn />
      <form
        noValidate
        hidden={!passwordForms}
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
      >
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...form.register("email")}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...form.register("password")} />
          )}
        </Field>
        <Link
          to="/forgot-password"
          className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
        <SubmitButton pending={login.isPending} pendingLabel="Signing In...">
          Sign In
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
