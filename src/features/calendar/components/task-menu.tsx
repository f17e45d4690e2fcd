import type { Task } from "@contract/tasks";
import { MoreVertical } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/cn";

interface TaskMenuProps {
  task: Task;
  scheduled: boolean;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
  /** Smaller, for a block on the grid. */
  compact?: boolean;
}

/**
 * A task's menu on the calendar: "Schedule…" opens the dialog that does by keyboard what
 * dragging does (start and duration); a scheduled task can also go back to the side list.
 */
export function TaskMenu({ task, scheduled, onSchedule, onUnschedule, compact = false }: TaskMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Options for "${task.title}"`}
          className={cn("shrink-0", compact ? "size-5 [&_svg]:size-3" : "size-8")}
        >
          <MoreVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onSchedule(task)}>Schedule…</DropdownMenuItem>
        {scheduled && <DropdownMenuItem onSelect={() => onUnschedule(task)}>Unschedule</DropdownMenuItem>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
