import { useQuery } from "@tanstack/react-query";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { Field, type FieldControlProps } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { REMINDER_LEAD_MINUTES, reminderLeadLabel } from "@/lib/reminders";
import { projectQueries } from "@/api/projects/project-queries";
import { NO_REMINDER, REMIND_AT_TIME, reminderMessages, type TaskFormValues } from "../task-form";

/** The task's project: the projects not archived, and the task's own even when it is. */
export function ProjectField({ initialProjectId }: { initialProjectId: string }) {
  const { register } = useFormContext<TaskFormValues>();
  const projects = useQuery(projectQueries.list());
  const projectChoices = (projects.data ?? []).filter(
    (project) => !project.archived || project.id === initialProjectId,
  );
  return (
    <Field label="Project">
      {(control) => (
        <NativeSelect {...control} {...register("projectId")}>
          {!projects.data && (
            <option value={initialProjectId}>{initialProjectId ? "Loading projects…" : "Inbox"}</option>
          )}
          {projectChoices.map((project) => (
            <option key={project.id} value={project.is_inbox && !initialProjectId ? "" : project.id}>
              {project.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** "Remind me" (a lead before the due time, or a set time), and the set time when chosen. */
export function ReminderFields({ inputZone }: { inputZone: string }) {
  const {
    register,
    control: formControl,
    formState: { errors },
  } = useFormContext<TaskFormValues>();
  const [reminder, dueDate] = useWatch({ control: formControl, name: ["reminder", "dueDate"] });
  const leadWithoutDueTime =
    reminder !== NO_REMINDER && reminder !== REMIND_AT_TIME && !dueDate.includes("T");
  return (
    <>
      <Field label="Remind me" description={leadWithoutDueTime ? reminderMessages.needsDueTime : undefined}>
        {(control) => (
          <NativeSelect {...control} {...register("reminder")}>
            <option value={NO_REMINDER}>No reminder</option>
            {REMINDER_LEAD_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {reminderLeadLabel(minutes)}
              </option>
            ))}
            <option value={REMIND_AT_TIME}>At a set time…</option>
          </NativeSelect>
        )}
      </Field>

      {reminder === REMIND_AT_TIME && (
        <Field label="Reminder time" description={`Time zone: ${inputZone}`} error={errors.remindAt?.message}>
          {(control) => <FormDateTime name="remindAt" timeLabel="Time to remind" control={control} />}
        </Field>
      )}
    </>
  );
}

/** When the user plans to do the task. */
export function ScheduledField() {
  return (
    <Field label="Scheduled" description="When you plan to do it">
      {(control) => <FormDateTime name="scheduledStart" timeLabel="Scheduled time" control={control} />}
    </Field>
  );
}

/** A date and time of the form ("2026-12-03T14:30", or ""), typed in the user's format. */
function FormDateTime({
  name,
  timeLabel,
  control,
}: {
  name: "scheduledStart" | "remindAt";
  timeLabel: string;
  control: FieldControlProps;
}) {
  const { control: formControl } = useFormContext<TaskFormValues>();
  return (
    <Controller
      control={formControl}
      name={name}
      render={({ field }) => <DateTimeInput {...control} {...field} timeLabel={timeLabel} />}
    />
  );
}
