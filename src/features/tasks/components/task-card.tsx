import {
  isOpenStatus,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskStatusSchema,
  type Task,
  type TaskStatus,
} from "@contract/tasks";
import { X } from "lucide-react";
import { memo, useEffect, useId, useRef, useState } from "react";
import { useFocusLeavesWithTask, useTaskCardState } from "../use-card-slots";
import { Card } from "@/components/ui/card";
import { flatIcon } from "@/components/ui/flat-icon";
import { IconButton } from "@/components/ui/icon-button";
import { Input } from "@/components/ui/input";
import { OnDemandMenu, once } from "@/components/layout/on-demand-menu";
import { NativeSelect } from "@/components/ui/native-select";
import { TaskToggle } from "@/components/tasks/task-toggle";
import { cn } from "@/lib/cn";
import { LabelledOptions } from "./labelled-options";
import { SelectTaskCheckbox } from "./select-task-checkbox";
import { TaskBadges } from "./task-badges";
import { TaskCardMenuButton } from "./task-card-menu-button";

export interface TaskCardActions {
  onToggle(task: Task): void;
  onStatusChange(task: Task, status: TaskStatus): void;
  onEdit(task: Task): void;
  onDelete(task: Task): void;
  /** Creates a subtask of `parent` titled `title`. */
  onAddSubtask?(parent: Task, title: string): void;
  /** Indent or outdent; false when refused (the reason is shown). */
  onReparent?(task: Task, parentId: string | null): boolean;
  onMoveToProject?(task: Task): void;
}

interface TaskCardProps extends TaskCardActions {
  task: Task;
  timeZone: string;
  /** "2/5": the parent's subtasks done. */
  progress?: string;
  /** Whether its subtasks show; undefined when none is shown under it. */
  expanded?: boolean;
  onExpandedChange?(id: string, expanded: boolean): void;
  /** A subtask shown without its parent: the parent's title. */
  context?: string;
  /** False at the deepest level subtasks may nest: no "Add subtask" then. */
  canHaveSubtasks?: boolean;
  /** A viewer's task in a shared project: shown, and opened to read, but not changed. */
  readOnly?: boolean;
}

// A card's icons are drawn by the elements they are on (see flatIcon).
const COLLAPSE_ICON = flatIcon("chevronDown");
const EXPAND_ICON = flatIcon("chevronRight");
const SUBTASK_OF_ICON = flatIcon("cornerDownRight", "sm");
const EDIT_ICON = flatIcon("pencil");
const DELETE_ICON = flatIcon("trash");
const VIEW_ICON = flatIcon("eye");

/** The same element on every card and render: React keeps the options as they are. */
const STATUS_OPTIONS = <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />;

const loadMenu = once(() => import("./task-card-menu").then((module) => module.TaskCardMenu));

