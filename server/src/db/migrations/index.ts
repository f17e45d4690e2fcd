import type { Migration } from "kysely";
import * as initial from "./0001-initial";

/** Every migration, in order. Add new ones at the end; never edit a released one. */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};
