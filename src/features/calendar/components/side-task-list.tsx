import type { Task } from "@contract/tasks";
import { useDraggable } from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { memo } from "react";
import { useReadOnlyProjectIds } from "@/api/projects/project-queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatHoursMinutes, taskDuration } from "../lib/calendar-grid";
import { TaskMenu } from "./task-menu";
import type { DragData } from "./time-grid";

interface SideTaskListProps {
  tasks: readonly Task[];
  defaultDuration: number | null | undefined;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
}

/** The open tasks with no time yet: drag one onto the grid, or schedule it from its menu. */
export function SideTaskList({ tasks, defaultDuration, onSchedule, onUnschedule }: SideTaskListProps) {
  const readOnlyIds = useReadOnlyProjectIds();
  return (
    <Card className="md:max-h-[calc(70vh+6rem)] md:overflow-y-auto">
      <CardHeader className="p-4 pb-2">
        <CardTitle className="text-base">Not scheduled</CardTitle>
        <p className="text-xs text-muted-foreground">Drag a task onto a time, or use its menu.</p>
      </CardHeader>
      <CardContent className="p-4 pt-0">
        {tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every open task has a time.</p>
        ) : (
          <ul className="space-y-1.5" aria-label="Tasks not scheduled">
            {tasks.map((task) => (
              <SideTask
                key={task.id}
                task={task}
                durationMinutes={taskDuration(task.duration_minutes, defaultDuration)}
                onSchedule={onSchedule}
                onUnschedule={onUnschedule}
                readOnly={readOnlyIds.has(task.project_id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const SideTask = memo(function SideTask({
  task,
  durationMinutes,
  onSchedule,
  onUnschedule,
  readOnly,
}: {
  task: Task;
  durationMinutes: number;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
  /** A viewer's task of a shared project: listed, neither dragged nor scheduled. */
  readOnly: boolean;
}) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `place:${task.id}`,
    data: { kind: "place", task, durationMinutes } satisfies DragData,
    disabled: readOnly,
  });
  return (
    <li
      ref={setNodeRef}
      data-side-task={task.id}
      className={cn(
        "flex items-center gap-1 rounded-md border bg-background py-1 pl-1 pr-0.5 text-sm",
        isDragging && "opacity-50",
      )}
    >
      <div
        className={cn("flex min-w-0 flex-1 touch-none items-center gap-1", !readOnly && "cursor-grab")}
        {...listeners}
      >
        {!readOnly && <GripVertical aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
        <span className="min-w-0 flex-1 truncate" title={task.title}>
          {task.title}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{formatHoursMinutes(durationMinutes)}</span>
      </div>
      {readOnly ? (
        <span className="px-1 text-xs text-muted-foreground">View only</span>
      ) : (
        <TaskMenu task={task} scheduled={false} onSchedule={onSchedule} onUnschedule={onUnschedule} />
      )}
    </li>
  );
});