/** One task on the Tasks screen. Memoised: a change to one task re-renders one card. */
export const TaskCard = memo(function TaskCard({
  task,
  timeZone,
  onToggle,
  onStatusChange,
  onEdit,
  onDelete,
  onAddSubtask,
  onMoveToProject,
  progress,
  expanded,
  onExpandedChange,
  context,
  canHaveSubtasks = true,
  readOnly = false,
}: TaskCardProps) {
  const [addingSubtask, setAddingSubtask] = useTaskCardState(task.id, false);
  const card = useFocusLeavesWithTask(task.id);
  const completed = task.status === "completed";
  const cancelled = task.status === "cancelled";
  const open = isOpenStatus(task.status);

  return (
    <Card
      ref={card}
      // Focusable as a whole (j / k, or a click), but no stop of its own for Tab, so that moving
      // through the page with Tab never indents a task: on a focused card Tab / Shift-Tab indent
      // and outdent it (see TaskList).
      tabIndex={-1}
      role="group"
      aria-label={task.title}
      data-task-card={task.id}
      data-read-only={readOnly || undefined}
      className={cn(
        "flex items-start gap-2 px-2.5 py-1 sm:py-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        cancelled && "bg-muted/60",
      )}
    >
      {expanded !== undefined && onExpandedChange ? (
        <IconButton
          icon={expanded ? COLLAPSE_ICON : EXPAND_ICON}
          label={`${expanded ? "Collapse" : "Expand"} subtasks of "${task.title}"`}
          aria-expanded={expanded}
          className="-mr-1 mt-0.5 size-6"
          onClick={() => onExpandedChange(task.id, !expanded)}
        />
      ) : null}
      {!readOnly && <SelectTaskCheckbox id={task.id} title={task.title} className="mt-1.5" />}
      <TaskToggle
        title={task.title}
        completed={completed}
        onToggle={() => onToggle(task)}
        disabled={readOnly}
        className="mt-1"
      />

      <div className="min-w-0 flex-1">
        {context !== undefined && (
          <p
            className={cn("flex items-center gap-1 text-xs text-muted-foreground", SUBTASK_OF_ICON)}
            dir="auto"
          >
            <span className="sr-only">Subtask of</span>
            <span className="truncate">{context}</span>
          </p>
        )}
        {/* One line when it fits; a long title takes its own (at most two) lines, the rest follows. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <h2
            dir="auto"
            className={cn(
              "line-clamp-2 min-w-0 break-words font-medium",
              !open && "text-muted-foreground line-through",
            )}
            title={task.title}
          >
            {task.title}
          </h2>
          <TaskBadges task={task} timeZone={timeZone} progress={progress} />
          <div className="ml-auto flex shrink-0 items-center">
            {readOnly ? (
              <ReadOnlyControls task={task} onView={() => onEdit(task)} />
            ) : (
              <EditControls
                task={task}
                onStatusChange={onStatusChange}
                onEdit={onEdit}
                onDelete={onDelete}
                onAddSubtask={onAddSubtask && canHaveSubtasks ? () => setAddingSubtask(true) : undefined}
                // The menu shows where both of its actions are offered.
                onMoveToProject={onAddSubtask ? onMoveToProject : undefined}
              />
            )}
          </div>
        </div>
        {task.description && (
          <p
            dir="auto"
            className="line-clamp-1 break-words text-sm text-muted-foreground sm:line-clamp-2"
            title={task.description}
          >
            {task.description}
          </p>
        )}
        {addingSubtask && onAddSubtask && (
          <SubtaskInput parent={task} onAdd={onAddSubtask} onClose={() => setAddingSubtask(false)} />
        )}
      </div>
    </Card>
  );
});

/** The card's controls: its status, edit, delete and the menu (add a subtask, move). */
function EditControls({
  task,
  onStatusChange,
  onEdit,
  onDelete,
  onAddSubtask,
  onMoveToProject,
}: Pick<TaskCardActions, "onStatusChange" | "onEdit" | "onDelete" | "onMoveToProject"> & {
  task: Task;
  /** Opens the inline field; absent where no subtask may be added. */
  onAddSubtask?: () => void;
}) {
  return (
    <>
      <NativeSelect
        aria-label={`Status of "${task.title}"`}
        title="Status"
        className="h-7 w-auto rounded-full border-transparent bg-muted py-0 pl-2.5 pr-1 text-xs font-medium shadow-none field-sizing-content md:text-xs"
        value={task.status}
        onChange={(event) => onStatusChange(task, taskStatusSchema.parse(event.target.value))}
      >
        {STATUS_OPTIONS}
      </NativeSelect>
      <IconButton
        icon={EDIT_ICON}
        label={`Edit "${task.title}"`}
        title="Edit task"
        className="size-7"
        onClick={() => onEdit(task)}
      />
      <IconButton
        icon={DELETE_ICON}
        destructive
        label={`Delete "${task.title}"`}
        title="Delete task"
        className="size-7"
        onClick={() => onDelete(task)}
      />
      {onMoveToProject && (
        <OnDemandMenu
          // A card kept for another task (see useCardSlots) never shows the last one's menu open.
          owner={task.id}
          load={loadMenu}
          props={{ title: task.title, onAddSubtask, onMoveToProject: () => onMoveToProject(task) }}
          trigger={(events) => <TaskCardMenuButton title={task.title} {...events} />}
        />
      )}
    </>
  );
}

/** A read-only card's controls: its status as text, and a button that opens the task to read. */
function ReadOnlyControls({ task, onView }: { task: Task; onView(): void }) {
  return (
    <>
      <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
        <span className="sr-only">Status: </span>
        {TASK_STATUS_LABELS[task.status]}
      </span>
      <IconButton
        icon={VIEW_ICON}
        label={`View "${task.title}"`}
        title="View task (read only)"
        className="size-7"
        onClick={onView}
      />
    </>
  );
}

/** "Add subtask", inline: Enter adds one (and stays for the next); Escape or its close button ends it. */
function SubtaskInput({
  parent,
  onAdd,
  onClose,
}: {
  parent: Task;
  onAdd(parent: Task, title: string): void;
  onClose(): void;
}) {
  const id = useId();
  const [title, setTitle] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // Once the menu that opened it has closed (a frame later), the field takes the focus.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <form
      className="mt-1 flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = title.trim();
        if (!trimmed) return;
        onAdd(parent, trimmed);
        setTitle("");
      }}
    >
      <label htmlFor={id} className="sr-only">
        {`New subtask of "${parent.title}"`}
      </label>
      <Input
        ref={input}
        id={id}
        value={title}
        maxLength={500}
        placeholder="Subtask title, then Enter"
        className="h-8"
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            onClose();
          }
        }}
      />
      <IconButton icon={X} label="Stop adding subtasks" className="size-7" onClick={onClose} />
    </form>
  );
}
