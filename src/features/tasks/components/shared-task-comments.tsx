import type { Task } from "@contract/tasks";
import { lazy, Suspense } from "react";
import { useProject } from "@/api/projects/project-queries";
import { canEditTasks, isShared } from "@/lib/project-roles";

/** The comments (with the Markdown renderer) download only for a task of a shared project. */
const TaskComments = lazy(() =>
  import("./task-comments").then((module) => ({ default: module.TaskComments })),
);

/** The Edit dialog's comments, for a task of a project shared with others. */
export function SharedTaskComments({ task }: { task: Task }) {
  const project = useProject(task.project_id);
  if (!project.data || !isShared(project.data)) return null;
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground">Loading comments…</p>}>
      <TaskComments task={task} canComment={canEditTasks(project.data.role)} />
    </Suspense>
  );
}
