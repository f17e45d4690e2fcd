import path from "node:path";
import { apiRoutes, pathFor } from "../../contract/routes";
import { repoRoot } from "./bounded";

/** autocannon's `setupRequest` file giving each connection a task of its own (see the file). */
export const OWN_TASK_PER_CONNECTION = path.join(repoRoot, "bench/support/own-task-per-connection.cjs");

/**
 * Hands the first `connections` tasks of a list answer (its JSON) to the PUT load's connections,
 * one each: read by OWN_TASK_PER_CONNECTION in autocannon's worker, through the environment it
 * inherits (a function cannot be passed to the worker).
 */
export function giveEachConnectionATask(listJson: string, connections: number): void {
  const paths = (JSON.parse(listJson) as Array<{ id: string }>)
    .slice(0, connections)
    .map((task) => pathFor(apiRoutes.updateTask.path, { id: task.id }));
  process.env.TASKLANE_BENCH_TASK_PATHS = JSON.stringify(paths);
}
