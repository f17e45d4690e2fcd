import type { Db } from "../../db/database";
import { recordSyncChanges, type SyncedTask } from "../caldav";
import { memberIdsByProject } from "../sharing";
import { announceTaskChanges, type TaskChange } from "./announce";
import { bumpTaskDataVersion } from "./version-repository";

/** A change as announced, with the projects it was in before and is in after. */
export interface PlacedChange {
  change: TaskChange;
  before: string | null;
  after: string | null;
}

/** What one member is told of a change: the announcements and the sync log's rows. */
export interface MemberView {
  changes: TaskChange[];
  saved: SyncedTask[];
  removed: SyncedTask[];
}

function idOf(change: TaskChange): string {
  return change.type === "deleted" ? change.id : change.task.id;
}

/**
 * A change to a shared project's tasks reaches every member as it reaches the owner: their list's
 * version moves, their CalDAV sync log records it, and their webhooks and live updates hear of it.
 * A task moved out of a project a member shares is, to that member, deleted; the owner's other
 * projects stay private. This reads who is told what, by member (not for `neverShared`, projects
 * known to be unshared); reachMembers then tells them.
 */
export async function memberViews(
  trx: Db,
  ownerId: string,
  changes: readonly PlacedChange[],
  neverShared: ReadonlySet<string>,
): Promise<Map<string, MemberView>> {
  const projectIds = new Set(changes.flatMap((placed) => [placed.before, placed.after]));
  projectIds.delete(null);
  for (const id of neverShared) projectIds.delete(id);
  const members = await memberIdsByProject(trx, [...projectIds] as string[]);
  const views = new Map<string, MemberView>();
  const viewOf = (memberId: string) => {
    const view = views.get(memberId) ?? { changes: [], saved: [], removed: [] };
    views.set(memberId, view);
    return view;
  };
  for (const { change, before, after } of changes) {
    const id = idOf(change);
    const seeAfter = new Set(after === null ? [] : (members.get(after) ?? []));
    for (const memberId of seeAfter) {
      if (memberId === ownerId || change.type === "deleted") continue;
      viewOf(memberId).changes.push(change);
      viewOf(memberId).saved.push({ id, project_id: after });
    }
    for (const memberId of before === null ? [] : (members.get(before) ?? [])) {
      if (memberId === ownerId || seeAfter.has(memberId)) continue;
      viewOf(memberId).changes.push({ type: "deleted", id });
      viewOf(memberId).removed.push({ id, project_id: before });
    }
  }
  return views;
}

/** Moves each member's version and sync log, and announces the change to them (memberViews). */
export async function reachMembers(trx: Db, views: Map<string, MemberView>, nowIso: string): Promise<void> {
  for (const [memberId, view] of views) {
    const version = await bumpTaskDataVersion(trx, memberId, nowIso);
    // A member may have had the task in another shared list: every change is a save for them.
    await recordSyncChanges(trx, memberId, version, {
      created: [],
      saved: view.saved,
      removed: view.removed,
    });
    await announceTaskChanges(trx, memberId, view.changes, nowIso);
  }
}
