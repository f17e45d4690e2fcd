import type { Project } from "@contract/projects";
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskPriority,
  type TaskStatus,
} from "@contract/tasks";
import { SlidersHorizontal } from "lucide-react";
import { memo, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useOfferedTaskViews } from "../use-offered-task-views";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { TASK_PRIORITY_LABELS } from "@/components/tasks/priority-badge";
import {
  TASK_LAYOUTS,
  TASK_LAYOUT_LABELS,
  TASK_SORTS,
  TASK_SORT_LABELS,
  TASK_VIEW_LABELS,
  type TaskLayout,
  type TaskSort,
  type TaskView,
} from "../task-view";
import type { TaskViewState } from "../use-task-view-state";
import { LabelledOptions } from "./labelled-options";

interface TaskViewControlsProps {
  state: TaskViewState;
  /** Every tag the user's tasks carry, for the tag chips. */
  tags: readonly string[];
  /** The projects not archived, for the Project chips (none on a project's page). */
  projects?: readonly Project[];
  onProjectsChange(projects: readonly string[]): void;
  onViewChange(view: TaskView): void;
  onLayoutChange(layout: TaskLayout): void;
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
        "shrink-0 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "border-input bg-background hover:bg-accent hover:text-accent-foreground",
      )}
    >
      {children}
    </button>
  );
}

/** A row of buttons of which one is pressed: the views, the layouts. */
function Segmented<Value extends string>({
  label,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  value: Value;
  onChange(value: Value): void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-md border bg-muted p-0.5 max-sm:order-1"
    >
      {values.map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={value === each}
          onClick={() => onChange(each)}
          className={cn(
            "rounded px-2.5 py-0.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            value === each ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {labels[each]}
        </button>
      ))}
    </div>
  );
}

function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex shrink-0 items-center gap-1.5">
      <span id={labelId} className="mr-0.5 text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {children}
    </div>
  );
}

type FilterChipsProps = Omit<TaskViewControlsProps, "onViewChange" | "onLayoutChange" | "onSortChange"> & {
  id: string;
};

/** The chips row: "Hide completed", then a group of chips per status, priority, project and tag. */
function FilterChips({
  id,
  state,
  tags,
  projects,
  onProjectsChange,
  onStatusesChange,
  onPrioritiesChange,
  onTagsChange,
  onHideCompletedChange,
  onClearFilters,
}: FilterChipsProps) {
  const hideId = useId();
  const filtering =
    state.statuses.length + state.priorities.length + state.tags.length + state.projects.length > 0;
  return (
    <div
      id={id}
      className="-mx-1 flex basis-full items-center gap-x-4 overflow-x-auto px-1 py-0.5 max-sm:order-1"
    >
      <div className="flex shrink-0 items-center gap-2">
        <Switch id={hideId} checked={state.hideCompleted} onCheckedChange={onHideCompletedChange} />
        <Label htmlFor={hideId} className="whitespace-nowrap text-xs">
          Hide completed
        </Label>
      </div>
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
      {projects && projects.length > 1 && (
        <ChipGroup label="Project">
          {projects.map((project) => (
            <Chip
              key={project.id}
              pressed={state.projects.includes(project.id)}
              onClick={() => onProjectsChange(toggled(state.projects, project.id))}
            >
              {project.name}
            </Chip>
          ))}
        </ChipGroup>
      )}
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
        <Button variant="link" size="sm" className="h-auto shrink-0 p-0 text-xs" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

/**
 * The Tasks screen as a daily tool: the All / Today / Upcoming views, the sort order, and behind
 * "Filters" one row of chips for status, priority and tag with "Hide completed". Compact, so the
 * list starts high on the screen; the chips row is open while a filter is on. Memoised: a
 * keystroke in the search box does not re-render the chips. Laid out by the toolbar around it
 * (its pieces are flex items of the toolbar's row; the chips row takes a row of its own).
 */
export const TaskViewControls = memo(function TaskViewControls({
  state,
  tags,
  projects,
  onProjectsChange,
  onViewChange,
  onLayoutChange,
  onSortChange,
  onStatusesChange,
  onPrioritiesChange,
  onTagsChange,
  onHideCompletedChange,
  onClearFilters,
}: TaskViewControlsProps) {
  const ids = useId();
  const active =
    state.statuses.length +
    state.priorities.length +
    state.tags.length +
    state.projects.length +
    Number(state.hideCompleted);
  const [chipsOpen, setChipsOpen] = useState(active > 0);
  const views = useOfferedTaskViews(state.view);
  return (
    <>
      {/* On a phone the views and the sort take the second row, after the Filters button. */}
      <Segmented
        label="View"
        values={views}
        labels={TASK_VIEW_LABELS}
        value={state.view}
        onChange={onViewChange}
      />
      <Segmented
        label="Layout"
        values={TASK_LAYOUTS}
        labels={TASK_LAYOUT_LABELS}
        value={state.layout}
        onChange={onLayoutChange}
      />
      <div className="flex items-center gap-2 max-sm:order-1">
        <Label htmlFor={`${ids}-sort`} className="sr-only sm:not-sr-only sm:whitespace-nowrap">
          Sort by
        </Label>
        <NativeSelect
          id={`${ids}-sort`}
          className="h-8 w-auto text-sm"
          value={state.sort}
          onChange={(event) => onSortChange(event.target.value as TaskSort)}
        >
          <LabelledOptions values={TASK_SORTS} labels={TASK_SORT_LABELS} />
        </NativeSelect>
      </div>
      <Button
        variant={active > 0 ? "secondary" : "outline"}
        size="sm"
        aria-label={active > 0 ? `Filters, ${active} on` : "Filters"}
        aria-expanded={chipsOpen}
        aria-controls={`${ids}-chips`}
        onClick={() => setChipsOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden />
        <span className="hidden sm:inline">Filters</span>
        {active > 0 && (
          <span aria-hidden className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
            {active}
          </span>
        )}
      </Button>
      {chipsOpen && (
        <FilterChips
          id={`${ids}-chips`}
          state={state}
          tags={tags}
          projects={projects}
          onProjectsChange={onProjectsChange}
          onStatusesChange={onStatusesChange}
          onPrioritiesChange={onPrioritiesChange}
          onTagsChange={onTagsChange}
          onHideCompletedChange={onHideCompletedChange}
          onClearFilters={onClearFilters}
        />
      )}
    </>
  );
});
