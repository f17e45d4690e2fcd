import type { Task } from "@contract/tasks";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { TaskCard, type TaskCardActions } from "./task-card";

/** A card's height before it is measured; cards with descriptions or tags are taller. */
const ESTIMATED_CARD_HEIGHT = 48;
const CARD_GAP = 6;
const estimateSize = () => ESTIMATED_CARD_HEIGHT;

interface TaskListProps extends TaskCardActions {
  tasks: readonly Task[];
  timeZone: string;
}

/**
 * The task cards, virtualised: only the cards in view (plus a few) are in the DOM, so
 * thousands of tasks scroll and filter smoothly. The list scrolls with the page (the shell has no
 * scrolling box of its own); cards are measured, so their heights may vary.
 */
export function TaskList({ tasks, timeZone, ...actions }: TaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: the virtualiser counts window scrolling from there.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (listRef.current) setScrollMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  // Stable while the list is: a new function would make the virtualiser place every item again.
  const getItemKey = useCallback((index: number) => tasks[index]?.id ?? index, [tasks]);
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize,
    getItemKey,
    gap: CARD_GAP,
    // One card beyond each edge (the library's default): every card built costs a keystroke time.
    overscan: 1,
    scrollMargin,
  });

  return (
    <ul
      ref={listRef}
      aria-label="Tasks"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const task = tasks[item.index];
        if (!task) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={tasks.length}
            aria-posinset={item.index + 1}
            className="absolute left-0 top-0 w-full"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <TaskCard task={task} timeZone={timeZone} {...actions} />
          </li>
        );
      })}
    </ul>
  );
}
