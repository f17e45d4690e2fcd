import { z } from "zod";
import { apiPaths } from "./api-paths";
import {
  createProjectRequestSchema,
  deleteProjectQuerySchema,
  deleteProjectResponseSchema,
  projectJsonSchema,
  updateProjectRequestSchema,
} from "./projects";
import {
  authErrors,
  bodyErrors,
  projectNotFound,
  queryErrors,
  type RouteDefinition,
} from "./route-definition";

/** The projects. */
export const projectRoutes = {
  listProjects: {
    method: "GET",
    path: apiPaths.listProjects,
    summary: "The user's projects with their open-task counts, the Inbox first",
    auth: true,
    response: z.array(projectJsonSchema),
    errors: { ...authErrors },
  },
  createProject: {
    method: "POST",
    path: apiPaths.createProject,
    summary: "Create a project (201)",
    auth: true,
    body: createProjectRequestSchema,
    response: projectJsonSchema,
    errors: { ...bodyErrors, ...authErrors, 409: "The user has a project of this name (case ignored)" },
  },
  updateProject: {
    method: "PUT",
    path: apiPaths.updateProject,
    summary: "Rename, recolour, archive or unarchive a project (partial)",
    auth: true,
    body: updateProjectRequestSchema,
    response: projectJsonSchema,
    errors: {
      ...bodyErrors,
      400: "Bad input, or archiving the Inbox",
      ...authErrors,
      ...projectNotFound,
      409: "The user has another project of this name (case ignored)",
    },
  },
  deleteProject: {
    method: "DELETE",
    path: apiPaths.deleteProject,
    summary: "Delete a project: its tasks move to the Inbox, or are deleted with ?with_tasks=true",
    auth: true,
    query: deleteProjectQuerySchema,
    response: deleteProjectResponseSchema,
    errors: {
      ...queryErrors,
      400: "The Inbox cannot be deleted, or a bad query",
      ...authErrors,
      ...projectNotFound,
    },
  },
} as const satisfies Record<string, RouteDefinition>;
