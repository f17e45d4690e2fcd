/**
 * What other modules use of CalDAV: the sync log a task change writes (the tasks' unit of work),
 * and the app passwords, to list and end with the account password. The DAV protocol and its
 * accounts are in service.ts and the routes.
 */
export { listAppPasswords, revokeAllAppPasswords } from "./app-passwords";
export { recordSyncChanges, recordSyncChangesAtBump, type SyncedTask } from "./sync-log";
