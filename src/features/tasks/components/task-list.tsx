import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import {
  cachedTreeRows,
  indentTarget,
  levelOf,
  progressOf,
  type TaskIndex,
  type TaskRow,
} from "../task-tree";
import { TASK_MAX_DEPTH, type Task } from "@contract/tasks";
import { useCardSlots, useRowMeasuring } from "../use-card-slots";
import { TaskCard, type TaskCardActions } from "./task-card";

/**
 * A card's height before it is measured: one line, one more for its description, one for the
 * title of a parent shown elsewhere. A card measured at its estimate moves nothing, so the
 * list's first render is not placed and drawn again; a longer title or a wrap of the badges is
 * measured as before.
 */
const CARD_HEIGHT = 42;
const DESCRIPTION_LINE = 20;
const CONTEXT_LINE = 16;
const CARD_GAP = 6;
const estimateCardHeight = (row: TaskRow | undefined) =>
  CARD_HEIGHT +
  (row?.task.description ? DESCRIPTION_LINE : 0) +
  (row?.context !== undefined ? CONTEXT_LINE : 0);

/** How far each level of subtasks is indented. */
const INDENT_PX = 24;

interface TaskListProps extends TaskCardActions {
  tasks: readonly Task[];
  timeZone: string;
  /** The subtask tree of the loaded tasks; without it the list is flat. */
  index?: TaskIndex;
  /** The projects whose tasks show read-only (useReadOnlyProjectIds). */
  readOnlyIds: ReadonlySet<string>;
}

/** Focuses a task's card once it is in place again (a move re-renders the list). */
function refocus(id: string) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-task-card="${CSS.escape(id)}"]`)?.focus(),
    ),
  );
}

/**
 * The task cards, virtualised: only the cards in view (plus a few) are in the DOM, so
 * thousands of tasks scroll and filter smoothly. The list scrolls with the page (the shell has no
 * scrolling box of its own); cards are measured, so their heights may vary.
 */
export function TaskList({ tasks, timeZone, index, readOnlyIds, ...actions }: TaskListProps) {
  // Collapsed parents, for as long as the screen is open.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const onExpandedChange = useCallback((id: string, expanded: boolean) => {
    setCollapsed((before) => {
      const after = new Set(before);
      if (expanded) after.delete(id);
      else after.add(id);
      return after;
    });
  }, []);
  // One pass over the shown tasks per change of them, not per card (see cachedTreeRows).
  const rows: readonly TaskRow[] = useMemo(
    () =>
      index
        ? cachedTreeRows(tasks, index, collapsed)
        : tasks.map((task) => ({ task, depth: 0, hasChildren: false, shownParentId: null })),
    [tasks, index, collapsed],
  );
  const { onReparent } = actions;

  /** Tab on a focused card makes it a subtask of the row above at its level; Shift-Tab undoes one level. */
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, position: number) => {
    const row = rows[position];
    if (event.key !== "Tab" || !row || !index || !onReparent) return;
    if (readOnlyIds.has(row.task.project_id)) return;
    if (!(event.target instanceof HTMLElement) || event.target.dataset.taskCard !== row.task.id) return;
    if (event.shiftKey) {
      if (row.task.parent_id === null) return;
      const parent = index.byId.get(row.task.parent_id);
      event.preventDefault();
      onReparent(row.task, parent?.parent_id ?? null);
      refocus(row.task.id);
      return;
    }
    const target = indentTarget(rows, position);
    if (!target) return;
    // Refused (too deep): the message shows and the focus moves on as Tab does.
    if (onReparent(row.task, target.task.id)) {
      event.preventDefault();
      if (collapsed.has(target.task.id)) onExpandedChange(target.task.id, true);
      refocus(row.task.id);
    }
  };
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
  const getItemKey = useCallback((position: number) => rows[position]?.task.id ?? position, [rows]);
  const estimateSize = useCallback((position: number) => estimateCardHeight(rows[position]), [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    getItemKey,
    gap: CARD_GAP,
    // One card beyond each edge (the library's default): every card built costs a keystroke time.
    overscan: 1,
    scrollMargin,
  });

  const items = virtualizer.getVirtualItems().filter((item) => rows[item.index] !== undefined);
  const slots = useCardSlots(items.map((item) => rows[item.index]!.task.id));
  const measureRow = useRowMeasuring(virtualizer);

  return (
    <ul
      ref={listRef}
      aria-label="Tasks"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item, at) => {
        const row = rows[item.index]!;
        const { task } = row;
        return (
          <li
            key={slots[at]}
            ref={measureRow(task.id)}
            data-index={item.index}
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
            aria-level={index ? row.depth + 1 : undefined}
            className="absolute left-0 top-0 w-full"
            style={{
              transform: `translateY(${item.start - scrollMargin}px)`,
              paddingLeft: row.depth * INDENT_PX,
            }}
            onKeyDown={(event) => onKeyDown(event, item.index)}
          >
            <TaskCard
              task={task}
              timeZone={timeZone}
              {...actions}
              progress={index ? progressOf(index, task.id) : undefined}
              expanded={row.hasChildren ? !collapsed.has(task.id) : undefined}
              onExpandedChange={onExpandedChange}
              context={row.context}
              canHaveSubtasks={index ? levelOf(index, task.id) < TASK_MAX_DEPTH : undefined}
              readOnly={readOnlyIds.has(task.project_id)}
            />
          </li>
        );
      })}
    </ul>
  );
}
