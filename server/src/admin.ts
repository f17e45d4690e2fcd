import { parseConfig } from "./config";
import { runBackupCommand } from "./db/backup";
import { openDatabase } from "./db/database";
import { EXIT_FAILURE, runAdminCommand } from "./modules/auth/admin-commands";

/** `npm run admin -- <command>`: the administrator's CLI on the server's own database. */
async function main(): Promise<number> {
  const config = parseConfig();
  const output = { info: (line: string) => console.log(line), error: (line: string) => console.error(line) };
  const args = process.argv.slice(2);
  // Backups work on the database file itself, without migrating or holding it open.
  if (args[0] === "backup" || args[0] === "restore") return runBackupCommand(config, args, output);
  const db = await openDatabase(config);
  try {
    return await runAdminCommand({ db, config, now: new Date() }, process.argv.slice(2), {
      info: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } finally {
    await db.destroy();
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = EXIT_FAILURE;
  });
