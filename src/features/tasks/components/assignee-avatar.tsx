import type { Task } from "@contract/tasks";
import { useProjectMembers } from "@/api/sharing/sharing-queries";
import { useSessionStore } from "@/stores/session-store";

/**
 * The assignee of a task in a shared project, as a round initial on its card (list and board).
 * Only assigned tasks ask for their project's members, once per project: an unassigned card
 * renders nothing and holds no query observer (a keystroke on the Tasks screen builds a dozen
 * cards, and an observer each was a tenth of its time).
 */
export function AssigneeAvatar({ task }: { task: Task }) {
  if (task.assignee_id === null) return null;
  return <Assignee projectId={task.project_id} assigneeId={task.assignee_id} />;
}

function Assignee({ projectId, assigneeId }: { projectId: string; assigneeId: string }) {
  const me = useSessionStore((state) => state.user?.id);
  const members = useProjectMembers(projectId);
  const username = members.data?.find((member) => member.user.id === assigneeId)?.user.username;
  const name = assigneeId === me ? "you" : (username ?? "a member");
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
