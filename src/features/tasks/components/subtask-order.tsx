import type { Task } from "@contract/tasks";
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";
import { useSubtaskOrder } from "../use-subtask-order";

const HINT = "Drag a subtask by its handle, or focus it and press Alt+Up or Alt+Down, to move it.";

/**
 * The Edit dialog's subtasks, in their order: each moves by dragging its handle (mouse or finger)
 * or with Alt+ArrowUp / Alt+ArrowDown on its focused handle, and the move is announced. Shown for
 * a parent that is not completed (the current tasks hold all its subtasks).
 */
export function SubtaskOrder({ task }: { task: Task }) {
  const { subtasks, move } = useSubtaskOrder(task.id);
  const [said, setSaid] = useState("");
  const hintId = useId();
  // A few pixels before a drag starts, so a tap on the handle is no move (on a phone too).
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  if (task.status === "completed" || subtasks.length === 0) return null;

  const indexOf = (id: unknown) => subtasks.findIndex((subtask) => subtask.id === id);
  const titleOf = (id: unknown) => subtasks[indexOf(id)]?.title ?? "";
  const moveAndSay = (from: number, to: number) => {
    const message = move(from, to);
    if (message) setSaid(message);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up "${titleOf(active.id)}".`,
    onDragOver: () => undefined,
    // The list's own status line says where it went.
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => `"${titleOf(active.id)}" put back.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) moveAndSay(indexOf(active.id), indexOf(over.id));
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    moveAndSay(index, event.key === "ArrowUp" ? index - 1 : index + 1);
  };

  return (
    <section aria-labelledby={`${hintId}-heading`} className="grid gap-2">
      <h3 id={`${hintId}-heading`} className="text-sm font-medium">
        Subtasks
      </h3>
      <p id={hintId} className="text-xs text-muted-foreground">
        {HINT}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: HINT } }}
      >
        <ol aria-label={`Subtasks of "${task.title}"`} className="grid gap-1">
          {subtasks.map((subtask, index) => (
            <SubtaskItem
              key={subtask.id}
              subtask={subtask}
              place={`${index + 1} of ${subtasks.length}`}
              hintId={hintId}
              onKeyDown={onKeyDown(index)}
            />
          ))}
        </ol>
      </DndContext>
      <p role="status" className="sr-only">
        {said}
      </p>
    </section>
  );
}

function SubtaskItem({
  subtask,
  place,
  hintId,
  onKeyDown,
}: {
  subtask: Task;
  place: string;
  hintId: string;
  onKeyDown(event: KeyboardEvent): void;
}) {
  const drag = useDraggable({ id: subtask.id });
  const drop = useDroppable({ id: subtask.id });
  const { transform, isDragging } = drag;
  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      data-subtask={subtask.id}
      className={cn(
        "flex min-h-9 items-center gap-2 rounded-md border bg-background px-2 py-1 text-sm",
        isDragging && "relative z-10 shadow-lg",
        drop.isOver && !isDragging && "border-primary",
      )}
      style={transform ? { transform: `translate3d(0, ${transform.y}px, 0)` } : undefined}
    >
      <button
        type="button"
        {...drag.attributes}
        {...drag.listeners}
        // Alt+Arrow moves it; the drag library's own keys (Space) are not used here.
        onKeyDown={onKeyDown}
        aria-label={`Move "${subtask.title}", ${place}`}
        aria-describedby={hintId}
        className="cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span
        dir="auto"
        className={cn("min-w-0 flex-1 break-words", subtask.status === "completed" && "line-through")}
      >
        {subtask.title}
      </span>
    </li>
  );
}
