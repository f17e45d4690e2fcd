import { useId } from "react";
import { CalendarPopover } from "@/components/ui/calendar-popover";
import { Input } from "@/components/ui/input";
import { useTypedValue, type TypedFieldProps } from "@/components/ui/use-typed-value";
import { cn } from "@/lib/cn";
import { useDateFormat } from "@/lib/date-format";
import { datePlaceholder, readDay, showDay } from "@/lib/date-input";

/**
 * A calendar day ("2026-12-03", "" for none) typed in the user's order ("03/12/2026" or
 * "12/03/2026") or picked from a calendar whose week starts on the user's first day.
 */
export function DateInput({
  className,
  value,
  onChange,
  onCommit,
  disabled,
  calendarAbove,
  ...field
}: TypedFieldProps & { calendarAbove?: boolean }) {
  const settings = useDateFormat();
  const placeholder = datePlaceholder(settings);
  const errorId = useId();
  const { error, inputProps } = useTypedValue({
    value,
    onChange,
    onCommit,
    show: (day) => showDay(day, settings),
    read: (text) => readDay(text, settings),
    message: `Not a date: type it as ${placeholder}.`,
    field,
    errorId,
  });
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="relative flex gap-1">
        <Input {...inputProps} placeholder={placeholder} autoComplete="off" disabled={disabled} />
        <CalendarPopover
          day={value}
          disabled={disabled}
          above={calendarAbove}
          onSelect={(day) => {
            onChange(day);
            onCommit?.(day);
          }}
        />
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
