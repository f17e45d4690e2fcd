import { format } from "date-fns";
import { DayPicker, type ClassNames } from "react-day-picker";

/** react-day-picker's parts in the app's tokens (its own stylesheet is not loaded). */
const CALENDAR_CLASSES: Partial<ClassNames> = {
  months: "relative",
  nav: "absolute inset-x-0 top-0 flex justify-between",
  button_previous:
    "inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
  button_next:
    "inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
  chevron: "size-4 fill-current",
  month_caption: "flex h-8 items-center justify-center",
  caption_label: "text-sm font-medium",
  month_grid: "mt-2 border-collapse",
  weekday: "size-9 text-xs font-normal text-muted-foreground",
  day: "p-0 text-center text-sm",
  day_button:
    "size-9 rounded-md hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
  today: "font-semibold underline underline-offset-4",
  selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
  outside: "text-muted-foreground",
};

/** A month's grid of days, focused on the chosen day (or today); picking a day gives it as "2026-12-03". */
export function MonthCalendar({
  selected,
  weekStartsOn,
  onPick,
}: {
  selected: Date | undefined;
  weekStartsOn: 0 | 1;
  onPick(day: string | undefined): void;
}) {
  return (
    <DayPicker
      mode="single"
      autoFocus
      selected={selected}
      defaultMonth={selected}
      weekStartsOn={weekStartsOn}
      classNames={CALENDAR_CLASSES}
      onSelect={(date) => onPick(date && format(date, "yyyy-MM-dd"))}
    />
  );
}
