import type { User } from "@contract/auth";
import { Target } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";
import { useUpdateSettings } from "@/api/current-user/account-mutations";
import { SettingsFormCard } from "./settings-form-card";
import { progressSettingsChanges, type ProgressSettings } from "../settings-forms";

const NO_GOAL = "none";
const GOAL_CHOICES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20];

/** The progress card: a daily goal of completed tasks, and the weekly review by e-mail. */
export function ProgressSettingsCard({ user }: { user: User }) {
  const switchId = useId();
  const switchHintId = useId();
  const updateSettings = useUpdateSettings();
  const [choice, setChoice] = useState<ProgressSettings>({
    daily_goal: user.daily_goal,
    weekly_review_email: user.weekly_review_email,
  });
  const changes = progressSettingsChanges(user, choice);
  const changed = Object.keys(changes).length > 0;
  const goals =
    user.daily_goal !== null && !GOAL_CHOICES.includes(user.daily_goal)
      ? [...GOAL_CHOICES, user.daily_goal].sort((a, b) => a - b)
      : GOAL_CHOICES;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    updateSettings.mutate(changes, {
      onSuccess: () =>
        toast.success("Progress settings updated", { description: "Your goal settings are saved." }),
    });
  };

  return (
    <SettingsFormCard
      icon={Target}
      title="Goal and weekly review"
      description="The dashboard shows today's completions against your goal and your streak."
      onSubmit={onSubmit}
      contentClassName="grid gap-6"
      footer={
        <Button type="submit" disabled={!changed || updateSettings.isPending} className="w-full sm:w-auto">
          Save goal settings
        </Button>
      }
    >
      <Field label="Daily goal" description="Completed tasks a day that count towards a streak.">
        {(control) => (
          <NativeSelect
            {...control}
            value={choice.daily_goal === null ? NO_GOAL : String(choice.daily_goal)}
            onChange={(event) =>
              setChoice((current) => ({
                ...current,
                daily_goal: event.target.value === NO_GOAL ? null : Number(event.target.value),
              }))
            }
          >
            <option value={NO_GOAL}>No daily goal</option>
            {goals.map((goal) => (
              <option key={goal} value={String(goal)}>
                {goal} {goal === 1 ? "task" : "tasks"} a day
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={switchId} className="text-sm font-medium leading-none">
            Weekly review e-mail
          </label>
          <p id={switchHintId} className="text-xs text-muted-foreground">
            Last week's review, sent to {user.email} on Mondays at 08:00 your time.
          </p>
        </div>
        <Switch
          id={switchId}
          aria-describedby={switchHintId}
          checked={choice.weekly_review_email}
          onCheckedChange={(checked) =>
            setChoice((current) => ({ ...current, weekly_review_email: checked }))
          }
        />
      </div>
    </SettingsFormCard>
  );
}
