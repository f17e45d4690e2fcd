import type { Task } from "@contract/tasks";
import { useProjectMembers } from "@/api/sharing/sharing-queries";
import { useSessionStore } from "@/stores/session-store";

/**
 * The assignee of a task in a shared project, as a round initial on its card (list and board).
 * Only assigned tasks ask for their project's members, once per project.
 */
export function AssigneeAvatar({ task }: { task: Task }) {
  const me = useSessionStore((state) => state.user?.id);
  const members = useProjectMembers(task.project_id, task.assignee_id !== null);
  if (task.assignee_id === null) return null;
  const username = members.data?.find((member) => member.user.id === task.assignee_id)?.user.username;
  const name = task.assignee_id === me ? "you" : (username ?? "a member");
  return (
    <span
      title={`Assigned to ${name}`}
      data-testid="assignee-avatar"
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold uppercase text-secondary-foreground ring-1 ring-border"
    >
      <span aria-hidden>{(username ?? "?").charAt(0)}</span>
      <span className="sr-only">{`Assigned to ${name}`}</span>
    </span>
  );
}
