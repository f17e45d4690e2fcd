import {
  CompiledQuery,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type pg from "pg";
import type { ChainedCommit } from "./group-commit";
import { isCompiledOnce } from "./prepared-query";

/**
 * PostgreSQL through node-postgres, as Kysely's own PostgresDialect, with fewer round trips (every
 * statement is one: a socket write, the server's answer, a read):
 *
 * - BEGIN is not sent on its own: it goes out in the same write as the transaction's first
 *   statement (pipelined, node-postgres's `pipeline` mode), and a transaction that runs no
 *   statement sends nothing at all.
 * - In a transaction that has run PIPELINE_WRITES (group commit's batches, see GroupCommit), a
 *   write marked with `unawaited()` — one whose caller needs no answer before it goes on — is sent
 *   without waiting for its answer: it goes out with the statement that follows it (at the latest
 *   once the current chain of promises has settled), and a batch of such writes goes out with its
 *   COMMIT in one write. Kysely is answered with no rows at once (nobody reads them). If such a
 *   write fails, the transaction is aborted, COMMIT does not commit and throws that write's error
 *   (so group commit rolls the batch back and runs each write again alone, where every statement
 *   is awaited and the failing one's caller gets its own error).
 * - There too, `commitAndBeginAgain()` commits and begins the next transaction on the same
 *   connection without waiting for the COMMIT's answer: the next transaction's first statement
 *   goes out in the same write as the COMMIT (group commit's next batch and its first read).
 *
 * - A statement compiled once (prepared-query.ts: one of a fixed few texts) runs as a named
 *   prepared statement: PostgreSQL parses and plans it once per connection, not for each
 *   execution. Not one that selects `*`: a migration that adds a column (another instance's, while
 *   this one runs) would change a prepared result's shape, which PostgreSQL refuses; any other
 *   change to a table it uses, it plans the statement again for by itself.
 *
 * Every other statement is sent and awaited as by Kysely's driver.
 */
export function pipelinedPostgresDialect(pool: pg.Pool) {
  return new (class extends PostgresDialect {
    override createDriver(): Driver {
      return new PipelinedPostgresDriver(pool);
    }
  })({ pool });
}

/**
 * Run first in a transaction: from then on its unawaited() writes are pipelined (see above).
 * Never reaches the server.
 */
export const PIPELINE_WRITES = CompiledQuery.raw("/* tasklane: pipeline unawaited writes */");

const unawaitedQueries = new WeakSet<CompiledQuery>();

/** Marks a write whose answer its caller does not need before it goes on; see above. */
export function unawaited<Q extends CompiledQuery>(query: Q): Q {
  unawaitedQueries.add(query);
  return query;
}

type Settled = { ok: true } | { ok: false; error: unknown };
/** The COMMIT of each commitAndBeginAgain() query, told how it ended. */
const chainedCommits = new WeakMap<CompiledQuery, (outcome: Settled) => void>();

/**
 * Run in a transaction that pipelines writes (PIPELINE_WRITES): commits it and begins the next on
 * the same connection at once, without waiting for the COMMIT's answer — the new transaction's
 * first statement goes out in the same write as the COMMIT, and PostgreSQL runs it once the COMMIT
 * is done, so it sees everything committed. `committed` settles with the COMMIT's answer: it
 * rejects, as a COMMIT would throw, when the transaction was rolled back instead.
 */
export function commitAndBeginAgain(): ChainedCommit {
  const query = CompiledQuery.raw("/* tasklane: commit, then begin again */");
  const committed = new Promise<void>((resolve, reject) => {
    chainedCommits.set(query, (outcome) => (outcome.ok ? resolve() : reject(outcome.error)));
  });
  return { query, committed };
}

/** Throws when a COMMIT did not commit: an unawaited write failed, and the COMMIT rolled back. */
function throwUnlessCommitted(
  result: pg.QueryResult,
  transaction: { failure?: { error: unknown } },
  pipelining: boolean,
): void {
  if (transaction.failure) throw transaction.failure.error;
  // A transaction aborted by a statement nobody awaited answers COMMIT with ROLLBACK.
  if (pipelining && result.command === "ROLLBACK") throw new Error("The transaction was rolled back");
}

/** The prepared statement's name of each text compiled once (undefined: not prepared). */
const statementNames = new Map<string, string | undefined>();

function statementName(sql: string): string | undefined {
  if (statementNames.has(sql)) return statementNames.get(sql);
  if (!isCompiledOnce(sql)) return undefined;
  const selectsAll = sql.replaceAll("count(*)", "").includes("*");
  const name = selectsAll ? undefined : `tasklane_${statementNames.size + 1}`;
  statementNames.set(sql, name);
  return name;
}

class PipelinedPostgresDriver extends PostgresDriver {
  readonly #pool: pg.Pool;
  readonly #connections = new WeakMap<pg.PoolClient, PipelinedConnection>();

  constructor(pool: pg.Pool) {
    super({ pool });
    this.#pool = pool;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.#pool.connect();
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new PipelinedConnection(client);
      this.#connections.set(client, connection);
    }
    return connection;
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    let begin = "begin";
    if (settings.isolationLevel || settings.accessMode) {
      begin = "start transaction";
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    (connection as PipelinedConnection).begin(begin);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).end("commit");
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).end("rollback");
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PipelinedConnection).release();
  }
}

