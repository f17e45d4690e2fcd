import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { endLiveStreams } from "../live-updates";
import { resetUsage, usageOf } from "../premium/service";
import { insertInvite, setDisabledAt } from "./sign-in-control-repository";
import { findUserByEmail, findUserByUsername, listUsers, updateUser } from "./user-repository";

/**
 * The administrator's commands (`npm run admin -- <command>`): the product tells users to
 * "contact the administrator" to upgrade, and this is what the administrator runs. Each command
 * is a plain function of the database so tests drive it directly; admin.ts only wires the process.
 */

export interface AdminOutput {
  info(line: string): void;
  error(line: string): void;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const ADMIN_HELP = [
  "Usage: npm run admin -- <command> [argument]",
  "",
  "Commands:",
  "  list-users                          List every account with its plan and this month's AI usage",
  "  grant-premium <email|username>      Make an account Premium",
  "  revoke-premium <email|username>     Put an account back on the free plan",
  "  reset-usage <email|username>        Set this month's AI usage of an account back to 0",
  "  invite <email>                      Let this address sign up when REGISTRATION=invite",
  "  disable-user <email|username>       Stop an account: its sessions, API tokens and app passwords at once",
  "  enable-user <email|username>        Let a disabled account sign in again",
  "  backup <file>                       Write a consistent copy of the SQLite database (server may run)",
  "  restore <file>                      Put a backup in place of the SQLite database (server stopped)",
  "  help                                Show this help",
  "",
  "It uses the server's database: DATABASE_URL when set, otherwise the SQLite file in DATA_DIR.",
].join("\n");

/** An e-mail address (any case) or a username (any case). */
async function findUserByEmailOrUsername(db: Db, identifier: string): Promise<UserRow | undefined> {
  const trimmed = identifier.trim();
  if (trimmed === "") return undefined;
  return trimmed.includes("@") ? findUserByEmail(db, trimmed) : findUserByUsername(db, trimmed);
}

interface UserSummary {
  email: string;
  username: string;
  plan: "Premium" | "Free";
  ai_usage: string;
  timezone: string;
  created_at: string;
}

async function listUserSummaries(db: Db, config: Config, now: Date): Promise<UserSummary[]> {
  const users = await listUsers(db);
  return users.map((user) => {
    const usage = usageOf(config, user, now);
    return {
      email: user.email,
      username: user.username,
      plan: user.is_premium ? "Premium" : "Free",
      ai_usage: `${usage.current_usage}/${usage.usage_limit}`,
      timezone: user.timezone,
      created_at: user.created_at,
    };
  });
}

async function setPremium(db: Db, user: UserRow, isPremium: boolean, now: Date): Promise<UserRow> {
  return updateUser(db, user.id, { is_premium: isPremium ? 1 : 0, updated_at: now.toISOString() });
}

function formatTable(rows: UserSummary[]): string {
  const headers: Record<keyof UserSummary, string> = {
    email: "E-MAIL",
    username: "USERNAME",
    plan: "PLAN",
    ai_usage: "AI USE",
    timezone: "TIMEZONE",
    created_at: "CREATED",
  };
  const columns = Object.keys(headers) as (keyof UserSummary)[];
  const widths = columns.map((column) =>
    Math.max(headers[column].length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    line(columns.map((column) => headers[column])),
    ...rows.map((row) => line(columns.map((column) => row[column]))),
  ].join("\n");
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

async function invite(db: Db, email: string | undefined, extra: string[], now: Date, out: AdminOutput) {
  const address = email?.trim() ?? "";
  if (!EMAIL_SHAPE.test(address) || extra.length > 0) {
    out.error(`"invite" takes exactly one argument: an e-mail address.\n\n${ADMIN_HELP}`);
    return EXIT_USAGE;
  }
  const added = await insertInvite(db, address.toLowerCase(), now);
  out.info(
    added ? `Invited ${address}: it may sign up now.` : `${address} was already invited; nothing changed.`,
  );
  return EXIT_OK;
}

/**
 * Disabling takes effect at once: every credential of the account is looked up with it, and its
 * live-update streams are told to end.
 */
async function setAccountEnabled(db: Db, user: UserRow, enable: boolean, now: Date, out: AdminOutput) {
  const who = `${user.username} <${user.email}>`;
  if ((user.disabled_at === null) === enable) {
    out.info(`${who} is already ${enable ? "enabled" : "disabled"}; nothing changed.`);
    return EXIT_OK;
  }
  await setDisabledAt(db, user.id, enable ? null : now.toISOString());
  if (!enable) await endLiveStreams(db, user.id, { allBut: null });
  out.info(enable ? `${who} may sign in again.` : `${who} is disabled: every sign-in of it stopped.`);
  return EXIT_OK;
}

/** Runs one command line (argv after the script) and returns the process exit code. */
export async function runAdminCommand(
  deps: { db: Db; config: Config; now: Date },
  args: string[],
  out: AdminOutput,
): Promise<number> {
  const [command, target, ...extra] = args;
  const { db, config, now } = deps;

  if (!command || command === "help" || command === "--help" || command === "-h") {
    out.info(ADMIN_HELP);
    return command ? EXIT_OK : EXIT_USAGE;
  }

  if (command === "list-users") {
    const rows = await listUserSummaries(db, config, now);
    if (rows.length === 0) {
      out.info("No users yet.");
      return EXIT_OK;
    }
    out.info(formatTable(rows));
    out.info(`\n${rows.length} user${rows.length === 1 ? "" : "s"}`);
    return EXIT_OK;
  }

  if (command === "invite") return invite(db, target, extra, now, out);

  const userCommands = ["grant-premium", "revoke-premium", "reset-usage", "disable-user", "enable-user"];
  if (!userCommands.includes(command)) {
    out.error(`Unknown command "${command}".\n\n${ADMIN_HELP}`);
    return EXIT_USAGE;
  }
  if (!target || extra.length > 0) {
    out.error(`"${command}" takes exactly one argument: the user's e-mail or username.\n\n${ADMIN_HELP}`);
    return EXIT_USAGE;
  }
  const user = await findUserByEmailOrUsername(db, target);
  if (!user) {
    out.error(`No user with the e-mail or username "${target}".`);
    return EXIT_FAILURE;
  }
  const who = `${user.username} <${user.email}>`;

  if (command === "disable-user" || command === "enable-user") {
    return setAccountEnabled(db, user, command === "enable-user", now, out);
  }

  if (command === "reset-usage") {
    await resetUsage(db, user.id);
    out.info(`Reset this month's AI usage of ${who} to 0.`);
    return EXIT_OK;
  }

  const makePremium = command === "grant-premium";
  if ((user.is_premium === 1) === makePremium) {
    out.info(`${who} is already ${makePremium ? "Premium" : "on the free plan"}; nothing changed.`);
    return EXIT_OK;
  }
  const updated = await setPremium(db, user, makePremium, now);
  const limit = usageOf(config, updated, now).usage_limit;
  out.info(
    makePremium
      ? `${who} is now Premium (${limit} AI uses a month).`
      : `${who} is back on the free plan (${limit} AI uses a month).`,
  );
  return EXIT_OK;
}
