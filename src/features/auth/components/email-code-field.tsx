import { Loader2 } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

interface EmailCodeFieldProps {
  id?: string;
  error?: string;
  registration: UseFormRegisterReturn;
  codeSent: boolean;
  sending: boolean;
  onRequestCode(): void;
  /** The button's label before a code went out; without it, the button shows only to resend. */
  sendLabel?: string;
}

/** The e-mail address with the button beside it that sends (or resends) a one-time code. */
export function EmailCodeField({
  id,
  error,
  registration,
  codeSent,
  sending,
  onRequestCode,
  sendLabel,
}: EmailCodeFieldProps) {
  const showButton = codeSent || sendLabel !== undefined;
  return (
    <Field id={id} label="Email" error={error}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...registration}
          />
          {showButton && (
            <Button
              variant="outline"
              className="shrink-0"
              onClick={onRequestCode}
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending && <Loader2 className="animate-spin" aria-hidden />}
              {codeSent ? "Resend" : sendLabel}
            </Button>
          )}
        </div>
      )}
    </Field>
  );
}
