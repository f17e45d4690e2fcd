import type { Project } from "@contract/projects";
import { CalendarClock, CheckCheck, FolderInput, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { IconButton } from "@/components/ui/icon-button";
import { NativeSelect } from "@/components/ui/native-select";
import { useTaskSelection } from "../task-selection";
import type { TaskIndex } from "../task-tree";
import { useBulkActions } from "../use-bulk-actions";

interface BulkActionsBarProps {
  index: TaskIndex;
  timeZone: string;
  /** The projects a selection may move to (none: no "Move to" picker). */
  projects?: readonly Project[];
}

/**
 * What to do with the selected tasks: complete, move to a project, reschedule, delete, each with
 * one Undo for the batch. Shown while a task is selected, pinned to the bottom of the screen.
 */
export function BulkActionsBar({ index, timeZone, projects }: BulkActionsBarProps) {
  const count = useTaskSelection((state) => state.ids.size);
  const clear = useTaskSelection((state) => state.clear);
  const actions = useBulkActions(index, timeZone);
  const [day, setDay] = useState("");
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Selected tasks"
      className="sticky bottom-2 z-20 flex flex-wrap items-center gap-1.5 rounded-lg border bg-background p-2 shadow-lg"
    >
      <span className="px-1 text-sm font-medium" aria-live="polite">{`${count} selected`}</span>
      <Button size="sm" variant="outline" onClick={actions.complete}>
        <CheckCheck aria-hidden />
        Complete
      </Button>
      {projects && projects.length > 0 && (
        <label className="flex items-center gap-1 text-sm">
          <FolderInput className="size-4 text-muted-foreground" aria-hidden />
          <span className="sr-only">Move to project</span>
          <NativeSelect
            className="h-8 w-36"
            value=""
            onChange={(event) => {
              const project = projects.find((each) => each.id === event.target.value);
              if (project) actions.moveTo(project.id, project.name);
            }}
          >
            <option value="">Move to…</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </NativeSelect>
        </label>
      )}
      <div className="flex items-center gap-1 text-sm">
        <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
        <DateInput
          aria-label="Reschedule to"
          className="w-44"
          calendarAbove
          value={day}
          onChange={setDay}
          onCommit={(chosen) => {
            actions.reschedule(chosen);
            setDay("");
          }}
        />
      </div>
      <Button size="sm" variant="outline" className="text-destructive" onClick={actions.remove}>
        <Trash2 aria-hidden />
        Delete
      </Button>
      <IconButton icon={X} label="Clear the selection" className="ml-auto size-8" onClick={clear} />
    </div>
  );
}
