import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import { useForgotPassword, useResetPassword } from "../api/password-reset";
import { DEFAULT_SIGNED_IN_PATH } from "../auth-redirect";
import { resetPasswordFormSchema, verificationEmailError } from "../form-schemas";
import { useSignedIn } from "../use-signed-in";
import { AuthLayout } from "./auth-layout";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";

/**
 * "Forgot password?": a 6-digit code is mailed to the address, then code and new password set it.
 * Every session of the account ends, so the person signs in again with the new password.
 */
export function ForgotPasswordPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const sendCode = useForgotPassword();
  const reset = useResetPassword();
  const [codeSent, setCodeSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { email: "", code: "", new_password: "", confirm_password: "" },
  });
  const { errors } = form.formState;

  if (signedIn) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;

  function requestCode() {
    const email = form.getValues("email").trim();
    const emailProblem = verificationEmailError(email);
    if (emailProblem) {
      form.setError("email", { message: emailProblem }, { shouldFocus: true });
      return;
    }
    form.clearErrors("email");
    setProblem(null);
    sendCode.mutate(email, {
      onSuccess: ({ message, expires_in }) => {
        setCodeSent(true);
        const expiry = expires_in
          ? ` It expires in ${expires_in} ${expires_in === 1 ? "minute" : "minutes"}.`
          : "";
        toast.success("Reset code sent", {
          description: `${message ?? "If an account uses this address, we sent it a code."}${expiry}`,
        });
        // The code field appears with this render; focus it once it is there.
        setTimeout(() => form.setFocus("code"));
      },
      onError: (error) => setProblem(errorMessage(error, "Failed to send the reset code")),
    });
  }

  const onSubmit = form.handleSubmit(({ email, code, new_password }) => {
    setProblem(null);
    reset.mutate(
      { email, code, new_password },
      {
        onSuccess: () => {
          toast.success("Password reset", { description: "Sign in with your new password." });
          void navigate("/login", { replace: true });
        },
        onError: (error) => setProblem(errorMessage(error, "Failed to reset the password")),
      },
    );
  });

  return (
    <AuthLayout
      title="Reset your password"
      description="We will e-mail you a 6-digit code to choose a new password"
      error={problem}
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          if (codeSent) return void onSubmit(event);
          event.preventDefault();
          requestCode();
        }}
      >
        <Field id="reset-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                {...form.register("email")}
              />
              {codeSent && (
                <Button
                  variant="outline"
                  className="shrink-0"
                  onClick={requestCode}
                  disabled={sendCode.isPending}
                >
                  Resend
                </Button>
              )}
            </div>
          )}
        </Field>
        {codeSent ? (
          <>
            <Field id="reset-code" label="Reset code" error={errors.code?.message}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="6-digit code"
                  {...form.register("code")}
                />
              )}
            </Field>
            <Field id="reset-new-password" label="New password" error={errors.new_password?.message}>
              {(control) => (
                <PasswordInput {...control} autoComplete="new-password" {...form.register("new_password")} />
              )}
            </Field>
            <Field
              id="reset-confirm-password"
              label="Confirm new password"
              error={errors.confirm_password?.message}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="new-password"
                  {...form.register("confirm_password")}
                />
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {reset.isPending ? "Resetting..." : "Reset Password"}
            </Button>
          </>
        ) : (
          <Button type="submit" className="w-full" disabled={sendCode.isPending}>
            {sendCode.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Send Reset Code
          </Button>
        )}
      </form>
    </AuthLayout>
  );
}
