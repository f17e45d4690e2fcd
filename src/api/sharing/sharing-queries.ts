import { apiPaths, pathFor } from "@contract/api-paths";
import {
  activitySchema,
  commentSchema,
  invitationSchema,
  memberSchema,
  type Activity,
  type Comment,
  type Invitation,
  type Member,
} from "@contract/sharing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/api-client";
import { NOTIFICATIONS_REFETCH_MS } from "../notifications/notification-queries";
import { queryKeys } from "../query-keys";

/** A list the server answered, each entry read with the contract's schema; a malformed one is left out. */
function listFromWire<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema>[] {
  if (!Array.isArray(value)) throw new Error("The server did not answer with a list");
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

async function fetchList<Schema extends z.ZodType>(
  schema: Schema,
  path: string,
  signal?: AbortSignal,
): Promise<z.output<Schema>[]> {
  const response = await apiClient.get<unknown>(path, { signal });
  return listFromWire(schema, response.data);
}

export const sharingQueries = {
  /** GET …/projects/:id/members: the owner first, then the members (pending until they accept). */
  members: (projectId: string) =>
    queryOptions({
      queryKey: queryKeys.sharing.members(projectId),
      queryFn: ({ signal }): Promise<Member[]> =>
        fetchList(memberSchema, pathFor(apiPaths.listMembers, { id: projectId }), signal),
    }),
  /** GET /api/v1/invitations: the shares waiting for an answer, polled with the bell. */
  invitations: () =>
    queryOptions({
      queryKey: queryKeys.sharing.invitations(),
      queryFn: ({ signal }): Promise<Invitation[]> =>
        fetchList(invitationSchema, apiPaths.listInvitations, signal),
      refetchInterval: NOTIFICATIONS_REFETCH_MS,
      refetchOnWindowFocus: "always",
    }),
  /** GET …/tasks/:id/comments, oldest first. */
  comments: (taskId: string) =>
    queryOptions({
      queryKey: queryKeys.sharing.comments(taskId),
      queryFn: ({ signal }): Promise<Comment[]> =>
        fetchList(commentSchema, pathFor(apiPaths.listComments, { id: taskId }), signal),
    }),
  /** GET …/projects/:id/activity, newest first. */
  activity: (projectId: string) =>
    queryOptions({
      queryKey: queryKeys.sharing.activity(projectId),
      queryFn: ({ signal }): Promise<Activity[]> =>
        fetchList(activitySchema, pathFor(apiPaths.projectActivity, { id: projectId }), signal),
    }),
};

const acceptedMembers = (members: Member[]) => members.filter((member) => !member.pending);

/** The accepted members (and the owner) of a project, for the assignee picker and the cards' avatars. */
export function useProjectMembers(projectId: string, enabled = true) {
  return useQuery({ ...sharingQueries.members(projectId), enabled, select: acceptedMembers });
}
