import { Search } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import type { useTaskViewState } from "../use-task-view-state";
import { TaskViewControls } from "./task-view-controls";

interface TasksToolbarProps {
  search: string;
  onSearchChange(search: string): void;
  onSearchSettle(): void;
  /** How many tasks are shown; undefined until the list has loaded. */
  shownCount: number | undefined;
  viewControls: ReturnType<typeof useTaskViewState>;
  tags: readonly string[];
}

/** The search box with the count of tasks shown, and the view, sort and filter controls. */
export function TasksToolbar({
  search,
  onSearchChange,
  onSearchSettle,
  shownCount,
  viewControls,
  tags,
}: TasksToolbarProps) {
  return (
    <>
      <div className="flex items-center gap-3">
        <div className="relative flex-1">
          <Search
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search tasks"
            placeholder="Search tasks..."
            className="pl-9"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            onBlur={onSearchSettle}
          />
        </div>
        {shownCount !== undefined && (
          <Badge variant="secondary" aria-live="polite" aria-atomic="true">
            {shownCount} {shownCount === 1 ? "task" : "tasks"}
          </Badge>
        )}
      </div>

      <TaskViewControls
        state={viewControls.state}
        tags={tags}
        onViewChange={viewControls.setView}
        onSortChange={viewControls.setSort}
        onStatusesChange={viewControls.setStatuses}
        onPrioritiesChange={viewControls.setPriorities}
        onTagsChange={viewControls.setTags}
        onHideCompletedChange={viewControls.setHideCompleted}
        onClearFilters={viewControls.clearFilters}
      />
    </>
  );
}
