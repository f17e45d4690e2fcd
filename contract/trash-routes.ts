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

/** Tasks of a project shared with the caller as a viewer are refused, as a read-only token is. */
const roleOrReadOnly = {
  403: "The caller's role in a shared project does not allow this, or a read-only personal API token",
} as const;

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
    errors: { ...bodyErrors, ...authErrors, ...roleOrReadOnly, ...taskNotFound },
  },
  restoreTasks: {
    method: "POST",
    path: apiPaths.restoreTasks,
    summary: "Bring deleted tasks back from the trash, each with its subtasks",
    auth: true,
    body: taskIdsRequestSchema,
    response: trashResultSchema,
    errors: {
      ...bodyErrors,
      ...authErrors,
      ...roleOrReadOnly,
      404: "No such task in the user's trash, nor in that of a project shared with the user",
    },
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
    errors: { ...bodyErrors, ...authErrors, ...roleOrReadOnly, ...taskTreeErrors },
  },
} as const satisfies Record<string, RouteDefinition>;
