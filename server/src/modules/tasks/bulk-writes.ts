import { inTransaction, type Db } from "../../db/database";
import type { Clock } from "../../lib/clock";
import type { Need } from "./access";
import { withTaskWrite, type TaskWrite } from "./unit-of-work";

/**
 * A write by `callerId` of many tasks that may be in several accounts' data (their own and
 * projects shared with them): `standingOf` checks each subject (404 for an outsider, 403 for a
 * role short of `need`) and says whose data it is in; then each owner's subjects are written in a
 * task write of that owner's, recorded as the caller's doing. All in one transaction (all or
 * none), the owners in one fixed order, so two such writes never take the same locks in two orders.
 */
export async function withTaskWritesAs<S>(
  db: Db,
  callerId: string,
  clock: Clock,
  subjects: readonly S[],
  need: Need,
  standingOf: (trx: Db, subject: S, need: Need) => Promise<{ ownerId: string }>,
  work: (write: TaskWrite, subjects: readonly S[]) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const byOwner = new Map<string, S[]>();
    for (const subject of subjects) {
      const { ownerId } = await standingOf(trx, subject, need);
      byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), subject]);
    }
    for (const ownerId of [...byOwner.keys()].sort()) {
      await withTaskWrite(trx, ownerId, clock, async (write) => {
        write.actorId = callerId;
        await work(write, byOwner.get(ownerId) ?? []);
      });
    }
  });
}
