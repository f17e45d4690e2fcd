import { DEFAULT_TIME_ZONE } from "@contract/common";
import { Globe } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { toast } from "@/components/ui/toaster";
import { formatDate } from "@/lib/date-format";
import { detectBrowserTimeZone } from "@/lib/time-zones";
import { useUpdateTimezone } from "@/api/current-user/account-mutations";
import { SettingsFormCard } from "./settings-form-card";

/** The timezone card: a picker and "Apply", disabled unless the choice differs from the saved zone (default UTC). */
export function TimezoneCard({ savedTimeZone }: { savedTimeZone: string | null | undefined }) {
  const saved = savedTimeZone || DEFAULT_TIME_ZONE;
  const [choice, setChoice] = useState(saved);
  const updateTimezone = useUpdateTimezone();
  const [browserTimeZone] = useState(detectBrowserTimeZone);
  const [openedAt] = useState(() => new Date().toISOString());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === saved) return;
    updateTimezone.mutate(choice, {
      onSuccess: (user) => {
        toast.success("Timezone updated", { description: `Dates now follow ${user.timezone}.` });
      },
    });
  };

  return (
    <SettingsFormCard
      icon={Globe}
      title="Timezone"
      description="Due dates and your daily plan follow this timezone."
      onSubmit={onSubmit}
      footerClassName="flex flex-col-reverse gap-2 sm:flex-row"
      footer={
        <>
          <Button
            type="submit"
            disabled={choice === saved || updateTimezone.isPending}
            className="w-full sm:w-auto"
          >
            Apply
          </Button>
          {browserTimeZone !== choice && (
            <Button
              variant="outline"
              onClick={() => setChoice(browserTimeZone)}
              // Long zone names wrap on a 375 px phone instead of overflowing the card.
              className="h-auto min-h-9 w-full whitespace-normal sm:w-auto"
            >
              Use browser timezone ({browserTimeZone})
            </Button>
          )}
        </>
      }
    >
      <Field
        label="Timezone"
        description={`Local time there: ${formatDate(openedAt, choice, "weekdayTime")}`}
      >
        {(control) => (
          <TimeZonePicker
            id={control.id}
            aria-describedby={control["aria-describedby"]}
            value={choice}
            onChange={setChoice}
            savedTimeZone={saved}
          />
        )}
      </Field>
    </SettingsFormCard>
  );
}
