import { isAiExtracted, type ExtractedTask } from "@contract/extract";
import { TASK_STATUS_LABELS, type TaskPriority } from "@contract/tasks";
import { CalendarDays, ListPlus, Loader2, ScanText, Sparkles, X } from "lucide-react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { formatLocalDate } from "@/lib/time-zones";
import type { ExtractionResult } from "../extraction-store";

const PRIORITY_BADGES: Record<TaskPriority, { label: string; variant: BadgeProps["variant"] }> = {
  urgent: { label: "Urgent", variant: "destructive" },
  high: { label: "High", variant: "warning" },
  medium: { label: "Medium", variant: "info" },
  low: { label: "Low", variant: "secondary" },
};

/** A due date as a local date in the user's timezone (spec §2), with the time when it has one. */
function dueDateLabel(dueDate: string, timeZone: string | undefined): string {
  const atMidnight = formatLocalDate(dueDate, timeZone, "HH:mm") === "00:00";
  return formatLocalDate(dueDate, timeZone, atMidnight ? "PP" : "PPp");
}

interface ExtractedTaskListProps {
  results: ExtractionResult[];
  timeZone: string | undefined;
  onAddAll(): void;
  onClear(): void;
  isAdding: boolean;
}

/** spec §2: the results panel, held until the user adds them all or clears them. */
export function ExtractedTaskList({
  results,
  timeZone,
  onAddAll,
  onClear,
  isAdding,
}: ExtractedTaskListProps) {
  const headingId = useId();
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
            <ExtractedTaskItem key={key} task={task} timeZone={timeZone} />
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" className="w-full sm:w-auto" onClick={onClear} disabled={isAdding}>
          <X aria-hidden />
          Clear
        </Button>
        <Button className="w-full sm:w-auto" onClick={onAddAll} disabled={isAdding}>
          {isAdding ? <Loader2 aria-hidden className="animate-spin" /> : <ListPlus aria-hidden />}
          {isAdding ? "Adding Tasks..." : "Add All Tasks to My List"}
        </Button>
      </CardFooter>
    </Card>
  );
}

function ExtractedTaskItem({ task, timeZone }: { task: ExtractedTask; timeZone: string | undefined }) {
  const priority = PRIORITY_BADGES[task.priority];
  const ai = isAiExtracted(task);
  return (
    <li className="space-y-2 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words font-medium">{task.title || "(untitled)"}</p>
        <Badge variant="outline" className="shrink-0">
          <span className="sr-only">Source: </span>
          {ai ? <Sparkles aria-hidden className="size-3" /> : <ScanText aria-hidden className="size-3" />}
          {ai ? "AI" : "Pattern"}
        </Badge>
      </div>
      {task.description && (
        <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{task.description}</p>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={priority.variant}>
          <span className="sr-only">Priority: </span>
          {priority.label}
        </Badge>
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
        {task.tags.map((tag, index) => (
          <Badge key={`${index}-${tag}`} variant="outline" className="font-normal">
            #{tag}
          </Badge>
        ))}
      </div>
    </li>
  );
}
