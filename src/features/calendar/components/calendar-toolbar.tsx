import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/date-format";
import { addDaysTo, type CalendarView, type GridDay } from "../lib/calendar-grid";

interface CalendarToolbarProps {
  view: CalendarView;
  anchor: string;
  today: string;
  firstDay: GridDay;
  timeZone: string;
  /** A wide screen offers the week view; a phone shows the day only. */
  wide: boolean;
  onAnchorChange(day: string): void;
  onViewChange(view: CalendarView): void;
}

/** Previous, Today and Next, the day or week shown, and the Day / Week switch. */
export function CalendarToolbar({
  view,
  anchor,
  today,
  firstDay,
  timeZone,
  wide,
  onAnchorChange,
  onViewChange,
}: CalendarToolbarProps) {
  const step = view === "day" ? 1 : 7;
  const midday = new Date(firstDay.startMs + 12 * 3_600_000).toISOString();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={view === "day" ? "Previous day" : "Previous week"}
          onClick={() => onAnchorChange(addDaysTo(anchor, -step))}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="outline" onClick={() => onAnchorChange(today)}>
          Today
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={view === "day" ? "Next day" : "Next week"}
          onClick={() => onAnchorChange(addDaysTo(anchor, step))}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <h2 className="text-lg font-semibold" aria-live="polite">
        {view === "day"
          ? formatDate(midday, timeZone, "longDay")
          : `Week of ${formatDate(midday, timeZone, "monthDay")}`}
      </h2>
      {wide && (
        <div role="group" aria-label="View" className="ml-auto flex gap-1">
          {(["day", "week"] as const).map((option) => (
            <Button
              key={option}
              variant={view === option ? "default" : "outline"}
              size="sm"
              aria-pressed={view === option}
              onClick={() => onViewChange(option)}
            >
              {option === "day" ? "Day" : "Week"}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
