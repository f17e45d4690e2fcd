import { isAiExtracted, type ExtractedTask } from "@contract/extract";
import { TASK_PRIORITIES, TASK_STATUS_LABELS, type TaskPriority } from "@contract/tasks";
import { CalendarDays, ListPlus, Loader2, Pencil, ScanText, Sparkles, Trash2, X } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { activeProjects, projectQueries } from "@/api/projects/project-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { PriorityBadge, TASK_PRIORITY_LABELS } from "@/components/tasks/priority-badge";
import { RepeatBadge } from "@/components/tasks/repeat-badge";
import { allDayDueDate, isAllDay, localDay } from "@/lib/due-dates";
import { formatDate } from "@/lib/date-format";
import { formatLocalDate, fromZonedInputValue } from "@/lib/time-zones";
import { useExtractionStore } from "@/stores/extraction-store";
import { subjectOf, useAddAll } from "./use-add-all";

/** A due date as a local date in the user's timezone, with the time unless it is all day. */
function dueDateLabel(dueDate: string, timeZone: string | undefined): string {
  const dateOnly = isAllDay(dueDate, timeZone) || formatLocalDate(dueDate, timeZone, "HH:mm") === "00:00";
  return formatDate(dueDate, timeZone, dateOnly ? "date" : "dateTime");
}

/** The editor's due date: a day, and a time unless the task is due all day. */
function dueDateFields(dueDate: string | null, timeZone: string | undefined) {
  if (!dueDate) return { day: "", time: "" };
  const day = localDay(dueDate, timeZone);
  return { day, time: isAllDay(dueDate, timeZone) ? "" : formatLocalDate(dueDate, timeZone, "HH:mm") };
}

/** A day and an optional time back to the due date the task is saved with (null: no date). */
function dueDateOf(day: string, time: string, timeZone: string | undefined): string | null {
  if (!day) return null;
  return time ? fromZonedInputValue(`${day}T${time}`, timeZone) : allDayDueDate(day, timeZone);
}

/** "work, #urgent  home" → ["work", "urgent", "home"]: commas or spaces, no "#", no repeats. */
function tagsOf(text: string): string[] {
  const tags = text
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, "").trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

/**
 * The results panel: the extracted tasks, held until the user adds them all or clears them. Each
 * can be corrected (title, priority, due date, tags) or removed before it is added.
 */
export function ExtractedTaskList({ timeZone }: { timeZone: string | undefined }) {
  const headingId = useId();
  const results = useExtractionStore((state) => state.results);
  const clearResults = useExtractionStore((state) => state.clearResults);
  const updateResult = useExtractionStore((state) => state.updateResult);
  const removeResult = useExtractionStore((state) => state.removeResult);
  const { addAll, isAdding } = useAddAll();
  const content = useExtractionStore((state) => state.content);
  const projects = useQuery({ ...projectQueries.list(), select: activeProjects });
  const [projectId, setProjectId] = useState("");
  const [asSubtasks, setAsSubtasks] = useState(false);
  const [parentTitle, setParentTitle] = useState<string>();
  const shownParentTitle = parentTitle ?? subjectOf(content);
  if (results.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 font-semibold leading-none">
          Extracted Tasks
          <Badge variant="secondary">{results.length}</Badge>
        </h2>
        <CardDescription>Nothing is saved yet. Review the tasks, then add them to your list.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {results.map(({ key, task }) => (
            <ExtractedTaskItem
              key={key}
              task={task}
              timeZone={timeZone}
              onUpdate={(changes) => updateResult(key, changes)}
              onRemove={() => removeResult(key)}
              disabled={isAdding}
            />
          ))}
        </ul>
      </CardContent>
      <CardContent className="grid gap-3 border-t pt-4">
        <div className="grid gap-2 sm:grid-cols-[auto_minmax(0,16rem)] sm:items-center">
          <Label htmlFor={`${headingId}-project`}>Add to project</Label>
          <NativeSelect
            id={`${headingId}-project`}
            value={projectId}
            disabled={isAdding}
            onChange={(event) => setProjectId(event.target.value)}
          >
            {(projects.data ?? []).map((project) => (
              <option key={project.id} value={project.is_inbox ? "" : project.id}>
                {project.name}
              </option>
            ))}
            {!projects.data && <option value="">Inbox</option>}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`${headingId}-subtasks`}
            checked={asSubtasks}
            disabled={isAdding}
            onCheckedChange={setAsSubtasks}
          />
          <Label htmlFor={`${headingId}-subtasks`}>Add them as subtasks of one new task</Label>
        </div>
        {asSubtasks && (
          <Field label="New task's title" description="Named after the text's subject or first line.">
            {(control) => (
              <Input
                {...control}
                value={shownParentTitle}
                maxLength={500}
                disabled={isAdding}
                onChange={(event) => setParentTitle(event.target.value)}
              />
            )}
          </Field>
        )}
      </CardContent>
      <CardFooter className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="w-full sm:w-auto" onClick={clearResults} disabled={isAdding}>
          <X aria-hidden />
          Clear
        </Button>
        <Button
          className="w-full sm:w-auto"
          onClick={() =>
            addAll({
              projectId: projectId || undefined,
              parentTitle: asSubtasks ? shownParentTitle.trim() || "Extracted tasks" : undefined,
            })
          }
          disabled={isAdding}
        >
          {isAdding ? <Loader2 aria-hidden className="animate-spin" /> : <ListPlus aria-hidden />}
          {isAdding ? "Adding Tasks..." : "Add All Tasks to My List"}
        </Button>
      </CardFooter>
    </Card>
  );
}

