// Refused: SQL outside a repository.
import { sql } from "kysely";

export const latest = sql`select max(created_at) from tasks`;
