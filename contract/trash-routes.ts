import { z } from "zod";
import { apiPaths } from "./api-paths";
import {
  authErrors,
  bodyErrors,
  readOnlyToken,
  type RouteDefinition,
  taskTreeErrors,
  taskNotFound,
} from "./route-definition";
import { taskJsonSchema } from "./tasks";
import { batchUpdateRequestSchema, taskIdsRequestSchema, trashListSchema, trashResultSchema } from "./trash";

/** The trash (deleted tasks, kept 30 days) and changes of several tasks at once. */
export const trashRoutes = {
  listTrash: {
    method: "GET",
    path: apiPaths.listTrash,
    summary: "The tasks deleted in the last 30 days",
    auth: true,
    response: trashListSchema,
    errors: { ...authErrors },
  },
  trashTasks: {
    method: "POST",
    path: apiPaths.trashTasks,
    summary: "Delete several tasks, each with its subtasks, into the trash",
    auth: true,
    body: taskIdsRequestSchema,
    response: trashResultSchema,
    errors: { ...bodyErrors, ...authErrors, ...readOnlyToken, ...taskNotFound },
  },
  restoreTasks: {
    method: "POST",
    path: apiPaths.restoreTasks,
    summary: "Bring deleted tasks back from the trash, each with its subtasks",
    auth: true,
    body: taskIdsRequestSchema,
    response: trashResultSchema,
    errors: { ...bodyErrors, ...authErrors, ...readOnlyToken, 404: "No such task in the user's trash" },
  },
  emptyTrash: {
    method: "DELETE",
    path: apiPaths.emptyTrash,
    summary: "Delete every task in the trash for good",
    auth: true,
    errors: { ...authErrors, ...readOnlyToken },
  },
  batchUpdateTasks: {
    method: "POST",
    path: apiPaths.batchUpdateTasks,
    summary: "Change several tasks at once, each with its own changes, all or none",
    auth: true,
    body: batchUpdateRequestSchema,
    response: z.array(taskJsonSchema),
    errors: { ...bodyErrors, ...authErrors, ...readOnlyToken, ...taskTreeErrors },
  },
} as const satisfies Record<string, RouteDefinition>;
