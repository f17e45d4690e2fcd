import type { User } from "@contract/auth";
import { BellRing } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";
import { REMINDER_LEAD_MINUTES, reminderLeadLabel } from "@/lib/reminders";
import { useUpdateSettings } from "@/api/current-user/account-mutations";
import { SettingsFormCard } from "./settings-form-card";
import { reminderSettingsChanges, type ReminderSettings } from "../settings-forms";

const OFF = "off";

/** The reminders card: the default reminder of new tasks with a due time, and e-mailed reminders. */
export function RemindersCard({ user }: { user: User }) {
  const switchId = useId();
  const switchHintId = useId();
  const updateSettings = useUpdateSettings();
  const [choice, setChoice] = useState<ReminderSettings>({
    default_reminder_minutes: user.default_reminder_minutes,
    email_reminders: user.email_reminders,
  });
  const changes = reminderSettingsChanges(user, choice);
  const changed = Object.keys(changes).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    updateSettings.mutate(changes, {
      onSuccess: () =>
        toast.success("Reminders updated", { description: "Your reminder settings are saved." }),
    });
  };

  return (
    <SettingsFormCard
      icon={BellRing}
      title="Reminders"
      description="Reminders show in the bell at the top of the page."
      onSubmit={onSubmit}
      contentClassName="grid gap-6"
      footer={
        <Button type="submit" disabled={!changed || updateSettings.isPending} className="w-full sm:w-auto">
          Save reminders
        </Button>
      }
    >
      <Field
        label="Default reminder"
        description="Set on each new task that has a due time; you can change it in the task."
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={choice.default_reminder_minutes === null ? OFF : String(choice.default_reminder_minutes)}
            onChange={(event) =>
              setChoice((current) => ({
                ...current,
                default_reminder_minutes: event.target.value === OFF ? null : Number(event.target.value),
              }))
            }
          >
            <option value={OFF}>No default reminder</option>
            {REMINDER_LEAD_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {reminderLeadLabel(minutes)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={switchId} className="text-sm font-medium leading-none">
            E-mail reminders
          </label>
          <p id={switchHintId} className="text-xs text-muted-foreground">
            Also send each reminder to {user.email}.
          </p>
        </div>
        <Switch
          id={switchId}
          aria-describedby={switchHintId}
          checked={choice.email_reminders}
          onCheckedChange={(checked) => setChoice((current) => ({ ...current, email_reminders: checked }))}
        />
      </div>
    </SettingsFormCard>
  );
}
