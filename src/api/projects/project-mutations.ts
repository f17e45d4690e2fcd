import type { CreateProjectRequest, UpdateProjectRequest } from "@contract/projects";
import { useMutation } from "@tanstack/react-query";
import type { AppMutationMeta } from "@/lib/query-client";
import { queryKeys, staleAfterTaskChange } from "../query-keys";
import { createProject, deleteProject, updateProject } from "./project-queries";

/**
 * A project change is a change of its tasks too: a delete moves or deletes them, an archive
 * changes the pickers. Quick add's readings of `+Name` are stale as well.
 */
function projectChange(fallback: string): AppMutationMeta {
  return { invalidates: [...staleAfterTaskChange, queryKeys.quickAdd.parses()], errorMessage: fallback };
}

/** POST /api/v1/projects: the sidebar's "New project", quick add's and extraction's offers. */
export function useCreateProject() {
  return useMutation({
    mutationFn: (payload: CreateProjectRequest) => createProject(payload),
    meta: projectChange("Failed to create project"),
  });
}

/** Rename, recolour, archive or unarchive. */
export function useUpdateProject() {
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProjectRequest }) =>
      updateProject(id, changes),
    meta: projectChange("Failed to update project"),
  });
}

/** Delete: its tasks move to the Inbox, or go with it. */
export function useDeleteProject() {
  return useMutation({
    mutationFn: ({ id, withTasks }: { id: string; withTasks: boolean }) => deleteProject(id, withTasks),
    meta: projectChange("Failed to delete project"),
  });
}
