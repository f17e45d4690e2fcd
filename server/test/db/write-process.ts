import { sql } from "kysely";
import { createDatabase, inTransaction } from "../../src/db/database";
import { waitForGo } from "../processes";

/**
 * One server process writing to the SQLite file of argv[2], once told to (runTogether): argv[3]
 * transactions that each read the table's count, let the event loop turn (as a request handler
 * awaiting its queries does), then insert a row numbered after it.
 */
const [file, count, name] = process.argv.slice(2);
const db = createDatabase({ sqlitePath: file });
await waitForGo();
for (let index = 0; index < Number(count); index += 1) {
  await inTransaction(db, async (trx) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from writes`.execute(trx);
    await new Promise((resolve) => setImmediate(resolve));
    await sql`insert into writes (writer, seen) values (${name}, ${rows[0]?.n ?? 0})`.execute(trx);
  });
}
await db.destroy();
