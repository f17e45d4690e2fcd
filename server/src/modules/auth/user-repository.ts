import type { Db } from "../../db/database";
import type { NewUser, UserRow, UserUpdate } from "../../db/schema";

/** E-mails are compared case-insensitively. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email_lower", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Usernames too: they become the inbound address, whose local part mail servers fold. */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("username_lower", "=", username.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<UserRow> {
  return db.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("created_at").orderBy("email_lower").execute();
}

/** Deletes the account; every table holding the user's rows cascades from users. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", id).execute();
}
