import type { Task } from "@contract/tasks";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { Input } from "@/components/ui/input";
import { fromZonedInputValue, toZonedInputValue } from "@/lib/time-zones";
import { DURATION_MAX_MINUTES, DURATION_MIN_MINUTES } from "../lib/calendar-grid";

export interface ScheduleChoice {
  scheduled_start: string;
  duration_minutes: number;
}

export const scheduleMessages = {
  start: "Choose when to start",
  duration: `Enter whole minutes from ${DURATION_MIN_MINUTES} to ${DURATION_MAX_MINUTES}`,
} as const;

interface ScheduleDialogProps {
  /** The task being scheduled; null: closed. */
  task: Task | null;
  /** Where the start field begins when the task has no start yet. */
  suggestedStart: string;
  durationMinutes: number;
  timeZone: string;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onSave(task: Task, choice: ScheduleChoice): void;
}

/** "Schedule…": a task's start and duration by keyboard, what dragging it on the grid does. */
export function ScheduleDialog({ task, onOpenChange, ...props }: ScheduleDialogProps) {
  return (
    <Dialog open={task !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Schedule task</DialogTitle>
          <DialogDescription>{task ? `When to work on "${task.title}".` : ""}</DialogDescription>
        </DialogHeader>
        {task && <ScheduleForm key={task.id} task={task} onCancel={() => onOpenChange(false)} {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  task,
  suggestedStart,
  durationMinutes,
  timeZone,
  pending,
  onCancel,
  onSave,
}: Omit<ScheduleDialogProps, "task" | "onOpenChange"> & { task: Task; onCancel(): void }) {
  const [start, setStart] = useState(() =>
    toZonedInputValue(task.scheduled_start ?? suggestedStart, timeZone),
  );
  const [duration, setDuration] = useState(String(durationMinutes));
  const [errors, setErrors] = useState<{ start?: string; duration?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const startIso = fromZonedInputValue(start, timeZone);
    const minutes = Number(duration);
    const next = {
      start: startIso ? undefined : scheduleMessages.start,
      duration:
        Number.isInteger(minutes) && minutes >= DURATION_MIN_MINUTES && minutes <= DURATION_MAX_MINUTES
          ? undefined
          : scheduleMessages.duration,
    };
    setErrors(next);
    if (startIso && !next.duration) onSave(task, { scheduled_start: startIso, duration_minutes: minutes });
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <Field label="Start" description={`Time zone: ${timeZone}`} error={errors.start}>
        {(control) => <DateTimeInput {...control} timeLabel="Start time" value={start} onChange={setStart} />}
      </Field>
      <Field label="Duration (minutes)" error={errors.duration}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={DURATION_MIN_MINUTES}
            max={DURATION_MAX_MINUTES}
            step={5}
            value={duration}
            onChange={(event) => setDuration(event.target.value)}
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Schedule"}
        </Button>
      </DialogFooter>
    </form>
  );
}
