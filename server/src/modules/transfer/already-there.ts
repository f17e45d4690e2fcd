import { formatInTimeZone } from "date-fns-tz";
import { projectNameKey, type TaskJson } from "@contract/index";

/**
 * How an imported task is told to be one the account already has. A task from a Tasklane export
 * names its id: it is already there when the account has a task of that id (the file came from
 * this account). A task from any other file is already there when a task has its title, its due
 * day (in the user's zone) and its project, so a list exported elsewhere and imported twice, or a
 * backup restored over what it backed up, does not double the list.
 */
export interface AccountTasks {
  ids: ReadonlySet<string>;
  looks: ReadonlySet<string>;
}

/** Title (case and runs of spaces ignored), due day and project (the Inbox: none). */
function lookOf(
  title: string,
  dueDate: string | null | undefined,
  projectName: string | undefined,
  timeZone: string,
): string {
  return JSON.stringify([
    title.trim().replace(/\s+/g, " ").toLowerCase(),
    dueDate ? formatInTimeZone(new Date(dueDate), timeZone, "yyyy-MM-dd") : null,
    projectName === undefined ? null : projectNameKey(projectName),
  ]);
}

export function accountTasksOf(
  tasks: readonly TaskJson[],
  projectNames: ReadonlyMap<string, string>,
  timeZone: string,
): AccountTasks {
  return {
    ids: new Set(tasks.map((task) => task.id)),
    looks: new Set(
      tasks.map((task) => lookOf(task.title, task.due_date, projectNames.get(task.project_id), timeZone)),
    ),
  };
}

export function isAlreadyThere(
  account: AccountTasks,
  imported: {
    exportedId?: string;
    title: string;
    dueDate: string | null | undefined;
    projectName: string | undefined;
  },
  timeZone: string,
): boolean {
  if (imported.exportedId !== undefined) return account.ids.has(imported.exportedId);
  return account.looks.has(lookOf(imported.title, imported.dueDate, imported.projectName, timeZone));
}
