import { createDatabase, migrateToLatest } from "../../src/db/database";
import { waitForGo } from "../processes";

/**
 * One server process's start on the SQLite file of argv[2]: it migrates, then stops. It starts
 * migrating when told to (runTogether), so that processes each loading at their own pace really
 * migrate at the same moment.
 */
const [file] = process.argv.slice(2);
const db = createDatabase({ sqlitePath: file });
await waitForGo();
await migrateToLatest(db);
await db.destroy();
