import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/**
 * A query made on the database's root handle while a transaction's callback runs, instead of on the transaction's
 * handle: on PGlite (one connection, which the transaction holds) it waits forever; on PostgreSQL it takes a second
 * pooled connection, reads outside the transaction and, with every connection held that way, deadlocks the pool. The
 * guard refuses it on both engines, so that the PostgreSQL pass finds what only PGlite would otherwise show as a hang.
 */
export class RootQueryInsideTransaction extends Error {
  constructor() {
    super('a query on the root database handle inside a transaction: use the transaction handle (trx) instead');
    this.name = 'RootQueryInsideTransaction';
  }
}

interface OpenTransaction {
  open: boolean;
}

const openTransactions = new AsyncLocalStorage<OpenTransaction>();

/** Throws RootQueryInsideTransaction when called from within an open transaction's callback. */
export function assertOutsideTransaction(): void {
  if (openTransactions.getStore()?.open) throw new RootQueryInsideTransaction();
}

/**
 * Runs `work` as a flow of its own, outside the transaction whose callback starts it: for a test that holds a
 * transaction open on PostgreSQL while another connection acts (two transactions at once, a lock wait).
 */
export function besideTransaction<T>(work: () => T): T {
  return openTransactions.exit(work);
}

/**
 * Kysely calls `beginTransaction` synchronously from the transaction's consumer, before the callback: entering the
 * store there, before the first await, marks the callback's asynchronous context (and only the work it starts) as
 * inside the transaction. Commit and rollback close it; what the callback left running may use the root handle after.
 */
class GuardedDriver implements Driver {
  readonly #inner: Driver;
  readonly #transactions = new WeakMap<DatabaseConnection, OpenTransaction>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    assertOutsideTransaction();
    return this.#inner.acquireConnection();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const transaction = { open: true };
    this.#transactions.set(connection, transaction);
    openTransactions.enterWith(transaction);
    return this.#inner.beginTransaction(connection, settings).catch((error: unknown) => {
      transaction.open = false;
      throw error;
    });
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#close(connection);
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#close(connection);
    return this.#inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  #close(connection: DatabaseConnection): void {
    const transaction = this.#transactions.get(connection);
    if (transaction) transaction.open = false;
  }
}

/** The dialect with its driver guarded against root-handle queries inside a transaction (both engines use it). */
export function guardedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>) => dialect.createIntrospector(db),
  };
}
