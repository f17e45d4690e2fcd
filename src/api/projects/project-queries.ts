import { apiPaths } from "@contract/api-paths";
import { projectJsonSchema, type Project } from "@contract/projects";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

async function fetchProjects(signal?: AbortSignal): Promise<Project[]> {
  const response = await apiClient.get<unknown>(apiPaths.listProjects, { signal });
  return z.array(projectJsonSchema).parse(response.data);
}

export const projectQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.projects.list(),
      queryFn: ({ signal }) => fetchProjects(signal),
    }),
};

/** GET /api/v1/projects: the user's projects, the Inbox first (a server without projects: an error). */
export function useProjects() {
  return useQuery({ ...projectQueries.list(), retry: false });
}
