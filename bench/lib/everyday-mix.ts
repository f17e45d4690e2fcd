import { apiRoutes, pathFor } from "../../contract/routes";
import { taskFiltersToQuery } from "../../contract/tasks";
import { generator, type SeededUser } from "../support/api-server";
import type { PlannedRequest } from "./open-loop";

/**
 * What people do all day in Tasklane, as the web app sends it: the Tasks screen's list (every task
 * but the completed history, revalidated with its ETag, which after a change answers 200 with the
 * whole list), the notification bell's poll, the current user, the statistics, a search (the
 * completed history's first page for the text, as the screen asks once typing pauses), a new
 * task, a status toggled, a task edited. Each request goes to the next simulated user in turn, with
 * that user's session; every user remembers the ETags it was given and the tasks it has, as the app
 * does.
 */

export const MIX = [
  {
    op: "list",
    weight: 15,
    what: "GET /api/v1/tasks?status=pending,inprogress,cancelled&with_subtasks=true (If-None-Match)",
  },
  { op: "notifications", weight: 25, what: "GET /api/v1/notifications (the bell's poll)" },
  { op: "me", weight: 10, what: "GET /auth/me" },
  { op: "stats", weight: 10, what: "GET /api/v1/tasks/stats with If-None-Match" },
  {
    op: "search",
    weight: 5,
    what: "GET /api/v1/tasks?status=completed&order=completed_at&limit=50&search=…",
  },
  { op: "create", weight: 15, what: "POST /api/v1/tasks" },
  { op: "toggle", weight: 15, what: "PUT /api/v1/tasks/{id} {status} (completed ⇄ pending)" },
  { op: "edit", weight: 5, what: "PUT /api/v1/tasks/{id} {title}" },
] as const;

type Op = (typeof MIX)[number]["op"];

const SEARCHES = ["invoice", "report", "client", "plan", "dentist", "budget"];

interface SimulatedUser {
  token: string;
  taskIds: string[];
  completed: Set<string>;
  listEtag?: string;
  statsEtag?: string;
}

/** The mix as one line: "list 40%, stats 15%, …". */
export function mixSummary(): string {
  const total = MIX.reduce((sum, { weight }) => sum + weight, 0);
  return MIX.map(({ op, weight }) => `${op} ${Math.round((100 * weight) / total)}%`).join(", ");
}

export function everydayMix(users: readonly SeededUser[], seed = 1) {
  if (users.length === 0) throw new Error("The everyday mix needs at least one user");
  const random = generator(seed);
  const total = MIX.reduce((sum, { weight }) => sum + weight, 0);
  const simulated: SimulatedUser[] = users.map((user) => ({
    token: user.token,
    taskIds: [...user.taskIds],
    completed: new Set(),
  }));
  const listPath = apiRoutes.listTasks.path;
  // What the Tasks screen asks for (src/api/tasks/task-queries.ts): the same query string.
  const screenList = `${listPath}?${new URLSearchParams(
    taskFiltersToQuery({ status: ["pending", "inprogress", "cancelled"], with_subtasks: true }),
  ).toString()}`;

  const pickOp = (): Op => {
    let roll = random.next() * total;
    for (const { op, weight } of MIX) {
      roll -= weight;
      if (roll < 0) return op;
    }
    return "list";
  };

  const requestFor = (user: SimulatedUser, op: Op, index: number): PlannedRequest => {
    const auth = { authorization: `Bearer ${user.token}` };
    const taskId = user.taskIds.length > 0 ? random.pick(user.taskIds) : undefined;
    // A user with no task yet makes one instead of changing one.
    if ((op === "toggle" || op === "edit") && taskId === undefined) op = "create";
    switch (op) {
      case "list":
        return {
          method: "GET",
          path: screenList,
          headers: { ...auth, ...(user.listEtag ? { "if-none-match": user.listEtag } : {}) },
          answered: (status, headers) => {
            if (status === 200 && typeof headers.etag === "string") user.listEtag = headers.etag;
          },
        };
      case "stats":
        return {
          method: "GET",
          path: apiRoutes.taskStats.path,
          headers: { ...auth, ...(user.statsEtag ? { "if-none-match": user.statsEtag } : {}) },
          answered: (status, headers) => {
            if (status === 200 && typeof headers.etag === "string") user.statsEtag = headers.etag;
          },
        };
      case "search":
        return {
          method: "GET",
          path: `${listPath}?status=completed&order=completed_at&limit=50&search=${random.pick(SEARCHES)}`,
          headers: auth,
        };
      case "notifications":
        return { method: "GET", path: apiRoutes.listNotifications.path, headers: auth };
      case "me":
        return { method: "GET", path: apiRoutes.me.path, headers: auth };
      case "create":
        return {
          method: "POST",
          path: apiRoutes.createTask.path,
          headers: auth,
          body: JSON.stringify({ title: `New task ${index}`, priority: "medium", tags: ["bench"] }),
          answered: (_status, _headers, body) => {
            user.taskIds.push((JSON.parse(body) as { id: string }).id);
          },
        };
      case "toggle": {
        const id = taskId as string;
        const status = user.completed.has(id) ? "pending" : "completed";
        if (status === "completed") user.completed.add(id);
        else user.completed.delete(id);
        return {
          method: "PUT",
          path: pathFor(apiRoutes.updateTask.path, { id }),
          headers: auth,
          body: JSON.stringify({ status }),
        };
      }
      case "edit":
        return {
          method: "PUT",
          path: pathFor(apiRoutes.updateTask.path, { id: taskId as string }),
          headers: auth,
          body: JSON.stringify({ title: `Edited task ${index}` }),
        };
    }
  };

  return {
    /** The index-th request of the load: the next user in turn, an operation drawn by weight. */
    next(index: number): PlannedRequest {
      const user = simulated[index % simulated.length] as SimulatedUser;
      return requestFor(user, pickOp(), index);
    },
  };
}