function resultOf<R>({ command, rowCount, rows }: pg.QueryResult): QueryResult<R> {
  const changes = command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE";
  return {
    numAffectedRows: changes ? BigInt(rowCount ?? 0) : undefined,
    rows: (rows ?? []) as R[],
  };
}

class PipelinedConnection implements DatabaseConnection {
  readonly #client: pg.PoolClient;
  /** The BEGIN of the current transaction, until it goes out with the first statement. */
  #begin: string | undefined;
  #pipelining = false;
  /**
   * The current transaction: the first error of a statement sent without waiting in it (each such
   * statement keeps the transaction it was sent in, so that one ended by commitAndBeginAgain and
   * the next are told apart).
   */
  #transaction: { failure?: { error: unknown } } = {};
  #corked = false;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  begin(statement: string): void {
    this.#begin = statement;
    this.#pipelining = false;
    this.#transaction = {};
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled === PIPELINE_WRITES) {
      this.#pipelining = true;
      return { rows: [] };
    }
    const settle = chainedCommits.get(compiled);
    if (settle) {
      this.#commitAndBeginAgain(settle);
      return { rows: [] };
    }
    const query = {
      text: compiled.sql,
      values: compiled.parameters as unknown[],
      name: statementName(compiled.sql),
    };
    if (this.#pipelining && unawaitedQueries.has(compiled)) {
      this.#cork();
      this.#sendBegin();
      const transaction = this.#transaction;
      this.#client.query(query).catch((error: unknown) => {
        transaction.failure ??= { error };
      });
      return { rows: [] };
    }
    return resultOf(await this.#awaited(query));
  }

  // eslint-disable-next-line require-yield -- nothing here streams; Kysely's driver needs pg-cursor for it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming a query is not supported by this PostgreSQL driver");
  }

  /** COMMIT or ROLLBACK. A COMMIT after a failed unawaited write throws that write's error. */
  async end(statement: "commit" | "rollback"): Promise<void> {
    if (this.#begin !== undefined) {
      // No statement ran: there is no transaction on the server to end.
      this.#begin = undefined;
      this.#uncork();
      return;
    }
    const pipelining = this.#pipelining;
    const transaction = this.#transaction;
    this.#pipelining = false;
    this.#transaction = {};
    // Every earlier statement's answer comes before this one's.
    const result = await this.#awaited({ text: statement });
    if (statement === "commit") throwUnlessCommitted(result, transaction, pipelining);
  }

  /**
   * COMMIT, sent without waiting, and a new transaction begun (its BEGIN goes out with its first
   * statement, in the same write when that follows at once); `settle` learns whether the COMMIT
   * committed. The new transaction pipelines unawaited writes as the one it follows did, and has
   * no settings (group commit's never have).
   */
  #commitAndBeginAgain(settle: (outcome: Settled) => void): void {
    const transaction = this.#transaction;
    const pipelining = this.#pipelining;
    this.#transaction = {};
    this.#begin = "begin";
    this.#cork();
    this.#client.query({ text: "commit" }).then(
      (result) => {
        try {
          throwUnlessCommitted(result, transaction, pipelining);
          settle({ ok: true });
        } catch (error) {
          settle({ ok: false, error });
        }
      },
      (error: unknown) => settle({ ok: false, error }),
    );
  }

  release(): void {
    this.#uncork();
    this.#begin = undefined;
    this.#pipelining = false;
    this.#transaction = {};
    this.#client.release();
  }

  /** Sends the statement (with a pending BEGIN and unawaited writes in the same write) and waits. */
  async #awaited(config: pg.QueryConfig): Promise<pg.QueryResult> {
    if (this.#begin === undefined) {
      const query = this.#client.query(config);
      this.#uncork();
      return query;
    }
    this.#cork();
    const begin = this.#sendBegin();
    const query = this.#client.query(config);
    this.#uncork();
    const [, result] = await Promise.all([begin, query]);
    return result;
  }

  /** The pending BEGIN, sent (a failure is also kept for COMMIT, as an unawaited write's). */
  #sendBegin(): Promise<unknown> | undefined {
    if (this.#begin === undefined) return undefined;
    const begin = this.#client.query(this.#begin);
    this.#begin = undefined;
    const transaction = this.#transaction;
    begin.catch((error: unknown) => {
      transaction.failure ??= { error };
    });
    return begin;
  }

  #cork(): void {
    if (this.#corked) return;
    this.#client.connection.stream.cork();
    this.#corked = true;
    // What is corked goes out once the current chain of promises has settled, whatever follows:
    // a transaction whose last statement was an unawaited write must not wait for it forever.
    process.nextTick(() => this.#uncork());
  }

  #uncork(): void {
    if (!this.#corked) return;
    this.#corked = false;
    this.#client.connection.stream.uncork();
  }
}
