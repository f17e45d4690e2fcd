import { apiPaths, pathFor } from "@contract/api-paths";
import {
  readProjectFromWire,
  type CreateProjectRequest,
  type DeleteProjectResponse,
  type Project,
  type UpdateProjectRequest,
} from "@contract/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { apiClient } from "@/lib/api-client";
import { canEditTasks } from "@/lib/project-roles";
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

const countIn = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) ? value : 0;

/**
 * Its tasks move to the Inbox, or are deleted with it (`withTasks`). The answer's counts are read
 * without a schema (a missing one reads as 0): the shell loads this module, and a schema built
 * here would bring the validator into every screen's first download.
 */
export async function deleteProject(id: string, withTasks: boolean): Promise<DeleteProjectResponse> {
  const response = await apiClient.delete<unknown>(pathFor(apiPaths.deleteProject, { id }), {
    params: withTasks ? { with_tasks: "true" } : {},
  });
  const answer = (response.data ?? {}) as Record<string, unknown>;
  return { moved: countIn(answer.moved), deleted: countIn(answer.deleted) };
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

/** The user's projects as a hook, for screens that only name them (analytics, the weekly review). */
export function useProjects() {
  return useQuery({ ...projectQueries.list(), retry: false });
}

/** One of the caller's projects (own or shared): undefined until the list has loaded, or when not there. */
export function useProject(projectId: string) {
  const select = useCallback(
    (projects: Project[]) => projects.find((project) => project.id === projectId),
    [projectId],
  );
  return useQuery({ ...projectQueries.list(), select });
}

const readOnlyProjectIds = (projects: readonly Project[]) =>
  projects.filter((project) => !canEditTasks(project.role)).map((project) => project.id);
const sharedWithMeIds = (projects: readonly Project[]) =>
  projects.filter((project) => project.role !== "owner").map((project) => project.id);

/** The ids `select` picks of the projects, as one set (shared structurally: it changes only when they do). */
function useProjectIds(select: (projects: readonly Project[]) => string[]): ReadonlySet<string> {
  const { data } = useQuery({ ...projectQueries.list(), select });
  return useMemo(() => new Set(data), [data]);
}

/** The projects shared with the caller as a viewer: their tasks show read-only. */
export function useReadOnlyProjectIds(): ReadonlySet<string> {
  return useProjectIds(readOnlyProjectIds);
}

/** The projects others share with the caller (any role). */
export function useSharedWithMeProjectIds(): ReadonlySet<string> {
  return useProjectIds(sharedWithMeIds);
}
