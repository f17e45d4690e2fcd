import { createDatabase, migrateToLatest } from "../../src/db/database";

/**
 * One server process's start on the SQLite file of argv[2]: it migrates, then stops. It starts
 * migrating at the time of argv[3] (ms since the epoch), so that processes started one after
 * another, each loading at its own pace, really migrate at the same moment.
 */
const [file, startAt] = process.argv.slice(2);
const db = createDatabase({ sqlitePath: file });
// eslint-disable-next-line no-restricted-syntax -- processes agree on a moment of the real clock
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
await migrateToLatest(db);
await db.destroy();
