import { dayFromToday } from "@/lib/due-dates";
import { Button } from "@/components/ui/button";
import { DateTimeInput } from "@/components/ui/date-time-input";

/** A due date as the field holds it: "2026-11-24" (all day) or "2026-11-24T14:30" (a time too); "" for none. */
export type DueDateValue = string;

interface DueDateFieldProps {
  /** The id of the date input, for the caller's <Label htmlFor>. */
  id: string;
  value: DueDateValue;
  onChange(value: DueDateValue): void;
  /** The user's time zone: "Today" and the other shortcuts are counted in it. */
  timeZone: string;
  "aria-describedby"?: string;
}

const SHORTCUTS = [
  { label: "Today", days: 0 },
  { label: "Tomorrow", days: 1 },
  { label: "Next week", days: 7 },
] as const;

/**
 * A due date: a date, and a time only when the task has one. A date alone is a whole-day due
 * date (the caller stores it as the end of that day), never silently dropped. Shortcuts set the
 * day and keep a time already typed.
 */
export function DueDateField({
  id,
  value,
  onChange,
  timeZone,
  "aria-describedby": describedBy,
}: DueDateFieldProps) {
  const [date = "", time = ""] = value.split("T");
  const combine = (nextDate: string, nextTime: string) =>
    onChange(nextDate ? (nextTime ? `${nextDate}T${nextTime}` : nextDate) : "");

  return (
    <div className="grid gap-2">
      <DateTimeInput
        id={id}
        aria-describedby={describedBy}
        timeLabel="Due time (optional)"
        timeOptional
        value={value}
        onChange={onChange}
      />
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick picks">
        {SHORTCUTS.map((shortcut) => (
          <Button
            key={shortcut.label}
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => combine(dayFromToday(shortcut.days, timeZone), time)}
          >
            {shortcut.label}
          </Button>
        ))}
        {date && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => onChange("")}
          >
            No due date
          </Button>
        )}
      </div>
    </div>
  );
}
