import { TASK_STATUS_LABELS, type Task } from "@contract/tasks";
import type { ReactNode } from "react";
import { useProject } from "@/api/projects/project-queries";
import { useProjectMembers } from "@/api/sharing/sharing-queries";
import { TASK_PRIORITY_LABELS } from "@/components/tasks/priority-badge";
import { formatDate } from "@/lib/date-format";
import { canEditTasks } from "@/lib/project-roles";

/**
 * Whether the user may only read the task: it is in a project shared with them as a viewer. The
 * server refuses a viewer's changes; their screens do not offer them.
 */
export function useTaskIsReadOnly(task: Pick<Task, "project_id"> | null | undefined): boolean {
  const project = useProject(task?.project_id ?? "");
  return task != null && project.data !== undefined && !canEditTasks(project.data.role);
}

/** A task as a viewer sees it in its dialog (closed by the dialog's own button): every detail as text. */
export function TaskDetails({ task, timeZone }: { task: Task; timeZone: string }) {
  const project = useProject(task.project_id);
  const members = useProjectMembers(task.project_id, task.assignee_id !== null);
  const assignee = members.data?.find((member) => member.user.id === task.assignee_id)?.user.username;
  const rows: Array<[string, ReactNode]> = [
    ["Status", TASK_STATUS_LABELS[task.status]],
    ["Priority", TASK_PRIORITY_LABELS[task.priority]],
    ["Project", project.data?.name],
    ["Assigned to", task.assignee_id ? (assignee ?? "a member") : "Nobody"],
    ["Due", task.due_date ? formatDate(task.due_date, timeZone, "dateTime") : "No due date"],
    ["Tags", task.tags.length > 0 ? task.tags.join(", ") : "None"],
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        You are a viewer of this project: you can read its tasks, not change them.
      </p>
      <h3 dir="auto" className="break-words font-semibold">
        {task.title}
      </h3>
      {task.description && (
        <p dir="auto" className="whitespace-pre-wrap break-words text-sm">
          {task.description}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
