import { sql } from "kysely";
import { createDatabase, inTransaction } from "../../src/db/database";

/**
 * One server process writing to the SQLite file of argv[2], from the time of argv[3] (ms since the
 * epoch): argv[4] transactions that each read the table's count, let the event loop turn (as a
 * request handler awaiting its queries does), then insert a row numbered after it.
 */
const [file, startAt, count, name] = process.argv.slice(2);
const db = createDatabase({ sqlitePath: file });
// eslint-disable-next-line no-restricted-syntax -- processes agree on a moment of the real clock
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
for (let index = 0; index < Number(count); index += 1) {
  await inTransaction(db, async (trx) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from writes`.execute(trx);
    await new Promise((resolve) => setImmediate(resolve));
    await sql`insert into writes (writer, seen) values (${name}, ${rows[0]?.n ?? 0})`.execute(trx);
  });
}
await db.destroy();
