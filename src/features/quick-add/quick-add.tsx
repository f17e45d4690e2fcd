import type { ParseTaskResponse, QuickAddSpanKind } from "@contract/quick-add";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Zap } from "lucide-react";
import { useDeferredValue, useEffect, useId, useState, type FormEvent } from "react";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { cn } from "@/lib/cn";
import { taskChange } from "@/api/tasks/task-mutations";
import { createTask, deleteTask } from "@/api/tasks/task-queries";
import { keepAsText, parseQuickAdd, taskFromReading } from "./quick-add-api";

const KIND_LABELS: Record<QuickAddSpanKind, string> = {
  date: "due date",
  priority: "priority",
  tag: "tag",
  recurrence: "repeats",
  project: "project",
};
const KIND_STYLES: Record<QuickAddSpanKind, string> = {
  date: "bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100",
  priority: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  tag: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  recurrence: "bg-purple-100 text-purple-900 dark:bg-purple-900/40 dark:text-purple-100",
  project: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
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

/**
 * The one-line "Quick add" field: the server reads the line as the user types, recognised parts
 * are highlighted, Enter creates the task.
 */
export function QuickAdd() {
  const ids = useId();
  const [text, setText] = useState("");
  const settled = useDeferredValue(useDebounced(text.trim()));
  const reading = useQuery({
    queryKey: ["quick-add", "parse", settled],
    queryFn: ({ signal }) => parseQuickAdd(settled, signal),
    enabled: settled.length > 0,
    staleTime: 60_000,
  });
  const undo = useMutation({
    mutationFn: (created: { id: string; line: string }) => deleteTask(created.id),
    // The line comes back, to be corrected and added again.
    onSuccess: (_nothing, created) => setText(created.line),
    meta: taskChange("Failed to undo"),
  });
  const create = useMutation({
    mutationFn: async (line: string) => createTask(taskFromReading(await parseQuickAdd(line))),
    onSuccess: (created, line) => {
      setText("");
      toast.success("Task created", {
        ...(created
          ? { action: { label: "Undo", onClick: () => undo.mutate({ id: created.id, line }) } }
          : {}),
      });
    },
    meta: taskChange("Failed to create task"),
  });

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
        disabled={create.isPending}
        onChange={(event) => setText(event.target.value)}
      />
      <div id={`${ids}-help`} aria-live="polite" className="col-start-2">
        {shown && shown.spans.length > 0 ? (
          <Highlights
            text={text.trim()}
            reading={shown}
            onKeep={(span) => {
              setText(keepAsText(text.trim(), span));
            }}
          />
        ) : (
          <p className="text-xs text-muted-foreground">
            Dates, #tags, !high or p1 and &quot;every week&quot; are recognised; press Enter to add.
          </p>
        )}
      </div>
    </form>
  );
}
