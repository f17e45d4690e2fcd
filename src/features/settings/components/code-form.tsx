import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";

/** A labelled field for a one-time code (an authenticator's or a recovery code). */
export function CodeField({
  label,
  description,
  error,
  value,
  onChange,
}: {
  label: string;
  description?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} description={description} error={error}>
      {(control) => (
        <Input
          {...control}
          autoComplete="one-time-code"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

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
      <CodeField
        label={label}
        error={error ? errorMessage(error, "Please try again") : undefined}
        value={code}
        onChange={setCode}
      />
      <Button type="submit" variant={variant} disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
