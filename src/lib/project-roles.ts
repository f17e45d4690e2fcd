import type { ProjectRole } from "@contract/sharing";

/** How a role reads in the Share dialog and beside a shared project's name. */
export const PROJECT_ROLE_LABELS: Record<ProjectRole, string> = {
  viewer: "Viewer",
  editor: "Editor",
  admin: "Admin",
  owner: "Owner",
};

/** A viewer reads; every other role also changes tasks and comments. */
export function canEditTasks(role: ProjectRole): boolean {
  return role !== "viewer";
}

/** Admins and the owner manage the members and the project (only the owner deletes it). */
export function canManageProject(role: ProjectRole): boolean {
  return role === "admin" || role === "owner";
}

/** A project others can see: shared by its owner, or shared with the caller. */
export function isShared(project: { role: ProjectRole; member_count: number }): boolean {
  return project.role !== "owner" || project.member_count > 0;
}
