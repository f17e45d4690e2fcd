import * as DialogPrimitive from "@radix-ui/react-dialog";
import { parseISO } from "date-fns";
import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useDateFormat } from "@/lib/date-format";

/**
 * The calendar itself (react-day-picker) downloads when a date field's button is first pointed at,
 * focused or clicked, not with the screen: every signed-in screen's first render would otherwise
 * load and evaluate it for a button. The service worker keeps it for offline use like every chunk.
 */
const loadMonthCalendar = () => import("./month-calendar");
const MonthCalendar = lazy(() => loadMonthCalendar().then((module) => ({ default: module.MonthCalendar })));
const preloadMonthCalendar = () => void loadMonthCalendar().catch(() => undefined);

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
          onPointerEnter={preloadMonthCalendar}
          onFocus={preloadMonthCalendar}
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
        <Suspense fallback={null}>
          <MonthCalendar
            selected={selected}
            weekStartsOn={weekStart === 7 ? 0 : 1}
            onPick={(picked) => {
              if (picked) onSelect(picked);
              setOpen(false);
            }}
          />
        </Suspense>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}
