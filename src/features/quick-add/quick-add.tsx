import type { ParseTaskResponse, QuickAddSpanKind } from "@contract/quick-add";
import { TASK_MAX_DEPTH } from "@contract/tasks";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CalendarDays, FolderPlus, Zap } from "lucide-react";
import { useDeferredValue, useEffect, useId, useState, type ClipboardEvent, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/date-format";
import { isAllDay } from "@/lib/due-dates";
import { useSessionStore } from "@/stores/session-store";
import { projectQueries } from "@/api/projects/project-queries";
import { taskChange } from "@/api/tasks/task-mutations";
import { createTask, deleteTask } from "@/api/tasks/task-queries";
import { quickAddQueries } from "@/api/quick-add/quick-add-queries";
import { keepAsText, pastedLines, taskFromLine, type PastedLine } from "./quick-add-text";

const KIND_LABELS: Record<QuickAddSpanKind, string> = {
  date: "due date",
  priority: "priority",
  tag: "tag",
  recurrence: "repeats",
  project: "project",
  duration: "duration",
};
const KIND_STYLES: Record<QuickAddSpanKind, string> = {
  date: "bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100",
  priority: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  tag: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  recurrence: "bg-purple-100 text-purple-900 dark:bg-purple-900/40 dark:text-purple-100",
  project: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  duration: "bg-teal-100 text-teal-900 dark:bg-teal-900/40 dark:text-teal-100",
};
/** Typing pauses this long before the line is read. */
const PARSE_DELAY_MS = 200;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PARSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The line with its recognised parts as buttons: clicking one keeps it as title words. */
function Highlights({
  text,
  reading,
  onKeep,
}: {
  text: string;
  reading: ParseTaskResponse;
  onKeep: (span: { start: number; end: number }) => void;
}) {
  const parts = [];
  let position = 0;
  for (const span of reading.spans) {
    if (span.start > position)
      parts.push(<span key={`t${position}`}>{text.slice(position, span.start)}</span>);
    const phrase = text.slice(span.start, span.end);
    parts.push(
      <button
        key={`s${span.start}`}
        type="button"
        data-kind={span.kind}
        className={cn(
          "rounded px-0.5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
          KIND_STYLES[span.kind],
        )}
        title={`Recognised as ${KIND_LABELS[span.kind]}: click to keep as text`}
        aria-label={`${phrase}: ${KIND_LABELS[span.kind]}. Keep as text`}
        onClick={() => onKeep(span)}
      >
        {phrase}
      </button>,
    );
    position = span.end;
  }
  if (position < text.length) parts.push(<span key={`t${position}`}>{text.slice(position)}</span>);
  return <p className="min-h-5 text-sm whitespace-pre-wrap text-muted-foreground">{parts}</p>;
}

/** The due date the line was read as, said in words with its weekday ("Due Thu 3 Dec, 13:00"). */
function DuePreview({ dueDate }: { dueDate: string }) {
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const style = isAllDay(dueDate, timeZone) ? "weekdayDate" : "weekdayDateTime";
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      <CalendarDays aria-hidden className="size-3.5" />
      {`Due ${formatDate(dueDate, timeZone, style)}`}
    </p>
  );
}

/** What the line's `+Name` chose: a known project, or a new one that Enter creates with the task. */
function ProjectPreview({ reading }: { reading: ParseTaskResponse }) {
  const projects = useQuery(projectQueries.list());
  if (reading.project_id) {
    const name = projects.data?.find((project) => project.id === reading.project_id)?.name;
    return name ? <p className="text-xs text-muted-foreground">{`Project: ${name}`}</p> : null;
  }
  if (!reading.project_name) return null;
  return (
    <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      <FolderPlus aria-hidden className="size-3.5" />
      {`New project: ${reading.project_name} (created with the task)`}
    </p>
  );
}

/**
 * Creates pasted lines one after another, each read like a typed line; a line indented under
 * another becomes its subtask. Answers how many were created.
 */
async function createPasted(lines: readonly PastedLine[], projectId: string | undefined): Promise<number> {
  const parents: string[] = [];
  let created = 0;
  for (const line of lines) {
    const { task } = await taskFromLine(line.text, projectId);
    const parentId = line.depth > 0 ? parents[line.depth - 1] : undefined;
    const made = await createTask(parentId ? { ...task, parent_id: parentId } : task);
    created += 1;
    if (made) parents[line.depth] = made.id;
    parents.length = line.depth + 1;
  }
  return created;
}

