import { CompiledQuery, type Kysely, type Transaction } from "kysely";

/** A query that commits and begins the next transaction at once, and how that COMMIT ended. */
export interface ChainedCommit {
  query: CompiledQuery;
  committed: Promise<void>;
}

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
  /** Keeps the rows of `keys` for `trx`, in place of any it kept before (none: keeps nothing). */
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
 *   a batch of them would otherwise be as many round trips as writes). With `chainCommits` too, a
 *   batch's COMMIT and the next batch's BEGIN and prefetch go out together (#commitAllOrNothing).
 *
 * The writes of one batch run in order, never interleaved, so each sees the database as if it ran
 * alone after the previous ones. A write must use the transaction it is given (as with
 * `db.transaction()`), never the root database, which it would wait for.
 */
export class GroupCommit<DB> {
  readonly #db: Kysely<DB>;
  readonly #savepoints: boolean;
  readonly #pipelineWrites: CompiledQuery | undefined;
  readonly #chainCommits: (() => ChainedCommit) | undefined;
  #queue: Array<Pending<DB>> = [];
  #scheduled = false;
  #running = false;

  constructor(
    db: Kysely<DB>,
    options: {
      savepoints: boolean;
      pipelineWrites?: CompiledQuery;
      /** Commits a pipelined transaction and begins the next at once (see #commitAllOrNothing). */
      chainCommits?: () => ChainedCommit;
    },
  ) {
    this.#db = db;
    this.#savepoints = options.savepoints;
    this.#pipelineWrites = options.savepoints ? undefined : options.pipelineWrites;
    this.#chainCommits = this.#pipelineWrites && options.chainCommits;
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
      else await this.#commitAllOrNothing(batch);
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) this.#schedule();
    }
  }

  /** Its own transaction, as without group commit. */
  async #commitAlone(pending: Pending<DB>): Promise<void> {
    await this.#db.transaction().execute(pending.work).then(pending.resolve, pending.reject);
  }

  /**
   * The batch in one transaction; when a write fails, it is rolled back and each write runs again
   * alone. With `chainCommits` (PostgreSQL), batches follow one another on one connection for as
   * long as writes keep coming: when a batch has run its writes and others have queued meanwhile,
   * its COMMIT goes out in one write with the next batch's BEGIN and prefetch, which PostgreSQL
   * runs after the COMMIT — so the next batch sees everything before it, as if it had begun after
   * the COMMIT's answer, without a round trip of its own. Each batch's callers are answered once
   * its COMMIT has answered, and the next batch's writes run only then; when that COMMIT fails,
   * the next batch, which has only read, is rolled back too and its writes queued again first.
   */
  async #commitAllOrNothing(first: Array<Pending<DB>>): Promise<void> {
    let batch = first;
    const trx = await this.#db.startTransaction().execute();
    if (this.#pipelineWrites) await trx.executeQuery(this.#pipelineWrites);
    let prefetched = prefetchAll(trx, batch);
    for (;;) {
      const values: unknown[] = [];
      let next: Array<Pending<DB>> = [];
      try {
        await prefetched;
        for (const { work } of batch) values.push(await work(trx));
        if (this.#chainCommits) next = this.#queue.splice(0, MAX_BATCH);
        if (next.length === 0 || !this.#chainCommits) await trx.commit().execute();
        else {
          const chained = this.#chainCommits();
          await trx.executeQuery(chained.query);
          prefetched = prefetchAll(trx, next, batch);
          // A failed prefetch fails the next batch, not this one.
          prefetched.catch(() => undefined);
          await chained.committed;
        }
      } catch {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        this.#queue.unshift(...next);
        for (const pending of batch) await this.#commitAlone(pending);
        return;
      }
      batch.forEach((pending, index) => pending.resolve(values[index]));
      if (next.length === 0) return;
      batch = next;
    }
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

/**
 * Runs each kind of prefetch of the batch once, for all the keys declared; in a transaction that
 * ran the `previous` batch, each kind that batch loaded and this one does not is loaded with no
 * keys, so that nothing kept for the previous batch is seen by this one.
 */
async function prefetchAll<DB>(
  trx: Transaction<DB>,
  batch: ReadonlyArray<Pending<DB>>,
  previous: ReadonlyArray<Pending<DB>> = [],
): Promise<void> {
  const keysByLoader = new Map<Prefetch<DB>["load"], Set<string>>();
  for (const { prefetch } of previous) if (prefetch) keysByLoader.set(prefetch.load, new Set());
  for (const { prefetch } of batch) {
    if (!prefetch) continue;
    let keys = keysByLoader.get(prefetch.load);
    if (!keys) keysByLoader.set(prefetch.load, (keys = new Set()));
    keys.add(prefetch.key);
  }
  for (const [load, keys] of keysByLoader) await load(trx, [...keys]);
}
