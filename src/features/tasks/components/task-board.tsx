import { isOpenStatus, TASK_STATUSES, TASK_STATUS_LABELS, type Task, type TaskStatus } from "@contract/tasks";
import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { memo, useMemo, useState } from "react";
import { useReadOnlyProjectIds } from "@/api/projects/project-queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PriorityBadge } from "@/components/tasks/priority-badge";
import { AssigneeAvatar } from "./assignee-avatar";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/date-format";
import { SelectTaskCheckbox } from "./select-task-checkbox";
import type { TaskCardActions } from "./task-card";

/**
 * A column shows this many cards, then "Show more": a board of 5,000 tasks stays as cheap to
 * render as the virtualised list.
 */
export const BOARD_PAGE = 50;

const COLUMN_PREFIX = "column:";
const columnId = (status: TaskStatus) => `${COLUMN_PREFIX}${status}`;
function statusOfColumn(id: UniqueIdentifier | undefined): TaskStatus | undefined {
  if (typeof id !== "string" || !id.startsWith(COLUMN_PREFIX)) return undefined;
  return TASK_STATUSES.find((status) => columnId(status) === id);
}

/** Groups the tasks shown by status, keeping their order. */
export function boardColumns(tasks: readonly Task[]): Record<TaskStatus, Task[]> {
  const columns: Record<TaskStatus, Task[]> = { pending: [], inprogress: [], completed: [], cancelled: [] };
  for (const task of tasks) columns[task.status].push(task);
  return columns;
}

/**
 * The keyboard moves a picked-up card a whole column at a time: Right and Left put it over the
 * next column's top, Up and Down do nothing (a column has no order of its own to change).
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) {
    if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) event.preventDefault();
    return undefined;
  }
  event.preventDefault();
  const { collisionRect, droppableRects } = context;
  if (!collisionRect) return undefined;
  const columns = [...droppableRects.entries()]
    .filter(([id]) => statusOfColumn(id) !== undefined)
    .map(([, rect]) => rect)
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const current = columns.findIndex((rect) => centre >= rect.left && centre < rect.left + rect.width);
  const target = columns[current + (event.code === KeyboardCode.Right ? 1 : -1)];
  if (current < 0 || !target) return currentCoordinates;
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: target.top + 40,
  };
};

interface BoardProps extends Pick<TaskCardActions, "onStatusChange" | "onEdit"> {
  tasks: readonly Task[];
  timeZone: string;
}

/**
 * The board: one column per status. Dragging a card (its handle) to another column changes its
 * status; so does the keyboard: Space on the handle picks it up, Left / Right choose the column,
 * Space drops it and Escape puts it back. Each step is announced (dnd-kit's live region).
 */
export function TaskBoard({ tasks, timeZone, onStatusChange, onEdit }: BoardProps) {
  const columns = useMemo(() => boardColumns(tasks), [tasks]);
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so that a click on the handle is a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? "task";
  const columnName = (id: UniqueIdentifier | undefined) => {
    const status = statusOfColumn(id);
    return status ? TASK_STATUS_LABELS[status] : undefined;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up "${titleOf(active.id)}".`,
    onDragOver: ({ active, over }) =>
      over
        ? `"${titleOf(active.id)}" is over ${columnName(over.id)}.`
        : `"${titleOf(active.id)}" is over no column.`,
    onDragEnd: ({ active, over }) =>
      over ? `"${titleOf(active.id)}" moved to ${columnName(over.id)}.` : `"${titleOf(active.id)}" put back.`,
    onDragCancel: ({ active }) => `Moving "${titleOf(active.id)}" cancelled; it stays where it was.`,
  };

  const readOnlyIds = useReadOnlyProjectIds();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const status = statusOfColumn(over?.id);
    const task = byId.get(String(active.id));
    if (task && status && status !== task.status) onStatusChange(task, status);
  };

  return (
    <DndContext
      sensors={sensors}
      // The board scrolls sideways only with the pointer close to its edge: on a phone the next
      // column peeks in, and a card held over it must not scroll the board on past it.
      autoScroll={{ threshold: { x: 0.08, y: 0.2 } }}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a task to another column, press Space, then the Left or Right arrow, then Space to drop it, or Escape to cancel.",
        },
      }}
    >
      <div className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-2" aria-label="Board" role="region">
        {TASK_STATUSES.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            tasks={columns[status]}
            timeZone={timeZone}
            onEdit={onEdit}
            readOnlyIds={readOnlyIds}
          />
        ))}
      </div>
    </DndContext>
  );
}

interface ColumnProps {
  status: TaskStatus;
  tasks: readonly Task[];
  timeZone: string;
  onEdit(task: Task): void;
  /** Projects whose tasks the user only reads: their cards have no handle. */
  readOnlyIds: ReadonlySet<string>;
}

function BoardColumn({ status, tasks, timeZone, onEdit, readOnlyIds }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status) });
  const [shown, setShown] = useState(BOARD_PAGE);
  const headingId = `board-${status}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`board-column-${status}`}
      className={cn(
        "flex min-h-40 w-72 shrink-0 flex-col gap-2 rounded-lg border bg-muted/60 p-2 max-sm:w-[70vw]",
        isOver && "ring-2 ring-primary",
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold">
        {TASK_STATUS_LABELS[status]}
        <span className="rounded-full bg-background px-2 text-xs font-medium text-muted-foreground">
          {tasks.length}
        </span>
      </h2>
      <ul className="grid gap-2" aria-labelledby={headingId}>
        {tasks.slice(0, shown).map((task) => (
          <li key={task.id}>
            <BoardCard
              task={task}
              timeZone={timeZone}
              onEdit={onEdit}
              readOnly={readOnlyIds.has(task.project_id)}
            />
          </li>
        ))}
      </ul>
      {tasks.length > shown && (
        <Button variant="ghost" size="sm" onClick={() => setShown((count) => count + BOARD_PAGE)}>
          Show more ({tasks.length - shown})
        </Button>
      )}
    </section>
  );
}

const BoardCard = memo(function BoardCard({
  task,
  timeZone,
  onEdit,
  readOnly,
}: {
  task: Task;
  timeZone: string;
  onEdit(task: Task): void;
  readOnly: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: task.id,
    disabled: readOnly,
  });
  const finished = !isOpenStatus(task.status);
  return (
    <Card
      ref={setNodeRef}
      data-testid="board-card"
      // Focusable (a click) for the selection's keys; no Tab stop of its own.
      tabIndex={-1}
      data-task-card={task.id}
      data-read-only={readOnly || undefined}
      className={cn(
        "flex items-start gap-1 p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        isDragging && "relative z-10 opacity-90 shadow-lg",
      )}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
    >
      {!readOnly && (
        <>
          <button
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Move "${task.title}"`}
            className="mt-0.5 cursor-grab touch-none rounded p-0.5 text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
          <SelectTaskCheckbox id={task.id} title={task.title} className="mt-1" />
        </>
      )}
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => onEdit(task)}
          dir="auto"
          title={readOnly ? `View "${task.title}" (read only)` : `Edit "${task.title}"`}
          className={cn(
            "line-clamp-2 break-words text-left text-sm font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            finished && "text-muted-foreground line-through",
          )}
        >
          {task.title}
        </button>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <AssigneeAvatar task={task} />
          <PriorityBadge priority={task.priority} />
          {task.due_date && (
            <span className="text-xs text-muted-foreground">
              {formatDate(task.due_date, timeZone, "date")}
            </span>
          )}
        </div>
      </div>
    </Card>
  );
});
