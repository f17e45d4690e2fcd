import type { Project } from "@contract/projects";
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
  /** The projects for the Project chips; undefined on a project's own page. */
  projects?: readonly Project[];
}

/**
 * One row (two or three on a phone): the search box with the count of tasks shown, the views, the
 * sort and the Filters button; the chips row below it when open.
 */
export function TasksToolbar({
  search,
  onSearchChange,
  onSearchSettle,
  shownCount,
  viewControls,
  tags,
  projects,
}: TasksToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-0 flex-1 basis-48">
        <Search
          className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search tasks"
          placeholder="Search tasks..."
          className="h-8 pl-9"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          onBlur={onSearchSettle}
        />
      </div>
      {shownCount !== undefined && (
        <Badge variant="secondary" aria-live="polite" aria-atomic="true" className="whitespace-nowrap">
          {shownCount} {shownCount === 1 ? "task" : "tasks"}
        </Badge>
      )}
      <TaskViewControls
        state={viewControls.state}
        tags={tags}
        projects={projects}
        onProjectsChange={viewControls.setProjects}
        onViewChange={viewControls.setView}
        onLayoutChange={viewControls.setLayout}
        onSortChange={viewControls.setSort}
        onStatusesChange={viewControls.setStatuses}
        onPrioritiesChange={viewControls.setPriorities}
        onTagsChange={viewControls.setTags}
        onHideCompletedChange={viewControls.setHideCompleted}
        onClearFilters={viewControls.clearFilters}
      />
    </div>
  );
}
