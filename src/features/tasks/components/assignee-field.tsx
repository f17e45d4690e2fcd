import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useProject } from "@/api/projects/project-queries";
import { useProjectMembers } from "@/api/sharing/sharing-queries";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { isShared } from "@/lib/project-roles";
import { useSessionStore } from "@/stores/session-store";
import type { TaskFormValues } from "../task-form";

/**
 * Who the task is assigned to: shown only for a project shared with others, offering its owner
 * and accepted members. Moving the task to a project nobody shares leaves it unassigned.
 */
export function AssigneeField() {
  const { register, setValue, control } = useFormContext<TaskFormValues>();
  const [projectId, assigneeId] = useWatch({ control, name: ["projectId", "assigneeId"] });
  const me = useSessionStore((state) => state.user?.id);
  const project = useProject(projectId);
  const shared = project.data !== undefined && isShared(project.data);
  const members = useProjectMembers(projectId, shared);
  useEffect(() => {
    if (project.isSuccess && !shared && assigneeId) setValue("assigneeId", "", { shouldDirty: true });
  }, [project.isSuccess, shared, assigneeId, setValue]);
  if (!shared) return null;
  const known = members.data?.some((member) => member.user.id === assigneeId) ?? false;
  return (
    <Field label="Assignee">
      {(fieldControl) => (
        <NativeSelect {...fieldControl} {...register("assigneeId")}>
          <option value="">Nobody</option>
          {members.data?.map((member) => (
            <option key={member.user.id} value={member.user.id}>
              {member.user.id === me ? `${member.user.username} (me)` : member.user.username}
            </option>
          ))}
          {assigneeId && !known && (
            <option value={assigneeId}>
              {members.isPending ? "Loading members…" : "Someone no longer a member"}
            </option>
          )}
        </NativeSelect>
      )}
    </Field>
  );
}
