import { useId, type ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";

/** What a field hands its control so that a screen reader announces the label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** A hint under the control, read with it. */
  description?: ReactNode;
  /** The validation message; the control is marked invalid while there is one. */
  error?: string;
  /** The control's id, when something else must point at it; generated otherwise. */
  id?: string;
  className?: string;
  /** Renders the control with the wiring (`{...control}` on the input). */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint and its error: the one place where label, control,
 * description and message are tied together by ids (`htmlFor`, `aria-describedby`,
 * `aria-invalid`), so every form reads the same to a screen reader.
 */
export function Field({ label, description, error, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
