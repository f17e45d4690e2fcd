import type { Db } from "../../db/database";
import { memberIdsByProject } from "../sharing";
import { announceTaskChanges, type TaskChange } from "./announce";
import { bumpTaskDataVersion } from "./repository";

/** A change as announced, with the projects it was in before and is in after. */
export interface PlacedChange {
  change: TaskChange;
  before: string | null;
  after: string | null;
}

function asRemoval(change: TaskChange): TaskChange {
  return change.type === "deleted" ? change : { type: "deleted", id: change.task.id };
}

/**
 * A change to a shared project's tasks reaches every member as it reaches the owner: their list's
 * version moves and their webhooks and live updates hear of it. A task moved out of a project a
 * member shares is, to that member, deleted; the owner's other projects stay private.
 */
export async function reachMembers(
  trx: Db,
  ownerId: string,
  changes: readonly PlacedChange[],
  nowIso: string,
): Promise<void> {
  const projectIds = new Set(changes.flatMap((placed) => [placed.before, placed.after]));
  projectIds.delete(null);
  const members = await memberIdsByProject(trx, [...projectIds] as string[]);
  const reach = new Map<string, TaskChange[]>();
  for (const placed of changes) {
    const seeAfter = new Set(placed.after === null ? [] : (members.get(placed.after) ?? []));
    const seeBefore = new Set(placed.before === null ? [] : (members.get(placed.before) ?? []));
    for (const memberId of new Set([...seeAfter, ...seeBefore])) {
      if (memberId === ownerId) continue;
      const change = seeAfter.has(memberId) ? placed.change : asRemoval(placed.change);
      reach.set(memberId, [...(reach.get(memberId) ?? []), change]);
    }
  }
  for (const [memberId, memberChanges] of reach) {
    await bumpTaskDataVersion(trx, memberId, nowIso);
    await announceTaskChanges(trx, memberId, memberChanges, nowIso);
  }
}
