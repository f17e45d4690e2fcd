import { randomFillSync, randomUUID } from "node:crypto";

export function newId(): string {
  return randomUUID();
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
const bytes = new Uint8Array(16);
/** Random bytes drawn in bulk: one call to the system's generator per 256 ids. */
const pool = new Uint8Array(10 * 256);
let poolAt = pool.length;

/**
 * A time-ordered UUID (version 7, RFC 9562): the first 48 bits are the Unix time in milliseconds,
 * the rest random (74 bits) apart from the version and variant. Ids made one after another sort
 * together, so a new row's entry lands at the end of the primary-key index instead of on a random
 * page of it: an insert changes fewer pages, and a commit writes fewer to the WAL. Used for tasks,
 * whose creation time is no secret (created_at says it).
 */
export function newTimeOrderedId(now: number = Date.now()): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  bytes.set(pool.subarray(poolAt, poolAt + 10), 6);
  poolAt += 10;
  let time = now;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  let text = "";
  for (let index = 0; index < 16; index += 1) {
    if (index === 4 || index === 6 || index === 8 || index === 10) text += "-";
    text += HEX[bytes[index] as number];
  }
  return text;
}
