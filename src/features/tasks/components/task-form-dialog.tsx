import { TASK_PRIORITIES, TASK_STATUSES, TASK_STATUS_LABELS, type Task } from "@contract/tasks";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { DueDateField } from "./due-date-field";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { TASK_PRIORITY_LABELS } from "@/components/tasks/priority-badge";
import { Textarea } from "@/components/ui/textarea";
import { detectBrowserTimeZone, isValidTimeZone } from "@/lib/time-zones";
import { useSessionStore } from "@/stores/session-store";
import { useCreateTask, useUpdateTask } from "@/api/tasks/task-mutations";
import {
  createTaskPayload,
  newTaskFormValues,
  TASK_DURATION_MAX,
  TASK_DURATION_MIN,
  taskFormSchema,
  taskFormValuesFrom,
  updateTaskPayload,
  type TaskFormValues,
} from "../task-form";
import { AssigneeField } from "./assignee-field";
import { LabelledOptions } from "./labelled-options";
import { RepeatField } from "./repeat-field";
import { SharedTaskComments } from "./shared-task-comments";
import { SubtaskOrder } from "./subtask-order";
import { TaskDetails, useTaskIsReadOnly } from "./task-details";
import { TagInput } from "./tag-input";
import { ProjectField, ReminderFields, ScheduledField } from "./task-form-fields";

interface TaskFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The task to edit; without one the dialog creates a task. */
  task?: Task | null;
  /** The user's time zone: due dates are entered and shown in it. */
  timeZone: string;
  /** Creating on a project's page: the project chosen to start with. */
  defaultProjectId?: string;
}

