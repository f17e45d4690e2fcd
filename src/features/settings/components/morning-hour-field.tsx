import type { User } from "@contract/auth";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toaster";
import { useUpdateSettings } from "@/api/current-user/account-mutations";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The hour "morning" with no hour written means when quick add and forwarded mail read dates
 * ("tomorrow morning"). Saved as soon as it is chosen: it is a reading rule, not part of the
 * planner's hours the card's button saves.
 */
export function MorningHourField({ user }: { user: User }) {
  const updateSettings = useUpdateSettings("Failed to update the morning");
  return (
    <Field
      label="Morning"
      description="“Tomorrow morning” with no hour written means this time. Saved when chosen."
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={String(user.morning_hour)}
          disabled={updateSettings.isPending}
          onChange={(event) =>
            updateSettings.mutate(
              { morning_hour: Number(event.target.value) },
              { onSuccess: () => toast.success("Morning updated") },
            )
          }
        >
          {HOURS.map((hour) => (
            <option key={hour} value={String(hour)}>
              {`${String(hour).padStart(2, "0")}:00`}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
