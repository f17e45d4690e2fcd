import { useProjects } from "@/api/projects/project-queries";
import { isShared } from "@/lib/project-roles";
import { TASK_VIEWS, type TaskView } from "./task-view";

/**
 * The views the Tasks screen offers: "Assigned to me" only to someone with a shared project (or
 * already on it), so the row keeps its room on a phone for everyone else.
 */
export function useOfferedTaskViews(current: TaskView): readonly TaskView[] {
  const { data: projects } = useProjects();
  const sharing = current === "assigned" || (projects ?? []).some(isShared);
  return sharing ? TASK_VIEWS : TASK_VIEWS.filter((view) => view !== "assigned");
}