/**
 * The one-line "Quick add" field: the server reads the line as the user types, recognised parts
 * are highlighted, Enter creates the task. Pasting several lines offers one task per line.
 */
export function QuickAdd({ projectId }: { projectId?: string } = {}) {
  const ids = useId();
  const [text, setText] = useState("");
  const [pasted, setPasted] = useState<PastedLine[] | null>(null);
  const settled = useDeferredValue(useDebounced(text.trim()));
  const reading = useQuery(quickAddQueries.parse(settled));
  const undo = useMutation({
    mutationFn: (created: { id: string; line: string }) => deleteTask(created.id),
    // The line comes back, to be corrected and added again.
    onSuccess: (_nothing, created) => setText(created.line),
    meta: taskChange("Failed to undo"),
  });
  const create = useMutation({
    mutationFn: async (line: string) => {
      const { task, newProject } = await taskFromLine(line, projectId);
      return { created: await createTask(task), newProject };
    },
    onSuccess: ({ created, newProject }, line) => {
      setText("");
      toast.success(newProject ? `Task created in the new project "${newProject}"` : "Task created", {
        ...(created
          ? { action: { label: "Undo", onClick: () => undo.mutate({ id: created.id, line }) } }
          : {}),
      });
    },
    meta: taskChange("Failed to create task"),
  });

  const createAll = useMutation({
    mutationFn: (lines: readonly PastedLine[]) => createPasted(lines, projectId),
    onSuccess: (count) => {
      setPasted(null);
      toast.success(`${count} ${count === 1 ? "task" : "tasks"} created`);
    },
    meta: taskChange("Failed to create the tasks"),
  });

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = pastedLines(event.clipboardData.getData("text/plain"), TASK_MAX_DEPTH);
    if (lines.length < 2) return;
    event.preventDefault();
    setPasted(lines);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (line && !create.isPending) create.mutate(line);
  };
  const shown = reading.data && settled === text.trim() ? reading.data : undefined;

  return (
    <form onSubmit={onSubmit} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 gap-y-1">
      <label
        id={`${ids}-label`}
        htmlFor={`${ids}-input`}
        className="flex items-center gap-1 whitespace-nowrap text-sm font-medium"
      >
        <Zap aria-hidden className="size-4 text-muted-foreground" />
        Quick add
      </label>
      <Input
        id={`${ids}-input`}
        data-quick-add
        value={text}
        maxLength={1000}
        placeholder="Call the dentist tomorrow 9am #health !high every 6 months"
        aria-describedby={`${ids}-help`}
        disabled={create.isPending || createAll.isPending}
        onChange={(event) => setText(event.target.value)}
        onPaste={onPaste}
      />
      <div id={`${ids}-help`} aria-live="polite" className="col-start-2">
        {pasted ? (
          <div
            className="mt-1 grid gap-2 rounded-md border p-2"
            role="group"
            aria-labelledby={`${ids}-pasted`}
          >
            <p id={`${ids}-pasted`} className="text-sm font-medium">
              {`Add ${pasted.length} tasks, one per line?`}
            </p>
            <ul className="grid gap-0.5 text-sm">
              {pasted.map((line, index) => (
                <li key={index} dir="auto" style={{ paddingLeft: line.depth * 16 }} className="truncate">
                  {line.depth > 0 && <span className="sr-only">{`Subtask, level ${line.depth + 1}: `}</span>}
                  {line.text}
                </li>
              ))}
            </ul>
            <div className="flex gap-2">
              <Button
                type="button"
                size="sm"
                disabled={createAll.isPending}
                onClick={() => createAll.mutate(pasted)}
              >
                {createAll.isPending ? "Adding..." : `Add ${pasted.length} tasks`}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setPasted(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : shown && shown.spans.length > 0 ? (
          <Highlights
            text={text.trim()}
            reading={shown}
            onKeep={(span) => {
              setText(keepAsText(text.trim(), span));
            }}
          />
        ) : (
          // A phone keeps the room for the list: the placeholder's example is the hint there.
          <p className="text-xs text-muted-foreground max-sm:hidden">
            Dates, #tags, +Project, !high or p1 and &quot;every week&quot; are recognised; press Enter to add.
            Paste several lines for several tasks.
          </p>
        )}
        {!pasted && shown?.due_date && <DuePreview dueDate={shown.due_date} />}
        {!pasted && shown && <ProjectPreview reading={shown} />}
      </div>
    </form>
  );
}
