import { apiPaths, pathFor } from "@contract/api-paths";
import type { AddMemberRequest, ShareRole } from "@contract/sharing";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys, staleAfterTaskChange } from "../query-keys";

/** POST …/members: invites an account by username or e-mail; the project now counts one more member. */
export function useAddMember(projectId: string) {
  return useMutation({
    mutationFn: (request: AddMemberRequest) =>
      apiClient.post<unknown>(pathFor(apiPaths.addMember, { id: projectId }), request),
    meta: {
      invalidates: [queryKeys.sharing.members(projectId), queryKeys.projects.all],
      errorMessage: "Failed to invite",
    },
  });
}

/** PUT …/members/:user_id: another role. */
export function useUpdateMember(projectId: string) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ShareRole }) =>
      apiClient.put<unknown>(pathFor(apiPaths.updateMember, { id: projectId, user_id: userId }), { role }),
    meta: { invalidates: [queryKeys.sharing.members(projectId)], errorMessage: "Failed to change the role" },
  });
}

/**
 * DELETE …/members/:user_id: an admin removes a member, or a member leaves (their own id); one who
 * leaves no longer sees the project's tasks.
 */
export function useRemoveMember(projectId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiClient.delete<unknown>(pathFor(apiPaths.removeMember, { id: projectId, user_id: userId })),
    meta: {
      invalidates: [...staleAfterTaskChange, queryKeys.sharing.members(projectId)],
      errorMessage: "Failed to remove the member",
    },
  });
}

/** Accept or decline an invitation; an accepted project brings its tasks. */
export function useAnswerInvitation() {
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      apiClient.post<unknown>(
        pathFor(accept ? apiPaths.acceptInvitation : apiPaths.declineInvitation, { id }),
      ),
    meta: {
      invalidates: [...staleAfterTaskChange, queryKeys.sharing.invitations(), queryKeys.notifications.all],
      errorMessage: "Failed to answer the invitation",
    },
  });
}

const commentChange = (taskId: string, errorMessage: string) => ({
  invalidates: [queryKeys.sharing.comments(taskId), queryKeys.sharing.activities()],
  errorMessage,
});

/** POST …/tasks/:id/comments. */
export function useCreateComment(taskId: string) {
  return useMutation({
    mutationFn: (body: string) =>
      apiClient.post<unknown>(pathFor(apiPaths.createComment, { id: taskId }), { body }),
    meta: commentChange(taskId, "Failed to add the comment"),
  });
}

/** PUT /api/v1/comments/:id: the author's edit. */
export function useUpdateComment(taskId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiClient.put<unknown>(pathFor(apiPaths.updateComment, { id }), { body }),
    meta: commentChange(taskId, "Failed to save the comment"),
  });
}

/** DELETE /api/v1/comments/:id: the author's own. */
export function useDeleteComment(taskId: string) {
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<unknown>(pathFor(apiPaths.deleteComment, { id })),
    meta: commentChange(taskId, "Failed to delete the comment"),
  });
}
