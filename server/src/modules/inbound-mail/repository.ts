import type { Insertable } from "kysely";
import type { Db } from "../../db/database";
import type { InboundMessagesTable } from "../../db/schema";

/** Whether the user already received a message with this Message-ID. */
export async function hasInboundMessage(db: Db, userId: string, messageId: string): Promise<boolean> {
  const row = await db
    .selectFrom("inbound_messages")
    .select("id")
    .where("user_id", "=", userId)
    .where("message_id", "=", messageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a received message; a unique index refuses the same Message-ID twice for one user. */
export async function insertInboundMessage(db: Db, row: Insertable<InboundMessagesTable>): Promise<void> {
  await db.insertInto("inbound_messages").values(row).execute();
}

/** How many tasks the user's mail made since an instant. */
export async function tasksFromMailSince(db: Db, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("inbound_messages")
    .select((eb) => eb.fn.sum<number | string | null>("tasks_created").as("total"))
    .where("user_id", "=", userId)
    .where("received_at", ">", since.toISOString())
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
