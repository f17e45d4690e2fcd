// Allowed: a repository writes SQL.
import { sql } from "kysely";

export const latest = sql`select max(created_at) from tasks`;
