import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { useSignedIn } from "../use-signed-in";
import { useRegister } from "../api/register";
import { useSendVerificationCode } from "../api/send-verification";
import { DEFAULT_SIGNED_IN_PATH } from "../auth-redirect";
import { registerFormSchema, registrationFromForm, verificationEmailError } from "../form-schemas";
import { AuthLayout } from "./auth-layout";
import { FormField } from "./form-field";
import { PasswordInput } from "./password-input";

function codeSentDescription(email: string, expiresInMinutes: number | undefined): string {
  if (expiresInMinutes === undefined) return `We sent a verification code to ${email}.`;
  const unit = expiresInMinutes === 1 ? "minute" : "minutes";
  return `We sent a verification code to ${email}. It expires in ${expiresInMinutes} ${unit}.`;
}

/** spec §2, Register screen; §5 validation; §8 "Registration failed", "Failed to send verification code". */
export function RegisterPage() {
  const signedIn = useSignedIn();
  const registration = useRegister();
  const sendCode = useSendVerificationCode();
  const [codeSent, setCodeSent] = useState(false);
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

  // spec §2: /register sends an authenticated user to /dashboard.
  if (signedIn) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;

  function requestCode() {
    const email = form.getValues("email").trim();
    // spec §5: "Enter email first" when there is no address to send the code to.
    const problem = verificationEmailError(email);
    if (problem) {
      form.setError("email", { message: problem }, { shouldFocus: true });
      return;
    }
    form.clearErrors("email");
    setAuthError(null);
    sendCode.mutate(email, {
      onSuccess: ({ expires_in }) => {
        setCodeSent(true);
        toast.success("Verification code sent", { description: codeSentDescription(email, expires_in) });
        form.setFocus("verification_code");
      },
      onError: (error) => setAuthError(errorMessage(error, "Failed to send verification code")),
    });
  }

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
      <form noValidate className="grid gap-4" onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-first-name" label="First name" error={errors.first_name?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...form.register("first_name")} />}
          </FormField>
          <FormField id="register-last-name" label="Last name" error={errors.last_name?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...form.register("last_name")} />}
          </FormField>
        </div>
        <FormField id="register-username" label="Username" error={errors.username?.message}>
          {(control) => <Input {...control} autoComplete="username" {...form.register("username")} />}
        </FormField>
        <FormField id="register-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                {...form.register("email")}
              />
              <Button
                variant="outline"
                className="shrink-0"
                onClick={requestCode}
                disabled={sendCode.isPending}
                aria-busy={sendCode.isPending || undefined}
              >
                {sendCode.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {codeSent ? "Resend" : "Send Code"}
              </Button>
            </div>
          )}
        </FormField>
        <FormField id="register-code" label="Verification code" error={errors.verification_code?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6-digit code"
              {...form.register("verification_code")}
            />
          )}
        </FormField>
        <FormField id="register-password" label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register("password")} />
          )}
        </FormField>
        <FormField
          id="register-confirm-password"
          label="Confirm password"
          error={errors.confirm_password?.message}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register("confirm_password")} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={registration.isPending}>
          {registration.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {registration.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
    </AuthLayout>
  );
}
