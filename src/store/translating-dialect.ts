/**
 * A Kysely dialect around the real one whose driver reports every error to the store's health tracker and turns
 * "the store is unreachable" errors into StoreUnavailableError, so every query (the migrator's included) fails
 * the same recognisable way on SQLite and PostgreSQL, and a success marks the end of an outage.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { isTransientStoreError, StoreUnavailableError } from './errors.js';
import type { StoreHealth } from './health.js';

class TranslatingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #guard: <T>(run: () => Promise<T>) => Promise<T>;
  constructor(inner: DatabaseConnection, guard: <T>(run: () => Promise<T>) => Promise<T>) {
    this.inner = inner;
    this.#guard = guard;
  }
  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#guard(() => this.inner.executeQuery<R>(compiledQuery));
  }
  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof TranslatingConnection ? connection.inner : connection;
}

class TranslatingDriver implements Driver {
  readonly #inner: Driver;
  readonly #health: StoreHealth;
  constructor(inner: Driver, health: StoreHealth) {
    this.#inner = inner;
    this.#health = health;
  }

  readonly guard = async <T>(run: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      const unavailable = isTransientStoreError(error);
      this.#health.failed(error, unavailable);
      throw unavailable && !(error instanceof StoreUnavailableError) ? new StoreUnavailableError(error) : error;
    }
    this.#health.succeeded();
    return result;
  };

  // Setting up (a pool that has not connected yet) proves nothing about the database: only failures count here.
  async init(): Promise<void> {
    try {
      await this.#inner.init();
    } catch (error) {
      const unavailable = isTransientStoreError(error);
      this.#health.failed(error, unavailable);
      throw unavailable ? new StoreUnavailableError(error) : error;
    }
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new TranslatingConnection(await this.guard(() => this.#inner.acquireConnection()), this.guard);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.guard(() => this.#inner.beginTransaction(unwrap(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.#inner.commitTransaction(unwrap(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.#inner.rollbackTransaction(unwrap(connection)));
  }
  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.#inner.savepoint) throw new Error('savepoints are not supported by this dialect');
    return this.guard(() => this.#inner.savepoint!(unwrap(connection), name, compileQuery));
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.#inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this dialect');
    return this.guard(() => this.#inner.rollbackToSavepoint!(unwrap(connection), name, compileQuery));
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.#inner.releaseSavepoint) throw new Error('savepoints are not supported by this dialect');
    return this.guard(() => this.#inner.releaseSavepoint!(unwrap(connection), name, compileQuery));
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(unwrap(connection));
  }
  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

export class TranslatingDialect implements Dialect {
  readonly #inner: Dialect;
  readonly #health: StoreHealth;
  constructor(inner: Dialect, health: StoreHealth) {
    this.#inner = inner;
    this.#health = health;
  }
  createDriver(): Driver {
    return new TranslatingDriver(this.#inner.createDriver(), this.#health);
  }
  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }
  createAdapter() {
    return this.#inner.createAdapter();
  }
  createIntrospector(db: Kysely<any>) {
    return this.#inner.createIntrospector(db);
  }
}
