import { TASK_PRIORITIES, TASK_STATUSES, TASK_STATUS_LABELS, type Task } from "@contract/tasks";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { detectBrowserTimeZone, isValidTimeZone } from "@/lib/time-zones";
import { useCreateTask, useUpdateTask } from "../api/task-mutations";
import { TASK_PRIORITY_LABELS } from "../task-labels";
import {
  createTaskPayload,
  emptyTaskForm,
  taskFormSchema,
  taskFormValuesFrom,
  updateTaskPayload,
  type TaskFormValues,
} from "../task-form";
import { LabelledOptions } from "./labelled-options";
import { TagInput } from "./tag-input";

interface TaskFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The task to edit; without one the dialog creates a task. */
  task?: Task | null;
  /** The user's time zone: due dates are entered and shown in it (spec §2, §5). */
  timeZone: string;
}

/**
 * The "Create New Task" and Edit Task dialogs of spec §2, 425 px wide. The form lives inside the
 * dialog's content, which unmounts when the dialog closes: closing clears the form and the tags.
 */
export function TaskFormDialog({ open, onOpenChange, task, timeZone }: TaskFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>{task ? "Edit Task" : "Create New Task"}</DialogTitle>
          <DialogDescription>
            {task ? "Change the details of this task." : "Add a task to your list."}
          </DialogDescription>
        </DialogHeader>
        {task ? (
          <EditTaskForm task={task} timeZone={timeZone} onDone={close} />
        ) : (
          <CreateTaskForm timeZone={timeZone} onDone={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface FormContainerProps {
  timeZone: string;
  onDone(): void;
}

function CreateTaskForm({ timeZone, onDone }: FormContainerProps) {
  const createTask = useCreateTask();
  return (
    <TaskForm
      initialValues={emptyTaskForm}
      timeZone={timeZone}
      submitLabel="Create Task"
      pendingLabel="Creating..."
      isPending={createTask.isPending}
      onCancel={onDone}
      onSubmit={(values) => createTask.mutate(createTaskPayload(values, timeZone), { onSuccess: onDone })}
    />
  );
}

function EditTaskForm({ task, timeZone, onDone }: FormContainerProps & { task: Task }) {
  const updateTask = useUpdateTask();
  // Frozen when the dialog opens: a background refetch must not reset what the user is typing.
  const [initialValues] = useState(() => taskFormValuesFrom(task, timeZone));
  return (
    <TaskForm
      initialValues={initialValues}
      timeZone={timeZone}
      showStatus
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      isPending={updateTask.isPending}
      onCancel={onDone}
      onSubmit={(values) => {
        const changes = updateTaskPayload(values, initialValues, timeZone);
        if (Object.keys(changes).length === 0) onDone();
        else updateTask.mutate({ id: task.id, changes }, { onSuccess: onDone });
      }}
    />
  );
}

interface TaskFormProps {
  initialValues: TaskFormValues;
  timeZone: string;
  showStatus?: boolean;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onCancel(): void;
  onSubmit(values: TaskFormValues): void;
}

function TaskForm({
  initialValues,
  timeZone,
  showStatus = false,
  submitLabel,
  pendingLabel,
  isPending,
  onCancel,
  onSubmit,
}: TaskFormProps) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TaskFormValues>({ resolver: zodResolver(taskFormSchema), defaultValues: initialValues });
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  // spec §5: a zone that is not a valid name means the browser's local time.
  const inputZone = isValidTimeZone(timeZone) ? timeZone : detectBrowserTimeZone();

  return (
    <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("title")}>Title</Label>
        <Input
          id={fieldId("title")}
          autoFocus
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? errorId("title") : undefined}
          {...register("title")}
        />
        <FieldError id={errorId("title")} message={errors.title?.message} />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={fieldId("description")}>Description</Label>
        <Textarea
          id={fieldId("description")}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? errorId("description") : undefined}
          {...register("description")}
        />
        <FieldError id={errorId("description")} message={errors.description?.message} />
      </div>

      <div className={showStatus ? "grid grid-cols-2 gap-4" : "grid gap-4"}>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("priority")}>Priority</Label>
          <NativeSelect id={fieldId("priority")} {...register("priority")}>
            <LabelledOptions values={TASK_PRIORITIES} labels={TASK_PRIORITY_LABELS} />
          </NativeSelect>
        </div>
        {showStatus && (
          <div className="grid gap-2">
            <Label htmlFor={fieldId("status")}>Status</Label>
            <NativeSelect id={fieldId("status")} {...register("status")}>
              <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
            </NativeSelect>
          </div>
        )}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={fieldId("due-date")}>Due Date</Label>
        <Input
          id={fieldId("due-date")}
          type="datetime-local"
          aria-describedby={fieldId("due-date-hint")}
          {...register("dueDate")}
        />
        <p id={fieldId("due-date-hint")} className="text-xs text-muted-foreground">
          Time zone: {inputZone}
        </p>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={fieldId("tags")}>Tags</Label>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagInput
              id={fieldId("tags")}
              value={field.value}
              onChange={field.onChange}
              aria-describedby={errors.tags ? errorId("tags") : undefined}
            />
          )}
        />
        <FieldError id={errorId("tags")} message={errors.tags?.message} />
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
