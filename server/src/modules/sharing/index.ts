/**
 * What the tasks and projects modules read of sharing: who may see a project and how, and whom a
 * change of it reaches. (Sharing's own calls are in service.ts.)
 */
export {
  accessRowOf,
  memberIdsByProject,
  memberCounts,
  sharedProjectsOf,
  usernamesOf,
  type SharedProject,
} from "./membership";
