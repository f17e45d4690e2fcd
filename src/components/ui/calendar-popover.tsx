import * as DialogPrimitive from "@radix-ui/react-dialog";
import { format, parseISO } from "date-fns";
import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { DayPicker, type ClassNames } from "react-day-picker";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useDateFormat } from "@/lib/date-format";

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

interface CalendarPopoverProps {
  /** The chosen day ("2026-12-03"), or "" for none: the calendar opens on its month. */
  day: string;
  onSelect(day: string): void;
  disabled?: boolean;
  /** Opens above the button, for a field near the bottom of the screen. */
  above?: boolean;
}

/**
 * A button that opens a month's calendar beside a date field, its week starting on the user's
 * first day. A non-modal dialog: it takes focus to the chosen day (or today), arrow keys move in
 * the grid, Escape or a click outside closes it without closing a dialog it sits in, and focus
 * goes back to the button.
 */
export function CalendarPopover({ day, onSelect, disabled, above = false }: CalendarPopoverProps) {
  const [open, setOpen] = useState(false);
  const { week_start: weekStart } = useDateFormat();
  const selected = day ? parseISO(day) : undefined;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen} modal={false}>
      <DialogPrimitive.Trigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label="Choose a date"
          disabled={disabled}
        >
          <CalendarDays aria-hidden />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Content
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => event.preventDefault()}
        className={cn(
          "absolute left-0 z-50 rounded-md border bg-popover p-3 text-popover-foreground shadow-md",
          above ? "bottom-full mb-1" : "top-full mt-1",
        )}
      >
        <DialogPrimitive.Title className="sr-only">Choose a date</DialogPrimitive.Title>
        <DayPicker
          mode="single"
          autoFocus
          selected={selected}
          defaultMonth={selected}
          weekStartsOn={weekStart === 7 ? 0 : 1}
          classNames={CALENDAR_CLASSES}
          onSelect={(date) => {
            if (date) onSelect(format(date, "yyyy-MM-dd"));
            setOpen(false);
          }}
        />
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}
