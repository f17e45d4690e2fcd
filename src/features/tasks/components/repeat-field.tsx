import { useFormContext, useWatch } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { TaskFormValues } from "../task-form";
import {
  REPEAT_INTERVAL_MAX,
  REPEAT_UNITS,
  REPEAT_UNIT_LABELS,
  repeatChoiceLabels,
  repeatChoicesFor,
} from "../repeat-options";
import { LabelledOptions } from "./labelled-options";

/**
 * "Repeat": Never, Daily, Weekdays, Weekly on <the due date's weekday>, Monthly on <its day>,
 * or Custom… with an interval ("every 2 weeks"). Native selects and a number field: keyboard
 * and phone friendly. Completing a repeating task creates its next one.
 */
export function RepeatField() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TaskFormValues>();
  const [repeat, dueDate, keptRecurrence] = useWatch({
    control,
    name: ["repeat", "dueDate", "keptRecurrence"],
  });
  const labels = repeatChoiceLabels(dueDate, keptRecurrence);
  return (
    <div className="grid gap-2">
      <Field
        label="Repeat"
        error={errors.repeat?.message}
        description={repeat === "never" ? undefined : "Completing it creates the next one."}
      >
        {(fieldControl) => (
          <NativeSelect {...fieldControl} {...register("repeat")}>
            <LabelledOptions values={repeatChoicesFor({ repeat })} labels={labels} />
          </NativeSelect>
        )}
      </Field>
      {repeat === "custom" && (
        <div className="grid grid-cols-2 gap-4">
          <Field label="Repeat every" error={errors.repeatInterval?.message}>
            {(fieldControl) => (
              <Input
                {...fieldControl}
                type="number"
                inputMode="numeric"
                min={1}
                max={REPEAT_INTERVAL_MAX}
                step={1}
                {...register("repeatInterval")}
              />
            )}
          </Field>
          <Field label="Unit">
            {(fieldControl) => (
              <NativeSelect {...fieldControl} {...register("repeatUnit")}>
                <LabelledOptions values={REPEAT_UNITS} labels={REPEAT_UNIT_LABELS} />
              </NativeSelect>
            )}
          </Field>
        </div>
      )}
    </div>
  );
}
