import { useState } from "react";
import { DateInput } from "@/components/ui/date-input";
import { TimeInput } from "@/components/ui/time-input";
import type { TypedFieldProps } from "@/components/ui/use-typed-value";
import { cn } from "@/lib/cn";

interface DateTimeInputProps extends Omit<TypedFieldProps, "onCommit"> {
  /** The name of the time's box for screen readers ("Due time (optional)"). */
  timeLabel?: string;
  /**
   * A date alone is a value ("2026-12-03"); the time box waits for a date. Otherwise the value
   * needs both, as a native date-time input's does. Either way a time without a date is none.
   */
  timeOptional?: boolean;
}

const partsOf = (value: string) => {
  const [date = "", time = ""] = value.split("T");
  return { date, time };
};

/**
 * A day and a time as one value, "2026-12-03T14:30" (that of a native date-time input), typed in
 * the user's format: a date box with its calendar and a time box. Each box keeps what was typed
 * while the other is not filled yet.
 */
export function DateTimeInput({
  className,
  value,
  onChange,
  timeLabel = "Time",
  timeOptional = false,
  disabled,
  ...field
}: DateTimeInputProps) {
  const [parts, setParts] = useState(() => partsOf(value));
  const [emitted, setEmitted] = useState(value);
  if (value !== emitted) {
    setEmitted(value);
    setParts(partsOf(value));
  }
  const change = (next: { date: string; time: string }) => {
    const combined = next.date && next.time ? `${next.date}T${next.time}` : timeOptional ? next.date : "";
    setParts(next);
    setEmitted(combined);
    if (combined !== value) onChange(combined);
  };
  return (
    <div className={cn("flex gap-2", className)}>
      <DateInput
        {...field}
        className="min-w-0 flex-1"
        disabled={disabled}
        value={parts.date}
        onChange={(date) => change({ ...parts, date })}
      />
      <TimeInput
        className="w-28 shrink-0"
        aria-label={timeLabel}
        disabled={disabled || (timeOptional && !parts.date && !parts.time)}
        value={parts.time}
        onChange={(time) => change({ ...parts, time })}
        onBlur={field.onBlur}
      />
    </div>
  );
}
