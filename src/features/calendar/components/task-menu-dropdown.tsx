import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useFocusFirstItemOnce, type OnDemandOpening } from "@/components/layout/on-demand-menu";
import { TaskMenuButton, type TaskMenuProps } from "./task-menu";

/**
 * A task's menu on the calendar: "Schedule…" opens the dialog that does by keyboard what dragging
 * does (start and duration); a scheduled task can also go back to the side list. Loaded when first
 * opened (TaskMenu), so it starts open.
 */
export function TaskMenuDropdown({
  task,
  scheduled,
  onSchedule,
  onUnschedule,
  compact,
  openedWithKeyboard,
}: TaskMenuProps & OnDemandOpening) {
  const focusFirstItem = useFocusFirstItemOnce(openedWithKeyboard);
  return (
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger asChild>
        <TaskMenuButton title={task.title} compact={compact} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onFocus={focusFirstItem}>
        <DropdownMenuItem onSelect={() => onSchedule(task)}>Schedule…</DropdownMenuItem>
        {scheduled && <DropdownMenuItem onSelect={() => onUnschedule(task)}>Unschedule</DropdownMenuItem>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
