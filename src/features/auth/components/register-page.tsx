import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router-dom";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { useSignedIn } from "../use-signed-in";
import { useRegister } from "@/api/auth/register";
import { useSendVerificationCode } from "@/api/auth/send-verification";
import { DEFAULT_SIGNED_IN_PATH } from "../auth-redirect";
import { registerFormSchema, registrationFromForm } from "../form-schemas";
import { emailFieldOf, useEmailCode } from "../use-email-code";
import { useSignInOptions } from "../use-sign-in-options";
import { AuthLayout } from "./auth-layout";
import { OidcSignIn } from "./oidc-sign-in";
import { EmailCodeField } from "./email-code-field";
import { SubmitButton } from "./submit-button";

/** Where the code went and how long it is valid; the server log only when no mail server is configured. */
function codeSentDescription(
  email: string,
  expiresInMinutes: number | undefined,
  delivery: "email" | "server_log" | undefined,
): string {
  const where =
    delivery === "server_log"
      ? `No mail server is configured, so the code for ${email} was written to the server log.`
      : `We sent a verification code to ${email}.`;
  if (expiresInMinutes === undefined) return where;
  const unit = expiresInMinutes === 1 ? "minute" : "minutes";
  return `${where} It expires in ${expiresInMinutes} ${unit}.`;
}

/**
 * The sign-up screen: names, username, e-mail with its verification code, and the password twice.
 * The server's refusal shows above the form ("Registration failed", "Failed to send verification
 * code" when it gives no message).
 */
export function RegisterPage() {
  const signedIn = useSignedIn();
  const registration = useRegister();
  const sendCode = useSendVerificationCode();
  const passwordForms = useSignInOptions().password;
  const [authError, setAuthError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      first_name: "",
      last_name: "",
      username: "",
      email: "",
      verification_code: "",
      password: "",
      confirm_password: "",
    },
  });
  const { errors } = form.formState;

  const { codeSent, requestCode, sending } = useEmailCode({
    send: sendCode,
    email: emailFieldOf(form, () => setAuthError(null)),
    onSent: ({ expires_in, delivery }, email) => {
      toast.success("Verification code sent", {
        description: codeSentDescription(email, expires_in, delivery),
      });
      form.setFocus("verification_code");
    },
    onFailure: (error) => setAuthError(errorMessage(error, "Failed to send verification code")),
  });

  // /register sends a signed-in user to /dashboard.
  if (signedIn) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;

  const onSubmit = form.handleSubmit((values) => {
    setAuthError(null);
    registration.mutate(registrationFromForm(values), {
      onError: (error) => setAuthError(errorMessage(error, "Registration failed")),
    });
  });

  return (
    <AuthLayout
      title="Create an account"
      description="Start organising your tasks with Tasklane"
      error={authError}
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <OidcSignIn />
      <form noValidate hidden={!passwordForms} className="grid gap-4" onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...form.register("first_name")} />}
          </Field>
          <Field label="Last name" error={errors.last_name?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...form.register("last_name")} />}
          </Field>
        </div>
        <Field label="Username" error={errors.username?.message}>
          {(control) => <Input {...control} autoComplete="username" {...form.register("username")} />}
        </Field>
        <EmailCodeField
          error={errors.email?.message}
          registration={form.register("email")}
          codeSent={codeSent}
          sending={sending}
          onRequestCode={requestCode}
          sendLabel="Send Code"
        />
        <Field label="Verification code" error={errors.verification_code?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6-digit code"
              {...form.register("verification_code")}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register("password")} />
          )}
        </Field>
        <Field label="Confirm password" error={errors.confirm_password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register("confirm_password")} />
          )}
        </Field>
        <SubmitButton pending={registration.isPending} pendingLabel="Creating Account...">
          Create Account
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
