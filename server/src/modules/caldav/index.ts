/**
 * What other modules use of CalDAV: the sync log a task change writes (the tasks' unit of work).
 * The DAV protocol and its accounts are in service.ts and the routes.
 */
export { recordSyncChanges } from "./sync-log";
