/**
 * What the tasks module uses of the projects: the Inbox and which projects are the user's. (The
 * projects' own calls are in service.ts.)
 */
export { existingInboxId, inboxIdOf, ownProjectIds } from "./inbox";
