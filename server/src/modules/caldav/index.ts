/** What other modules use of CalDAV: the app passwords, to list and end with the account password. */
export { listAppPasswords, revokeAllAppPasswords } from "./app-passwords";
