/**
 * The whole task list after a change, made through this instance or any other, from the list as
 * it was before and the few tasks written or deleted since, instead of reading and serialising
 * every task again.
 *
 * Why it is exact, with any number of server instances on one database: every change to a user's
 * tasks moves the user's data version (users.tasks_version) on by one in the same transaction,
 * and those moves are serialised by the user row (SQLite has one writer; PostgreSQL locks the
 * row). The same transaction sets every task it creates or changes to the version it moved the
 * data to (tasks.version), and records every task it deletes at that version (task_deletions;
 * see tasks/repository.ts). So the tasks that differ between a list kept at version A and the data
 * at version B are exactly the tasks of version above A and the deletions of version above A.
 * Those are read (the tasks first, then the deletions and the version in one statement): when the
 * version read last still is B, the version read with the session, nothing changed in between
 * (versions only grow), the rows read are B's, and every other task is as it was at A. Else, or
 * when more than MAX_CHANGED_TASKS changed, the list is read whole as before.
 *
 * Deletions are kept for the last DELETIONS_KEPT_VERSIONS versions of each user (each deletion
 * drops older ones), so a kept list older than that is read whole. A change made by an instance of
 * a release before migration 0011 moves the version without writing any: the user row's span of
 * versions whose every change wrote its version (tasks_versioned_from/_to, read with the
 * deletions) then does not reach from A to B, and the list is read whole.
 *
 * A kept list is a base only when the version it was read at is known exactly: read before the
 * list (with the session) and after it, and the same both times.
 */

import { LRUCache } from "lru-cache";
import type { TaskJson } from "@contract/tasks";
import type { TaskRow } from "../../db/schema";
import { compareInListOrder } from "./repository";

/** Changed tasks beyond which reading the whole list is as quick as placing each one. */
export const MAX_CHANGED_TASKS = 200;
/** Versions of a user's deletions kept: a list older than this many versions is read whole. */
export const DELETIONS_KEPT_VERSIONS = 1_000;

/** A whole list's text as kept: the data version it shows, when known exactly, and where its tasks start. */
export interface KeptList {
  body: Buffer;
  version?: number;
  starts?: Int32Array;
}

/** A list's JSON text with where each task's object starts. */
export interface TaskListText {
  body: Buffer;
  /** The offset of each task's `{`, then the body's length (so task i ends before starts[i+1] - 1). */
  starts: Int32Array;
}

const TASK_START = Buffer.from('{"id":');
const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

/**
 * Where each task starts in a list's JSON text (a JSON array of tasks, each an object whose first
 * key is "id"). `{"id":` is found nowhere else: inside a JSON string every `"` is escaped, and no
 * other object of the list has an "id" key.
 */
export function taskStarts(body: Buffer): Int32Array {
  const starts: number[] = [];
  for (let at = body.indexOf(TASK_START); at !== -1; at = body.indexOf(TASK_START, at + TASK_START.length)) {
    starts.push(at);
  }
  starts.push(body.length);
  return Int32Array.from(starts);
}

type ListKeys = Pick<TaskRow, "status" | "due_date" | "created_at" | "id">;

/** The index in `starts` (ascending) holding exactly `offset`; -1 when none does. */
function indexOfStart(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] as number) < offset) low = middle + 1;
    else high = middle;
  }
  return starts[low] === offset ? low : -1;
}

/**
 * `list` with the tasks `changedIds` taken out, and `tasks` (those of them that exist now, as
 * rows and as the JSON text JSON.stringify writes of them) put in at their places in list order.
 * The list order compares only the status (open or finished), due date, creation time and id,
 * which the text of each task holds: each place is found by a binary search over the list.
 * undefined when a task of the list is not where its text says (never, for a list this module or
 * the database wrote).
 */
export function spliceTaskList(
  list: TaskListText,
  changedIds: Iterable<string>,
  tasks: ReadonlyArray<{ row: ListKeys; text: Buffer }>,
): TaskListText | undefined {
  const { body, starts } = list;
  const count = starts.length - 1;
  const removed = new Set<number>();
  for (const id of changedIds) {
    const offset = body.indexOf(`{"id":${JSON.stringify(id)},`);
    if (offset === -1) continue;
    const index = indexOfStart(starts, offset);
    if (index === -1 || index === count) return undefined;
    removed.add(index);
  }
  const keysAt = (index: number): ListKeys =>
    JSON.parse(body.toString("utf8", starts[index], (starts[index + 1] as number) - 1)) as TaskJson;
  const inserted = tasks
    .map((task) => {
      let low = 0;
      let high = count;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareInListOrder(keysAt(middle), task.row) < 0) low = middle + 1;
        else high = middle;
      }
      return { at: low, ...task };
    })
    .sort((a, b) => a.at - b.at || compareInListOrder(a.row, b.row));

  const pieces: Buffer[] = [OPEN];
  const newStarts = new Int32Array(count - removed.size + inserted.length + 1);
  let written = 0;
  let length = OPEN.length;
  const separate = () => {
    if (written === 0) return;
    pieces.push(COMMA);
    length += COMMA.length;
  };
  /** Tasks from..to-1 of the list, none of them taken out: one slice, commas and all. */
  const keep = (from: number, to: number) => {
    if (from >= to) return;
    separate();
    const first = starts[from] as number;
    for (let index = from; index < to; index += 1)
      newStarts[written++] = length + (starts[index] as number) - first;
    const slice = body.subarray(first, (starts[to] as number) - 1);
    pieces.push(slice);
    length += slice.length;
  };
  const breaks = [...new Set([...removed, ...inserted.map((task) => task.at)])].sort((a, b) => a - b);
  let from = 0;
  let next = 0;
  for (const at of breaks) {
    keep(from, at);
    for (; next < inserted.length && inserted[next]?.at === at; next += 1) {
      separate();
      newStarts[written++] = length;
      const text = (inserted[next] as { text: Buffer }).text;
      pieces.push(text);
      length += text.length;
    }
    from = removed.has(at) ? at + 1 : at;
  }
  keep(from, count);
  pieces.push(CLOSE);
  length += CLOSE.length;
  newStarts[written] = length;
  return { body: Buffer.concat(pieces, length), starts: newStarts };
}

/** Bytes of kept whole lists at most (a 10,000-task list is about 3.9 MB). */
const BASES_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Per user, the latest whole list whose exact data version is known: the base the next list after
 * a change is made from. Apart from the answers kept per version (AnswerCache), which drops a
 * user's answers as soon as one of a newer version is kept (the statistics after a change, say):
 * a base stays exact for its own version whatever happened since. Mostly the same bytes as the
 * kept answer; bounded by bytes, least recently used first.
 */
export class TaskListBases {
  readonly #lists = new LRUCache<string, KeptList>({
    maxSize: BASES_MAX_BYTES,
    maxEntrySize: BASES_MAX_BYTES / 4,
    sizeCalculation: (list) => Math.max(1, list.body.length + (list.starts?.byteLength ?? 0)),
  });

  get(userId: string): KeptList | undefined {
    return this.#lists.get(userId);
  }

  /** Keeps `list` unless a list of a version as new is kept already (requests may finish out of order). */
  offer(userId: string, list: KeptList): void {
    const kept = this.#lists.peek(userId);
    if (list.version === undefined || (kept?.version !== undefined && kept.version >= list.version)) return;
    this.#lists.set(userId, list);
  }
}
