import type { SettingsRequest, User } from "@contract/auth";
import type { DateFormatSettings } from "@contract/date-format";
import { CalendarDays } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toaster";
import { useUpdateSettings } from "@/api/current-user/account-mutations";
import { formatDate } from "@/lib/date-format";
import { SettingsFormCard } from "./settings-form-card";

const ORDER_LABELS = {
  dmy: "Day first (31/12/2026)",
  mdy: "Month first (12/31/2026)",
  ymd: "Year first (2026-12-31)",
};
const CLOCK_LABELS = { "24h": "24-hour (13:00)", "12h": "12-hour (1:00 PM)" };
const WEEK_START_LABELS = { 1: "Monday", 7: "Sunday" };

function choicesOf(user: User): DateFormatSettings {
  return { date_order: user.date_order, clock: user.clock, week_start: user.week_start };
}

/**
 * How every screen shows dates and times, how quick add reads a numeric date like 12/03, how CSV
 * files write dates, and the first day of the calendar's week.
 */
export function DateFormatCard({ user }: { user: User }) {
  const updateSettings = useUpdateSettings("Failed to update the date format");
  const [choice, setChoice] = useState(() => choicesOf(user));
  const [openedAt] = useState(() => new Date().toISOString());
  const saved = choicesOf(user);
  const changes: SettingsRequest = {
    ...(choice.date_order !== saved.date_order ? { date_order: choice.date_order } : {}),
    ...(choice.clock !== saved.clock ? { clock: choice.clock } : {}),
    ...(choice.week_start !== saved.week_start ? { week_start: choice.week_start } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    updateSettings.mutate(changes, {
      onSuccess: () => toast.success("Date format updated", { description: "Every screen uses it now." }),
    });
  };

  return (
    <SettingsFormCard
      icon={CalendarDays}
      title="Date and time format"
      description={`Dates read like this: ${formatDate(openedAt, user.timezone, "weekdayDateTime", choice)}.`}
      onSubmit={onSubmit}
      contentClassName="grid gap-4 sm:grid-cols-3"
      footer={
        <Button type="submit" disabled={!changed || updateSettings.isPending} className="w-full sm:w-auto">
          Save date format
        </Button>
      }
    >
      <Field label="Date order" description="Also how quick add reads 12/03 and CSV files write dates.">
        {(control) => (
          <NativeSelect
            {...control}
            value={choice.date_order}
            onChange={(event) =>
              setChoice((current) => ({
                ...current,
                date_order: event.target.value as DateFormatSettings["date_order"],
              }))
            }
          >
            {Object.entries(ORDER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Clock">
        {(control) => (
          <NativeSelect
            {...control}
            value={choice.clock}
            onChange={(event) =>
              setChoice((current) => ({
                ...current,
                clock: event.target.value as DateFormatSettings["clock"],
              }))
            }
          >
            {Object.entries(CLOCK_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Week starts on">
        {(control) => (
          <NativeSelect
            {...control}
            value={String(choice.week_start)}
            onChange={(event) =>
              setChoice((current) => ({ ...current, week_start: event.target.value === "7" ? 7 : 1 }))
            }
          >
            {Object.entries(WEEK_START_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </SettingsFormCard>
  );
}
