/* global module, process -- a CommonJS file, required by autocannon's worker thread */

/**
 * autocannon's `setupRequest` for the PUT load (a file, since autocannon's worker thread requires
 * it): each connection changes a task of its own, the first of the paths in
 * TASKLANE_BENCH_TASK_PATHS not yet taken, so that its PUTs alternate that task between completed
 * and pending and every one of them writes. On one task shared by all connections, a PUT would
 * often find the status it asks for already set by another connection, and write nothing.
 */
let connections = 0;

module.exports = function ownTaskPerConnection(request, context) {
  if (context.taskPath === undefined) {
    const paths = JSON.parse(process.env.TASKLANE_BENCH_TASK_PATHS || "[]");
    if (paths.length === 0) throw new Error("TASKLANE_BENCH_TASK_PATHS names no task");
    context.taskPath = paths[connections % paths.length];
    connections += 1;
  }
  return { ...request, path: context.taskPath };
};
