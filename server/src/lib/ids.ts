import { randomFillSync, randomUUID } from "node:crypto";
import { v7 as uuidV7 } from "uuid";

export function newId(): string {
  return randomUUID();
}

/**
 * A time-ordered UUID (version 7, RFC 9562, from the `uuid` library): the first 48 bits are the
 * Unix time in milliseconds, the rest random apart from the version and variant. Ids made one
 * after another sort together, so a new row's entry lands at the end of the primary-key index
 * instead of on a random page of it: an insert changes fewer pages, and a commit writes fewer to
 * the WAL. Used for tasks, whose creation time is no secret (created_at says it).
 */
export function newTimeOrderedId(now: number = Date.now()): string {
  return uuidV7({ msecs: now, random: randomBytes16() });
}

/**
 * 16 random bytes from a pool filled 4 KB at a time: the `uuid` library asks the system for 16
 * bytes per id (crypto.getRandomValues), which cost about 6 µs of every POST (Node's randomUUID
 * keeps such a pool too). The bytes are a fresh view: the library only reads them.
 */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let taken = POOL_BYTES;

function randomBytes16(): Uint8Array {
  if (taken + 16 > POOL_BYTES) {
    randomFillSync(pool);
    taken = 0;
  }
  taken += 16;
  return pool.subarray(taken - 16, taken);
}
