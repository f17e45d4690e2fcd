import type { LiveSharingEvent } from "@contract/sharing";
import type { Db } from "../../db/database";
import { publishSharingUpdate } from "../live-updates";
import { memberIdsByProject } from "./membership";

/**
 * Tells the project's owner and every accepted member, and `also` (an invitee, a member just
 * removed), that its comments or members changed, so their open screens read them again. In the
 * change's transaction: a change rolled back tells no one.
 */
export async function tellProjectMembers(
  trx: Db,
  ownerId: string,
  event: LiveSharingEvent,
  also: readonly string[] = [],
): Promise<void> {
  const members = (await memberIdsByProject(trx, [event.project_id])).get(event.project_id) ?? [];
  await publishSharingUpdate(trx, [ownerId, ...members, ...also], event);
}