interface ExtractedTaskItemProps {
  task: ExtractedTask;
  timeZone: string | undefined;
  onUpdate(changes: Partial<ExtractedTask>): void;
  onRemove(): void;
  disabled: boolean;
}

/** Corrects an extracted task's title, priority, due date and tags before it is added. */
function ExtractedTaskEditor({
  task,
  timeZone,
  onDone,
}: {
  task: ExtractedTask;
  timeZone: string | undefined;
  onDone(changes: Partial<ExtractedTask>): void;
}) {
  const ids = useId();
  const [title, setTitle] = useState(task.title);
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [due, setDue] = useState(() => dueDateFields(task.due_date, timeZone));
  const [tags, setTags] = useState(task.tags.join(" "));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone({
      title: title.trim() || task.title,
      priority,
      due_date: dueDateOf(due.day, due.time, timeZone),
      tags: tagsOf(tags),
    });
  };
  return (
    <form className="grid gap-2 sm:grid-cols-3 sm:items-end" onSubmit={submit}>
      <div className="grid gap-1 sm:col-span-3">
        <Label htmlFor={`${ids}-title`}>Title</Label>
        <Input
          id={`${ids}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          autoFocus
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${ids}-priority`}>Priority</Label>
        <NativeSelect
          id={`${ids}-priority`}
          value={priority}
          onChange={(event) => setPriority(event.target.value as TaskPriority)}
        >
          {TASK_PRIORITIES.map((value) => (
            <option key={value} value={value}>
              {TASK_PRIORITY_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1 sm:col-span-2">
        <Label htmlFor={`${ids}-day`}>Due date</Label>
        <DateTimeInput
          id={`${ids}-day`}
          timeLabel="Due time (optional)"
          timeOptional
          value={due.time ? `${due.day}T${due.time}` : due.day}
          onChange={(value) => {
            const [day = "", time = ""] = value.split("T");
            setDue({ day, time });
          }}
        />
      </div>
      <div className="grid gap-1 sm:col-span-2">
        <Label htmlFor={`${ids}-tags`}>Tags</Label>
        <Input
          id={`${ids}-tags`}
          value={tags}
          placeholder="work urgent"
          onChange={(event) => setTags(event.target.value)}
        />
      </div>
      <Button type="submit" size="sm" className="h-9">
        Done
      </Button>
    </form>
  );
}

function ExtractedTaskItem({ task, timeZone, onUpdate, onRemove, disabled }: ExtractedTaskItemProps) {
  const ai = isAiExtracted(task);
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-2 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p dir="auto" className="min-w-0 break-words font-medium">
          {task.title || "(untitled)"}
        </p>
        <div className="flex shrink-0 items-center gap-1">
          <Badge variant="outline">
            <span className="sr-only">Source: </span>
            {ai ? <Sparkles aria-hidden className="size-3" /> : <ScanText aria-hidden className="size-3" />}
            {ai ? "AI" : "Pattern"}
          </Badge>
          <IconButton
            icon={Pencil}
            label={`Edit "${task.title}"`}
            title="Edit before adding"
            aria-expanded={editing}
            disabled={disabled}
            onClick={() => setEditing((open) => !open)}
          />
          <IconButton
            icon={Trash2}
            destructive
            label={`Remove "${task.title}"`}
            title="Leave this one out"
            disabled={disabled}
            onClick={onRemove}
          />
        </div>
      </div>
      {editing && (
        <ExtractedTaskEditor
          task={task}
          timeZone={timeZone}
          onDone={(changes) => {
            onUpdate(changes);
            setEditing(false);
          }}
        />
      )}
      {task.description && (
        <p dir="auto" className="whitespace-pre-line break-words text-sm text-muted-foreground">
          {task.description}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <PriorityBadge priority={task.priority} />
        <Badge variant="secondary">
          <span className="sr-only">Status: </span>
          {TASK_STATUS_LABELS[task.status]}
        </Badge>
        {task.due_date && (
          <Badge variant="outline">
            <CalendarDays aria-hidden className="size-3" />
            <span className="sr-only">Due: </span>
            {dueDateLabel(task.due_date, timeZone)}
          </Badge>
        )}
        {task.recurrence && <RepeatBadge rule={task.recurrence} />}
        {task.tags.map((tag, index) => (
          <Badge key={`${index}-${tag}`} variant="outline" className="font-normal">
            #{tag}
          </Badge>
        ))}
      </div>
    </li>
  );
}
