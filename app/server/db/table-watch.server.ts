/**
 * Which tables a piece of work read, and which tables were changed: the page cache's exact
 * invalidation (issue 17). The database's Kysely driver is wrapped (`watchTables`) so that every
 * statement, whoever runs it, is seen on its way to the database:
 * - a read inside a `readScope` adds its tables to that scope (what a cached page depends on);
 * - a write reports its tables to `TableChanges` once it is durable: at once outside a transaction,
 *   at commit inside one (nothing on rollback). It is also reported when the statement runs, so a
 *   page rendered while the transaction is open is never kept (see `TableChanges.since`).
 * Tables are read off the SQL text, which covers Kysely's queries and raw `sql` alike. A name that
 * is not a table (a CTE, `extract(... from x)`) only adds a dependency that never changes.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";

const READ_TABLES = /\b(?:from|join)\s+(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const WRITTEN_TABLES = /\b(?:insert\s+(?:or\s+\w+\s+)?into|update(?:\s+or\s+\w+)?|delete\s+from|truncate(?:\s+table)?|alter\s+table|drop\s+table(?:\s+if\s+exists)?|create\s+(?:unique\s+)?index(?:\s+if\s+not\s+exists)?\s+"?\w+"?\s+on)\s+(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const WRITE_STATEMENT = /^\s*(?:with\b[\s\S]*?\b)?(?:insert|update|delete|replace|truncate|alter|drop|create)\b/i;
/** Statements that name no table: transaction control, settings, notifications. */
const CONTROL = /^\s*(?:begin|commit|rollback|savepoint|release|set|pragma|listen|unlisten|notify|select\s+pg_notify|select\s+1\b)/i;
/**
 * `update t set c = c where …`: a row lock taken by a write that changes nothing (lockCar). It
 * reads the table; reporting it as a change would drop every page that shows the table.
 */
const SELF_ASSIGNMENT = /^\s*update\s+(?:"?\w+"?\.)?"?[a-z_][a-z0-9_]*"?\s+set\s+"?([a-z_][a-z0-9_]*)"?\s*=\s*"?([a-z_][a-z0-9_]*)"?\s+where\b/i;
const UPDATED_TABLE = /^\s*update\s+(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
/** Words after "update"/"from" that are not tables (`on conflict do update set`, `distinct from`). */
const NOT_TABLES = new Set(["set", "select", "lateral", "only", "unnest", "json_each", "jsonb_array_elements", "generate_series"]);

function names(pattern: RegExp, text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!NOT_TABLES.has(name)) found.add(name);
  }
  return [...found];
}

/** Statements already read, per SQL text (the same few hundred texts come again and again). */
const known = new Map<string, { reads: string[]; writes: string[] }>();
const KNOWN_TEXTS = 2_000;

/** What one SQL statement reads and writes. */
export function statementTables(sqlText: string): { reads: string[]; writes: string[] } {
  let tables = known.get(sqlText);
  if (!tables) {
    const read = readStatement(sqlText);
    // shared by every run of the statement, so frozen
    tables = Object.freeze({ reads: Object.freeze(read.reads) as string[], writes: Object.freeze(read.writes) as string[] });
    if (known.size >= KNOWN_TEXTS) known.clear();
    known.set(sqlText, tables);
  }
  return tables;
}

function readStatement(sqlText: string): { reads: string[]; writes: string[] } {
  if (CONTROL.test(sqlText)) return { reads: [], writes: [] };
  const self = SELF_ASSIGNMENT.exec(sqlText);
  if (self && self[1]!.toLowerCase() === self[2]!.toLowerCase()) return { reads: [...new Set([...names(UPDATED_TABLE, sqlText), ...names(READ_TABLES, sqlText)])], writes: [] };
  if (WRITE_STATEMENT.test(sqlText)) return { reads: names(READ_TABLES, sqlText), writes: names(WRITTEN_TABLES, sqlText) };
  return { reads: names(READ_TABLES, sqlText), writes: [] };
}

/** The tables read while a scope's work ran (its async continuations included). */
export interface ReadScope {
  tables: Set<string>;
}

const scopes = new AsyncLocalStorage<ReadScope>();

/** The scope the current work runs in (none outside `readScope`). */
export function currentReadScope(): ReadScope | undefined {
  return scopes.getStore();
}

/** Runs `work` recording every table it reads into `scope`. */
export function readScope<T>(scope: ReadScope, work: () => T): T {
  return scopes.run(scope, work);
}

type Listener = (tables: readonly string[]) => void;

