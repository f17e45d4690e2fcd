import type { User } from "@contract/auth";
import { CalendarClock } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TimeInput } from "@/components/ui/time-input";
import { toast } from "@/components/ui/toaster";
import { useUpdateSettings } from "@/api/current-user/account-mutations";
import { MorningHourField } from "./morning-hour-field";
import { SettingsFormCard } from "./settings-form-card";
import { planningFormValues, planningSettingsChanges, type PlanningForm } from "../settings-forms";

/** ISO weekday numbers with their names, Monday first. */
const WEEKDAYS = [
  [1, "Mon", "Monday"],
  [2, "Tue", "Tuesday"],
  [3, "Wed", "Wednesday"],
  [4, "Thu", "Thursday"],
  [5, "Fri", "Friday"],
  [6, "Sat", "Saturday"],
  [7, "Sun", "Sunday"],
] as const;

/**
 * What "Plan my day" may fill: the working days and hours (in the user's time zone), the hours of
 * task work wanted in a day, and the estimate of a task that has none.
 */
export function PlanningCard({ user }: { user: User }) {
  const updateSettings = useUpdateSettings("Failed to update planning");
  const [form, setForm] = useState<PlanningForm>(() => planningFormValues(user));
  const [showErrors, setShowErrors] = useState(false);
  const { changes, errors } = planningSettingsChanges(user, form);
  const changed = Object.keys(changes).length > 0;
  const shown = showErrors ? errors : {};

  const set = <Key extends keyof PlanningForm>(key: Key, value: PlanningForm[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const toggleDay = (day: number) =>
    set("days", form.days.includes(day) ? form.days.filter((d) => d !== day) : [...form.days, day]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || !changed) return;
    updateSettings.mutate(changes, {
      onSuccess: () => toast.success("Planning updated", { description: "Your working hours are saved." }),
    });
  };

  return (
    <SettingsFormCard
      icon={CalendarClock}
      title="Planning"
      description="The time “Plan my day” may fill with tasks, in your time zone."
      onSubmit={onSubmit}
      noValidate
      contentClassName="grid gap-5"
      footer={
        <Button type="submit" disabled={!changed || updateSettings.isPending} className="w-full sm:w-auto">
          Save planning
        </Button>
      }
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium leading-none">Working days</legend>
        <div className="flex flex-wrap gap-1.5">
          {WEEKDAYS.map(([day, short, long]) => (
            <label
              key={day}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border px-2 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input
                type="checkbox"
                checked={form.days.includes(day)}
                onChange={() => toggleDay(day)}
                aria-label={long}
              />
              <span aria-hidden>{short}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Start of the working day">
          {(control) => <TimeInput {...control} value={form.start} onChange={(time) => set("start", time)} />}
        </Field>
        <Field label="End of the working day" error={shown.end}>
          {(control) => <TimeInput {...control} value={form.end} onChange={(time) => set("end", time)} />}
        </Field>
        <Field
          label="Daily capacity (hours)"
          description="Hours of task work wanted in a day"
          error={shown.capacityHours}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0.25}
              max={24}
              step={0.25}
              value={form.capacityHours}
              onChange={(event) => set("capacityHours", event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Default duration (minutes)"
          description="For a task without an estimate"
          error={shown.defaultDuration}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={5}
              max={720}
              step={5}
              value={form.defaultDuration}
              onChange={(event) => set("defaultDuration", event.target.value)}
            />
          )}
        </Field>
        <MorningHourField user={user} />
      </div>
    </SettingsFormCard>
  );
}
