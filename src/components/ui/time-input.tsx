import { useId } from "react";
import { Input } from "@/components/ui/input";
import { useTypedValue, type TypedFieldProps } from "@/components/ui/use-typed-value";
import { cn } from "@/lib/cn";
import { useDateFormat } from "@/lib/date-format";
import { readTime, showTime, timePlaceholder } from "@/lib/date-input";

/** A wall-clock time ("14:30", "" for none) shown and typed on the user's 12- or 24-hour clock. */
export function TimeInput({ className, value, onChange, onCommit, disabled, ...field }: TypedFieldProps) {
  const settings = useDateFormat();
  const placeholder = timePlaceholder(settings);
  const errorId = useId();
  const { error, inputProps } = useTypedValue({
    value,
    onChange,
    onCommit,
    show: (time) => showTime(time, settings),
    read: readTime,
    message: `Not a time: type it as ${placeholder}.`,
    field,
    errorId,
  });
  return (
    <div className={cn("grid gap-1", className)}>
      <Input {...inputProps} placeholder={placeholder} autoComplete="off" disabled={disabled} />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