/** Reported when what changed is not known table by table (a write by another SQLite connection). */
export const ANY_TABLE = "*";

/**
 * The change feed of one database: a sequence number that moves on every reported change, the
 * last change of each table, and listeners (the page cache; the cross-instance notifier).
 */
export class TableChanges {
  #seq = 0;
  #last = new Map<string, number>();
  #listeners = new Set<Listener>();
  #localListeners = new Set<Listener>();
  #fresh: () => boolean = () => false;

  /**
   * Whether this feed can be trusted now to name every change: on SQLite it asks the file whether
   * another connection committed (then reports ANY_TABLE); on PostgreSQL, whether the instance
   * hears the others (LISTEN). Untrusted (the default, e.g. PostgreSQL without a listener), what is
   * kept from the database must be read again.
   */
  fresh(): boolean {
    return this.#fresh();
  }

  /** Sets the check behind `fresh()`. */
  trustWhen(check: () => boolean): void {
    this.#fresh = check;
  }

  /** The current position; compare with `since` later. */
  now(): number {
    return this.#seq;
  }

  /** True when one of `tables` (or everything: `ANY_TABLE`) changed after position `seq`. */
  since(seq: number, tables: Iterable<string>): boolean {
    if ((this.#last.get(ANY_TABLE) ?? -1) > seq) return true;
    for (const table of tables) if ((this.#last.get(table) ?? -1) > seq) return true;
    return false;
  }

  /**
   * Reports that `tables` changed: here (durable once committed), here but not yet committed
   * (`durable: false`: only moves the position), or on another instance (`remote`).
   */
  changed(tables: readonly string[], options: { remote?: boolean; durable?: boolean } = {}): void {
    if (tables.length === 0) return;
    const seq = ++this.#seq;
    for (const table of tables) this.#last.set(table, seq);
    if (options.durable === false) return;
    for (const listener of this.#listeners) listener(tables);
    if (!options.remote) for (const listener of this.#localListeners) listener(tables);
  }

  /** Called on every durable change, local or remote. */
  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Called on every durable change made by this process (to tell the other instances). */
  onLocalChange(listener: Listener): () => void {
    this.#localListeners.add(listener);
    return () => this.#localListeners.delete(listener);
  }
}

class WatchedConnection implements DatabaseConnection {
  /** Tables written inside the open transaction, reported at commit. */
  pending: Set<string> | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly changes: TableChanges,
  ) {}

  #observe(compiled: CompiledQuery): string[] {
    const { reads, writes } = statementTables(compiled.sql);
    const scope = scopes.getStore();
    if (scope) for (const table of reads) scope.tables.add(table);
    if (writes.length > 0) {
      // Seen now, so a page read during the write is not kept; reported for good once durable.
      this.changes.changed(writes, { durable: false });
      if (this.pending) for (const table of writes) this.pending.add(table);
    }
    return writes;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const writes = this.#observe(compiled);
    const result = await this.inner.executeQuery<R>(compiled);
    if (writes.length > 0 && !this.pending) this.changes.changed(writes);
    return result;
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.#observe(compiled);
    yield* this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

function inner(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WatchedConnection ? connection.inner : connection;
}

class WatchedDriver implements Driver {
  constructor(
    private readonly driver: Driver,
    private readonly changes: TableChanges,
  ) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.driver.acquireConnection(), this.changes);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.driver.beginTransaction(inner(connection), settings);
    if (connection instanceof WatchedConnection) connection.pending = new Set();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.driver.commitTransaction(inner(connection));
    if (connection instanceof WatchedConnection && connection.pending) {
      const written = [...connection.pending];
      connection.pending = null;
      this.changes.changed(written);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    if (connection instanceof WatchedConnection) connection.pending = null;
    await this.driver.rollbackTransaction(inner(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.driver.savepoint?.(inner(connection), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.driver.rollbackToSavepoint?.(inner(connection), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    await this.driver.releaseSavepoint?.(inner(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection(inner(connection));
  }

  destroy() {
    return this.driver.destroy();
  }
}

/** `dialect` with every statement observed by `changes` and the current read scope. */
export function watchTables(dialect: Dialect, changes: TableChanges): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), changes),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

const feeds = new WeakMap<object, TableChanges>();

/** Names `changes` as the feed of `kysely` (the database handle made with `watchTables`). */
export function registerFeed(kysely: object, changes: TableChanges): void {
  feeds.set(kysely, changes);
}

/** The change feed of a database handle; none for a transaction or an unwatched handle. */
export function feedOf(kysely: object): TableChanges | undefined {
  return feeds.get(kysely);
}
