import { useId } from "react";
import { dayFromToday } from "@/lib/due-dates";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

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
  const timeId = useId();
  const [date = "", time = ""] = value.split("T");
  const combine = (nextDate: string, nextTime: string) =>
    onChange(nextDate ? (nextTime ? `${nextDate}T${nextTime}` : nextDate) : "");

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          type="date"
          className="flex-1"
          aria-describedby={describedBy}
          value={date}
          onChange={(event) => combine(event.target.value, time)}
        />
        <Input
          id={timeId}
          type="time"
          className="w-32"
          aria-label="Due time (optional)"
          disabled={!date}
          value={time}
          onChange={(event) => combine(date, event.target.value)}
        />
      </div>
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
