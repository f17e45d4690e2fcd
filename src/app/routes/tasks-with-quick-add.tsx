import { useParams } from "react-router-dom";
import { ProjectHeading } from "@/features/projects/components/project-heading";
import { QuickAdd } from "@/features/quick-add/quick-add";
import { TasksPage } from "@/features/tasks/components/tasks-page";

/** The Tasks screen with the Quick add field above its list. */
export function TasksWithQuickAdd() {
  return <TasksPage quickAdd={<QuickAdd />} />;
}

/**
 * A project's page (/projects/:id): the Tasks screen scoped to the project, under its heading.
 * In the Tasks screen's module, so that both share one chunk.
 */
export function ProjectTasks() {
  const { id = "" } = useParams();
  return (
    <TasksPage
      // A new page per project: its collapsed subtasks and dialogs start afresh.
      key={id}
      quickAdd={<QuickAdd projectId={id} />}
      project={{ id, heading: (onCreate) => <ProjectHeading projectId={id} onCreate={onCreate} /> }}
    />
  );
}
