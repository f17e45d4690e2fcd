import { z } from "zod";
import { apiPaths } from "./api-paths";
import { parseTaskRequestSchema, parseTaskResponseSchema } from "./quick-add";
import {
  createTaskRequestSchema,
  taskFiltersQuerySchema,
  taskJsonSchema,
  taskStatsSchema,
  updateTaskRequestSchema,
} from "./tasks";
import { exportQuerySchema, importResultSchema } from "./transfer";
import {
  authErrors,
  bodyErrors,
  projectNotFound,
  queryErrors,
  type RouteDefinition,
  taskNotFound,
  taskTreeErrors,
} from "./route-definition";

/** The tasks: list, read, write, quick add, export and import. */
export const taskRoutes = {
  listTasks: {
    method: "GET",
    path: apiPaths.listTasks,
    summary: "The user's tasks, filtered",
    auth: true,
    query: taskFiltersQuerySchema,
    response: z.array(taskJsonSchema),
    errors: { ...queryErrors, ...authErrors, ...projectNotFound },
  },
  createTask: {
    method: "POST",
    path: apiPaths.createTask,
    summary: "Create a task",
    auth: true,
    body: createTaskRequestSchema,
    response: taskJsonSchema,
    errors: {
      ...bodyErrors,
      ...authErrors,
      ...taskTreeErrors,
      404: "The project_id or parent_id is not one of the signed-in user's (the message names it)",
    },
  },
  taskStats: {
    method: "GET",
    path: apiPaths.taskStats,
    summary: "Counts of the user's tasks",
    auth: true,
    response: taskStatsSchema,
    errors: { ...authErrors },
  },
  getTask: {
    method: "GET",
    path: apiPaths.getTask,
    summary: "One task",
    auth: true,
    response: taskJsonSchema,
    errors: { ...authErrors, ...taskNotFound },
  },
  updateTask: {
    method: "PUT",
    path: apiPaths.updateTask,
    summary: "Change a task (partial); moving it moves its subtree",
    auth: true,
    body: updateTaskRequestSchema,
    response: taskJsonSchema,
    errors: { ...bodyErrors, ...authErrors, ...taskTreeErrors },
  },
  deleteTask: {
    method: "DELETE",
    path: apiPaths.deleteTask,
    summary: "Delete a task and its subtasks (into the trash, for 30 days)",
    auth: true,
    errors: { ...authErrors, ...taskNotFound },
  },
  parseTask: {
    method: "POST",
    path: apiPaths.parseTask,
    summary: "Read a quick-add line into a task's parts (not saved)",
    auth: true,
    body: parseTaskRequestSchema,
    response: parseTaskResponseSchema,
    errors: { ...bodyErrors, ...authErrors },
  },
  exportTasks: {
    method: "GET",
    path: apiPaths.exportTasks,
    summary: "Download every task as Tasklane JSON, CSV or todo.txt",
    auth: true,
    query: exportQuerySchema,
    errors: { ...queryErrors, ...authErrors },
  },
  importTasks: {
    method: "POST",
    path: apiPaths.importTasks,
    summary: "Import tasks from a file (Tasklane JSON or CSV, todo.txt, Todoist CSV)",
    auth: true,
    response: importResultSchema,
    errors: {
      400: "No file, or a file that is not text",
      ...authErrors,
      406: "The request is not multipart/form-data",
      413: "The file is larger than 5 MB",
      415: "The body is sent with a content type the server does not read",
    },
  },
} as const satisfies Record<string, RouteDefinition>;
