import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskPriority,
  type TaskStatus,
} from "@contract/tasks";
import { memo, useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { TASK_PRIORITY_LABELS } from "@/components/tasks/priority-badge";
import {
  TASK_SORTS,
  TASK_SORT_LABELS,
  TASK_VIEWS,
  TASK_VIEW_LABELS,
  type TaskSort,
  type TaskView,
} from "../task-view";
import type { TaskViewState } from "../use-task-view-state";
import { LabelledOptions } from "./labelled-options";

interface TaskViewControlsProps {
  state: TaskViewState;
  /** Every tag the user's tasks carry, for the tag chips. */
  tags: readonly string[];
  onViewChange(view: TaskView): void;
  onSortChange(sort: TaskSort): void;
  onStatusesChange(statuses: readonly TaskStatus[]): void;
  onPrioritiesChange(priorities: readonly TaskPriority[]): void;
  onTagsChange(tags: readonly string[]): void;
  onHideCompletedChange(hide: boolean): void;
  onClearFilters(): void;
}

function toggled<Value>(values: readonly Value[], value: Value): Value[] {
  return values.includes(value) ? values.filter((other) => other !== value) : [...values, value];
}

/** A toggle chip: pressed means "show only tasks with this". */
function Chip({ pressed, onClick, children }: { pressed: boolean; onClick(): void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "border-input bg-background hover:bg-accent hover:text-accent-foreground",
      )}
    >
      {children}
    </button>
  );
}

function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-1.5">
      <span id={labelId} className="mr-1 text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * The Tasks screen as a daily tool: the All / Today / Upcoming views, filter chips for status,
 * priority and tag, "Hide completed" and the sort order. Memoised: a keystroke in the search box
 * does not re-render the chips.
 */
export const TaskViewControls = memo(function TaskViewControls({
  state,
  tags,
  onViewChange,
  onSortChange,
  onStatusesChange,
  onPrioritiesChange,
  onTagsChange,
  onHideCompletedChange,
  onClearFilters,
}: TaskViewControlsProps) {
  const ids = useId();
  const filtering = state.statuses.length + state.priorities.length + state.tags.length > 0;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="View" className="inline-flex rounded-md border bg-muted p-0.5">
          {TASK_VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={state.view === view}
              onClick={() => onViewChange(view)}
              className={cn(
                "rounded px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                state.view === view
                  ? "bg-background shadow-sm"
                  : "text-muted-foreground hover:text-foreground",
              )}
            >
              {TASK_VIEW_LABELS[view]}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex items-center gap-2">
            <Switch
              id={`${ids}-hide`}
              checked={state.hideCompleted}
              onCheckedChange={onHideCompletedChange}
            />
            <Label htmlFor={`${ids}-hide`}>Hide completed</Label>
          </div>
          <div className="flex items-center gap-2">
            <Label htmlFor={`${ids}-sort`}>Sort by</Label>
            <NativeSelect
              id={`${ids}-sort`}
              className="h-8 w-36"
              value={state.sort}
              onChange={(event) => onSortChange(event.target.value as TaskSort)}
            >
              <LabelledOptions values={TASK_SORTS} labels={TASK_SORT_LABELS} />
            </NativeSelect>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <ChipGroup label="Status">
          {TASK_STATUSES.map((status) => (
            <Chip
              key={status}
              pressed={state.statuses.includes(status)}
              onClick={() => onStatusesChange(toggled(state.statuses, status))}
            >
              {TASK_STATUS_LABELS[status]}
            </Chip>
          ))}
        </ChipGroup>
        <ChipGroup label="Priority">
          {TASK_PRIORITIES.map((priority) => (
            <Chip
              key={priority}
              pressed={state.priorities.includes(priority)}
              onClick={() => onPrioritiesChange(toggled(state.priorities, priority))}
            >
              {TASK_PRIORITY_LABELS[priority]}
            </Chip>
          ))}
        </ChipGroup>
        {tags.length > 0 && (
          <ChipGroup label="Tag">
            {tags.map((tag) => (
              <Chip
                key={tag}
                pressed={state.tags.includes(tag)}
                onClick={() => onTagsChange(toggled(state.tags, tag))}
              >
                {tag}
              </Chip>
            ))}
          </ChipGroup>
        )}
        {filtering && (
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
});
