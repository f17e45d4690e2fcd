import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useVerifyTwoFactor } from "@/api/auth/two-factor";
import { AuthLayout } from "./auth-layout";
import { SubmitButton } from "./submit-button";

/**
 * The sign-in's second step for an account with two-factor sign-in: a code from the
 * authenticator app, or one of the recovery codes. "Start over" goes back to the password.
 */
export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState("");

  return (
    <AuthLayout
      title="Two-factor sign-in"
      description="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      error={verify.isError ? errorMessage(verify.error, "Sign-in failed") : null}
      footer={
        <Button variant="link" className="h-auto p-0" onClick={onRestart}>
          Start over
        </Button>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== "") verify.mutate({ challenge, code: code.trim() });
        }}
      >
        <Field label="Code">
          {(control) => (
            <Input
              {...control}
              autoFocus
              autoComplete="one-time-code"
              inputMode="text"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <SubmitButton pending={verify.isPending} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
