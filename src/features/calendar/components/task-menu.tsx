import type { Task } from "@contract/tasks";
import { MoreVertical } from "lucide-react";
import type { ComponentProps } from "react";
import { OnDemandMenu, once } from "@/components/layout/on-demand-menu";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export interface TaskMenuProps {
  task: Task;
  scheduled: boolean;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
  /** Smaller, for a block on the grid. */
  compact?: boolean;
}

/** The menu's button: "Options for "Write the report"". */
export function TaskMenuButton({
  title,
  compact = false,
  className,
  ...props
}: { title: string; compact?: boolean } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Options for "${title}"`}
      aria-haspopup="menu"
      className={cn("shrink-0", compact ? "size-5 [&_svg]:size-3" : "size-8", className)}
      {...props}
    >
      <MoreVertical aria-hidden />
    </Button>
  );
}

const loadDropdown = once(() => import("./task-menu-dropdown").then((module) => module.TaskMenuDropdown));

/**
 * A task's menu (./task-menu-dropdown), its code downloaded when a menu is first opened: the week
 * view draws a button per block, not a menu per block, and the screen does not load the menu's
 * code until it is wanted.
 */
export function TaskMenu(props: TaskMenuProps) {
  return (
    <OnDemandMenu
      load={loadDropdown}
      props={props}
      trigger={(events) => <TaskMenuButton title={props.task.title} compact={props.compact} {...events} />}
    />
  );
}
