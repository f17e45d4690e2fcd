import { CompiledQuery, type Kysely, type Transaction } from "kysely";

/** More writes than this are left for the next commit, so one commit never grows without bound. */
const MAX_BATCH = 64;

/** The savepoint statements of each place in a batch, written once (not built per write). */
const SAVEPOINTS = Array.from({ length: MAX_BATCH }, (_, index) => ({
  open: CompiledQuery.raw(`savepoint w${index}`),
  release: CompiledQuery.raw(`release savepoint w${index}`),
  rollback: CompiledQuery.raw(`rollback to savepoint w${index}`),
}));

type Work<DB, T> = (trx: Transaction<DB>) => Promise<T>;

/**
 * What a write will read first, declared so that a batch reads it for all its writes at once (see
 * GroupCommit): `load` reads the rows of the given keys in one statement and keeps them for the
 * batch's transaction, where the writes then find them — each seeing the changes of the writes
 * before it (the loader's module keeps them up to date, see tasks/repository.ts).
 */
export interface Prefetch<DB> {
  load(trx: Transaction<DB>, keys: readonly string[]): Promise<void>;
  key: string;
}

interface Pending<DB> {
  work: Work<DB, unknown>;
  prefetch: Prefetch<DB> | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the write transactions that arrive while the database is busy committing (or
 * within one turn of the event loop) are run one after another inside ONE database transaction and
 * committed together — one fsync on SQLite (WAL, synchronous=FULL), one WAL flush on PostgreSQL —
 * instead of one each. One that fails is undone alone and only its caller sees the error, exactly
 * as with a transaction of its own. Nobody is answered before the shared COMMIT has returned: an
 * acknowledged write is as durable as before.
 *
 * How a failure is undone:
 * - `savepoints: true` (SQLite, where a statement costs microseconds): every write runs in its own
 *   savepoint, rolled back to when it fails.
 * - `savepoints: false` (PostgreSQL, where every statement is a round trip to the server): no
 *   savepoints; when a write fails, the whole batch is rolled back and each of its writes runs
 *   again alone, in a transaction of its own. A write may therefore run twice, so it must only
 *   touch the database, through the transaction it is given (which every write here does).
 *   With `pipelineWrites` (PostgreSQL, see postgres-driver.ts) that statement is run first in the
 *   batch's transaction, so that the writes whose answer nobody reads go out without waiting for
 *   it (a batch of such writes goes out with its COMMIT in one round trip); a write that arrives
 *   alone is such a batch too. When one of them fails, the COMMIT fails and each write runs again
 *   alone, where every statement is awaited. There, what the writes declared they read first
 *   (`Prefetch`) is read for the whole batch before the first write runs, one statement per kind
 *   instead of one round trip per write (a write that reads before it writes waits for that read;
 *   a batch of them would otherwise be as many round trips as writes).
 *
 * The writes of one batch run in order, never interleaved, so each sees the database as if it ran
 * alone after the previous ones. A write must use the transaction it is given (as with
 * `db.transaction()`), never the root database, which it would wait for.
 */
export class GroupCommit<DB> {
  readonly #db: Kysely<DB>;
  readonly #savepoints: boolean;
  readonly #pipelineWrites: CompiledQuery | undefined;
  #queue: Array<Pending<DB>> = [];
  #scheduled = false;
  #running = false;

  constructor(db: Kysely<DB>, options: { savepoints: boolean; pipelineWrites?: CompiledQuery }) {
    this.#db = db;
    this.#savepoints = options.savepoints;
    this.#pipelineWrites = options.savepoints ? undefined : options.pipelineWrites;
  }

  run<T>(work: Work<DB, T>, prefetch?: Prefetch<DB>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, prefetch, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /**
   * The next batch starts on the next turn of the event loop, after every request whose data
   * arrived in this one has queued its write (SQLite answers synchronously, so without this each
   * write would commit before the next request was even read).
   */
  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.#running = true;
    try {
      if (batch.length === 1 && !this.#pipelineWrites) await this.#commitAlone(batch[0] as Pending<DB>);
      else if (this.#savepoints) await this.#commitWithSavepoints(batch);
      else if (!(await this.#commitAllOrNothing(batch))) {
        for (const pending of batch) await this.#commitAlone(pending);
      }
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) this.#schedule();
    }
  }

  /** Its own transaction, as without group commit. */
  async #commitAlone(pending: Pending<DB>): Promise<void> {
    await this.#db.transaction().execute(pending.work).then(pending.resolve, pending.reject);
  }

  /** false when one write failed: then nothing of the batch was written and nobody was answered. */
  async #commitAllOrNothing(batch: Array<Pending<DB>>): Promise<boolean> {
    const values: unknown[] = [];
    const trx = await this.#db.startTransaction().execute();
    try {
      if (this.#pipelineWrites) await trx.executeQuery(this.#pipelineWrites);
      await prefetchAll(trx, batch);
      for (const { work } of batch) values.push(await work(trx));
      await trx.commit().execute();
    } catch {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      return false;
    }
    batch.forEach((pending, index) => pending.resolve(values[index]));
    return true;
  }

  async #commitWithSavepoints(batch: Array<Pending<DB>>): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      const trx = await this.#db.startTransaction().execute();
      try {
        for (const [index, { work }] of batch.entries()) {
          const savepoint = SAVEPOINTS[index] as (typeof SAVEPOINTS)[number];
          await trx.executeQuery(savepoint.open);
          try {
            const value = await work(trx);
            await trx.executeQuery(savepoint.release);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await trx.executeQuery(savepoint.rollback);
            await trx.executeQuery(savepoint.release);
            outcomes.push({ ok: false, error });
          }
        }
        await trx.commit().execute();
      } catch (error) {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        throw error;
      }
    } catch (error) {
      // BEGIN, a savepoint or COMMIT failed: nothing of the batch was written.
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }
}

/** Runs each kind of prefetch of the batch once, for all the keys declared. */
async function prefetchAll<DB>(trx: Transaction<DB>, batch: ReadonlyArray<Pending<DB>>): Promise<void> {
  const keysByLoader = new Map<Prefetch<DB>["load"], Set<string>>();
  for (const { prefetch } of batch) {
    if (!prefetch) continue;
    let keys = keysByLoader.get(prefetch.load);
    if (!keys) keysByLoader.set(prefetch.load, (keys = new Set()));
    keys.add(prefetch.key);
  }
  for (const [load, keys] of keysByLoader) await load(trx, [...keys]);
}