/**
 * The "Create New Task" and "Edit Task" dialogs, 425 px wide. The form lives inside the
 * dialog's content, which unmounts when the dialog closes: closing clears the form and the tags.
 */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  timeZone,
  defaultProjectId,
}: TaskFormDialogProps) {
  const close = () => onOpenChange(false);
  const readOnly = useTaskIsReadOnly(task);
  // The dialogs open from code, not from a Radix trigger: focus goes back to what opened them.
  const opener = useRef<HTMLElement | null>(null);
  const hasUnsavedInput = useRef(false);
  // A layout effect runs before the dialog moves focus inside itself (in a passive effect).
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const confirmDiscard = (event: Event) => {
    if (hasUnsavedInput.current && !window.confirm(DISCARD_QUESTION)) event.preventDefault();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-[425px]"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          hasUnsavedInput.current = false;
          const target = opener.current?.isConnected
            ? opener.current
            : document.getElementById("main-content");
          target?.focus();
        }}
        onEscapeKeyDown={confirmDiscard}
        onInteractOutside={confirmDiscard}
      >
        <DialogHeader>
          <DialogTitle>{readOnly ? "Task" : task ? "Edit Task" : "Create New Task"}</DialogTitle>
          <DialogDescription>
            {readOnly
              ? "The details of this task, read only."
              : task
                ? "Change the details of this task."
                : "Add a task to your list."}
          </DialogDescription>
        </DialogHeader>
        {task ? (
          <>
            {readOnly ? (
              <TaskDetails task={task} timeZone={timeZone} />
            ) : (
              <>
                <EditTaskForm
                  task={task}
                  timeZone={timeZone}
                  onDone={close}
                  unsavedInputRef={hasUnsavedInput}
                />
                <SubtaskOrder task={task} />
              </>
            )}
            <SharedTaskComments task={task} />
          </>
        ) : (
          <CreateTaskForm
            timeZone={timeZone}
            onDone={close}
            unsavedInputRef={hasUnsavedInput}
            defaultProjectId={defaultProjectId}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Asked when Escape (or a click outside) would throw away what was typed. */
const DISCARD_QUESTION = "Discard your unsaved changes?";

interface FormContainerProps {
  timeZone: string;
  onDone(): void;
  /** Kept up to date by the form: whether anything differs from how it opened. */
  unsavedInputRef: RefObject<boolean>;
}

function CreateTaskForm({
  timeZone,
  onDone,
  unsavedInputRef,
  defaultProjectId,
}: FormContainerProps & { defaultProjectId?: string }) {
  const createTask = useCreateTask();
  const defaultReminder = useSessionStore((state) => state.user?.default_reminder_minutes);
  // The user's default reminder is chosen from the start, so the dialog shows what will happen.
  const [initialValues] = useState(() => newTaskFormValues(defaultReminder, defaultProjectId));
  return (
    <TaskForm
      initialValues={initialValues}
      timeZone={timeZone}
      unsavedInputRef={unsavedInputRef}
      submitLabel="Create Task"
      pendingLabel="Creating..."
      isPending={createTask.isPending}
      onCancel={onDone}
      onSubmit={(values) => createTask.mutate(createTaskPayload(values, timeZone), { onSuccess: onDone })}
    />
  );
}

function EditTaskForm({ task, timeZone, onDone, unsavedInputRef }: FormContainerProps & { task: Task }) {
  const updateTask = useUpdateTask();
  // Frozen when the dialog opens: a background refetch must not reset what the user is typing.
  const [initialValues] = useState(() => taskFormValuesFrom(task, timeZone));
  return (
    <TaskForm
      initialValues={initialValues}
      timeZone={timeZone}
      unsavedInputRef={unsavedInputRef}
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
  unsavedInputRef: RefObject<boolean>;
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
  unsavedInputRef,
  timeZone,
  showStatus = false,
  submitLabel,
  pendingLabel,
  isPending,
  onCancel,
  onSubmit,
}: TaskFormProps) {
  const form = useForm<TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: initialValues,
  });
  const {
    register,
    control: formControl,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  useEffect(() => {
    unsavedInputRef.current = isDirty;
  }, [unsavedInputRef, isDirty]);
  // A zone that is not a valid name means the browser's local time.
  const inputZone = isValidTimeZone(timeZone) ? timeZone : detectBrowserTimeZone();

  return (
    <FormProvider {...form}>
      <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Field label="Title" error={errors.title?.message}>
          {(control) => <Input {...control} autoFocus {...register("title")} />}
        </Field>

        <Field label="Description" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={3} {...register("description")} />}
        </Field>

        <div className={showStatus ? "grid grid-cols-2 gap-4" : "grid gap-4"}>
          <Field label="Priority">
            {(control) => (
              <NativeSelect {...control} {...register("priority")}>
                <LabelledOptions values={TASK_PRIORITIES} labels={TASK_PRIORITY_LABELS} />
              </NativeSelect>
            )}
          </Field>
          {showStatus && (
            <Field label="Status">
              {(control) => (
                <NativeSelect {...control} {...register("status")}>
                  <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
                </NativeSelect>
              )}
            </Field>
          )}
        </div>

        <ProjectField initialProjectId={initialValues.projectId} />

        <AssigneeField />

        <Field label="Due Date" description={`Time zone: ${inputZone}`}>
          {(control) => (
            <Controller
              control={formControl}
              name="dueDate"
              render={({ field }) => (
                <DueDateField
                  id={control.id}
                  aria-describedby={control["aria-describedby"]}
                  value={field.value}
                  onChange={field.onChange}
                  timeZone={inputZone}
                />
              )}
            />
          )}
        </Field>

        <RepeatField />

        <ReminderFields inputZone={inputZone} />

        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field
            label="Estimate (minutes)"
            description="Empty: your default"
            error={errors.duration?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={TASK_DURATION_MIN}
                max={TASK_DURATION_MAX}
                step={5}
                {...register("duration")}
              />
            )}
          </Field>
          <ScheduledField />
        </div>

        <Field label="Tags" error={errors.tags?.message}>
          {(control) => (
            <Controller
              control={formControl}
              name="tags"
              render={({ field }) => <TagInput {...control} value={field.value} onChange={field.onChange} />}
            />
          )}
        </Field>

        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
