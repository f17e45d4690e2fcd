import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { Button } from "@/components/ui/button";
import { errorMessage, httpStatus } from "@/lib/api-client";
import { useForgotPassword, useResetPassword } from "@/api/auth/password-reset";
import { DEFAULT_SIGNED_IN_PATH } from "../auth-redirect";
import { resetPasswordFormSchema } from "../form-schemas";
import { emailFieldOf, useEmailCode } from "../use-email-code";
import { useSignedIn } from "../use-signed-in";
import { AuthLayout } from "./auth-layout";
import { EmailCodeField } from "./email-code-field";
import { SubmitButton } from "./submit-button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";

/** A server message as a sentence of the toast: it gains a full stop if it has none. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function SignInInstead() {
  return (
    <p>
      Remembered it?{" "}
      <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
        Sign in
      </Link>
    </p>
  );
}

/** Before a code: send one, or say one already arrived. */
function SendCodeButtons({ sending, onHaveCode }: { sending: boolean; onHaveCode: () => void }) {
  return (
    <>
      <SubmitButton pending={sending}>Send Reset Code</SubmitButton>
      <Button variant="link" className="justify-self-center" onClick={onHaveCode}>
        I already have a code
      </Button>
    </>
  );
}

/**
 * "Forgot password?": a 6-digit code is mailed to the address, then code and new password set it.
 * Every session of the account ends, so the person signs in again with the new password.
 */
export function ForgotPasswordPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const sendCode = useForgotPassword();
  const reset = useResetPassword();
  const [problem, setProblem] = useState<string | null>(null);
  // Someone who comes back with the code that arrived earlier enters it without sending again
  // (sending again within a minute only answers "wait").
  const [hasCode, setHasCode] = useState(false);
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { email: "", code: "", new_password: "", confirm_password: "" },
  });
  const { errors } = form.formState;

  const { codeSent, requestCode, sending } = useEmailCode({
    send: sendCode,
    email: emailFieldOf(form, () => setProblem(null)),
    onSent: ({ message, expires_in }) => {
      const expiry = expires_in
        ? ` It expires in ${expires_in} ${expires_in === 1 ? "minute" : "minutes"}.`
        : "";
      toast.success("Reset code sent", {
        description: `${sentence(message ?? "If an account uses this address, we sent it a code")}${expiry}`,
      });
      // The code field appears with this render; focus it once it is there.
      setTimeout(() => form.setFocus("code"));
    },
    onFailure: (error) => {
      setProblem(errorMessage(error, "Failed to send the reset code"));
      // Too soon to send again: a code went out a moment ago, so ask for it.
      if (httpStatus(error) === 429) setHasCode(true);
    },
  });
  const showCodeFields = codeSent || hasCode;

  if (signedIn) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;

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
      footer={<SignInInstead />}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          if (showCodeFields) return void onSubmit(event);
          event.preventDefault();
          requestCode();
        }}
      >
        <EmailCodeField
          id="reset-email"
          error={errors.email?.message}
          registration={form.register("email")}
          codeSent={codeSent}
          sending={sending}
          onRequestCode={requestCode}
          sendLabel={hasCode ? "Send a code" : undefined}
        />
        {showCodeFields ? (
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
            <SubmitButton pending={reset.isPending} pendingLabel="Resetting...">
              Reset Password
            </SubmitButton>
          </>
        ) : (
          <SendCodeButtons
            sending={sending}
            onHaveCode={() => {
              setHasCode(true);
              setTimeout(() => form.setFocus("code"));
            }}
          />
        )}
      </form>
    </AuthLayout>
  );
}
