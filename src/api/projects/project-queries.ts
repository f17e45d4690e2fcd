import { apiPaths, pathFor } from "@contract/api-paths";
import {
  deleteProjectResponseSchema,
  readProjectFromWire,
  type CreateProjectRequest,
  type DeleteProjectResponse,
  type Project,
  type UpdateProjectRequest,
} from "@contract/projects";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** GET /api/v1/projects: the Inbox first, then the others, archived ones included. */
async function fetchProjects(signal?: AbortSignal): Promise<Project[]> {
  const response = await apiClient.get<unknown>(apiPaths.listProjects, { signal });
  if (!Array.isArray(response.data)) throw new Error("The server did not answer with a list of projects");
  return response.data.flatMap((item) => readProjectFromWire(item) ?? []);
}

export async function createProject(payload: CreateProjectRequest): Promise<Project> {
  const response = await apiClient.post<unknown>(apiPaths.createProject, payload);
  const project = readProjectFromWire(response.data);
  if (!project) throw new Error("The server did not answer with the project");
  return project;
}

export async function updateProject(id: string, payload: UpdateProjectRequest): Promise<Project | undefined> {
  const response = await apiClient.put<unknown>(pathFor(apiPaths.updateProject, { id }), payload);
  return readProjectFromWire(response.data);
}

/** Its tasks move to the Inbox, or are deleted with it (`withTasks`). */
export async function deleteProject(id: string, withTasks: boolean): Promise<DeleteProjectResponse> {
  const response = await apiClient.delete<unknown>(pathFor(apiPaths.deleteProject, { id }), {
    params: withTasks ? { with_tasks: "true" } : {},
  });
  return deleteProjectResponseSchema.parse(response.data);
}

/** The projects not archived: what the sidebar and the pickers offer. */
export function activeProjects(projects: readonly Project[]): Project[] {
  return projects.filter((project) => !project.archived);
}

/** The user's Inbox (the server always has one; undefined only before the list has loaded). */
export function inboxOf(projects: readonly Project[] | undefined): Project | undefined {
  return projects?.find((project) => project.is_inbox);
}

export const projectQueries = {
  /** Every project with its open-task count; the sidebar, the pickers and the chips share it. */
  list: () =>
    queryOptions({
      queryKey: queryKeys.projects.list(),
      queryFn: ({ signal }) => fetchProjects(signal),
      staleTime: 0,
    }),
};
