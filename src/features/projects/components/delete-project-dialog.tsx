import type { Project } from "@contract/projects";
import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useDeleteProject } from "@/api/projects/project-mutations";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";

const tasksWord = (count: number) => `${count} ${count === 1 ? "task" : "tasks"}`;

/**
 * Deleting a project: its tasks move to the Inbox, or are deleted with it; the choice names how
 * many. Then the page goes to the Tasks screen.
 */
export function DeleteProjectDialog({
  open,
  onOpenChange,
  project,
  taskCount,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  project: Project;
  taskCount: number;
}) {
  const name = useId();
  const [withTasks, setWithTasks] = useState(false);
  const remove = useDeleteProject();
  const navigate = useNavigate();
  // Awaited rather than an onSuccess of mutate: the refreshed project list no longer has the
  // project, and the page's heading (this dialog with it) shows "Project not found" before the
  // mutation settles, so this component is gone by then.
  const onDelete = async () => {
    const { moved, deleted } = await remove
      .mutateAsync({ id: project.id, withTasks: taskCount > 0 && withTasks })
      .catch(() => ({ moved: -1, deleted: -1 }));
    if (moved < 0) return;
    void navigate("/tasks", { replace: true });
    toast.success("Project deleted", {
      description:
        deleted > 0
          ? `"${project.name}" and its ${tasksWord(deleted)} were deleted.`
          : moved > 0
            ? `Its ${tasksWord(moved)} moved to the Inbox.`
            : `"${project.name}" was deleted.`,
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[440px]">
        <DialogHeader>
          <DialogTitle>{`Delete "${project.name}"?`}</DialogTitle>
          <DialogDescription>
            {taskCount === 0
              ? "The project has no tasks."
              : `The project has ${tasksWord(taskCount)}. What should happen to them?`}
          </DialogDescription>
        </DialogHeader>
        {taskCount > 0 && (
          <fieldset className="grid gap-2">
            <legend className="sr-only">Its tasks</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} checked={!withTasks} onChange={() => setWithTasks(false)} />
              {`Move its ${tasksWord(taskCount)} to the Inbox`}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} checked={withTasks} onChange={() => setWithTasks(true)} />
              {`Delete its ${tasksWord(taskCount)} too`}
            </label>
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void onDelete()}>
            {taskCount > 0 && withTasks ? `Delete project and ${tasksWord(taskCount)}` : "Delete project"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
