import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";

/** One code field and its button; the server's refusal (a wrong code) shows under the field. */
export function CodeForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  variant = "default",
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (code: string) => void;
  variant?: "default" | "destructive";
}) {
  const [code, setCode] = useState("");
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim() !== "") onSubmit(code.trim());
      }}
    >
      <Field label={label} error={error ? errorMessage(error, "Please try again") : undefined}>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant={variant} disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
