/**
 * Opens the database named by DATABASE_URL: SQLite (better-sqlite3, WAL, foreign keys on) for
 * `file:`/`sqlite:` URLs or none, PostgreSQL (pg) for `postgres://`. One Kysely type for both.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type LogEvent, type MigrationResultSet, type SqliteDialectConfig } from "kysely";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import type { Database } from "./schema";
import { checkpointInBackground, type BackgroundCheckpoints } from "./checkpoints.server";
import { ANY_TABLE, registerFeed, TableChanges, watchTables } from "./table-watch.server";

export type Engine = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** the PostgreSQL schema the connection is bound to, when not the default one */
  schema?: string;
  /** A description safe to log (no password). */
  label: string;
  /** PostgreSQL: the connection pool (its sizes are metrics) */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** Every committed write, by table (the page cache's invalidation; app/server/db/table-watch.server.ts). */
  changes: TableChanges;
  /**
   * SQLite: true when another connection (a script, a test, another process) committed to the
   * file since the last call: writes this process cannot see table by table.
   */
  writtenElsewhere?: () => boolean;
  /**
   * SQLite file: moves WAL checkpoints to a worker thread (app/server/db/checkpoints.server.ts;
   * the server does, scripts and tests keep SQLite's own). Stopped by `close()`.
   */
  checkpointInBackground?: () => void;
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_FILE = "data/app.db";

/** Told of every statement's time in milliseconds and whether it succeeded (the metrics' query timings). */
export const queryObservers = new Set<(ms: number, ok: boolean) => void>();

/** Kysely's log hook: hands each statement's duration to the observers (none: nothing to do). */
const observeQueries = (event: LogEvent) => {
  if (queryObservers.size === 0) return;
  for (const observe of queryObservers) observe(event.queryDurationMillis, event.level === "query");
};

/**
 * How long the app waits on PostgreSQL (milliseconds). A server that silently drops packets must
 * not hold a request for minutes: the connection attempt, each statement on the server, and each
 * query as the client sees it (covering a dead network, where the server never hears the cancel)
 * all have a limit, dead connections are noticed by TCP keepalive, and a transaction left open by
 * a crashed request is ended by the server.
 */
export const PG_TIMEOUTS = {
  connect: 5_000,
  statement: 10_000,
  query: 15_000,
  idleInTransaction: 30_000,
  keepAliveInitialDelay: 10_000,
} as const;

/** How long SQLite waits for another writer's lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * SQLite transactions begin with the write lock (`begin immediate`). A deferred transaction (what
 * `begin` starts) that reads and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another
 * connection to the file (a script, a second process, a test's factory) committed between its read
 * and its write: no busy timeout applies, since waiting cannot help a stale snapshot. Taking the
 * lock first makes such a transaction wait for the other writer (up to SQLITE_BUSY_TIMEOUT_MS)
 * and then read what it wrote. In one process nothing changes: Kysely runs one transaction at a time
 * on the one connection.
 */
class WriteFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class WriteFirstSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;

  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }

  override createDriver() {
    return new WriteFirstSqliteDriver(this.#settings);
  }
}

/**
 * A pg client that drops its connection when a query times out on the client side: the server
 * did not answer in time, so the socket is not trusted again (the pool then discards the client
 * instead of queueing the next query behind the lost one).
 */
class TimedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        // end() marks the client as ending at once (so the pool discards it when it comes back)
        // and, with a query still in flight, destroys the socket instead of saying goodbye.
        if (error instanceof Error && error.message === "Query read timeout") this.end().catch(() => {});
      });
    }
    return result as never;
  }
}

/** `file:./data/x.db`, `sqlite:///abs/x.db`, `sqlite:x.db` → a path; `:memory:` stays as is. */
export function sqlitePath(url: string | undefined, cwd = process.cwd()): string {
  if (!url) return resolve(cwd, DEFAULT_SQLITE_FILE);
  const rest = url.replace(/^(file|sqlite):(\/\/)?/, "");
  if (rest === ":memory:" || rest === "") return ":memory:";
  return resolve(cwd, rest.split("?")[0]!);
}

export function engineOf(url: string | undefined): Engine {
  return url && /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

export interface OpenOptions {
  /** PostgreSQL schema to use (tests run each in a fresh one). */
  schema?: string;
  poolSize?: number;
  /** time every statement for the metrics' `queryObservers` (only with /metrics on: timing costs a little on every query) */
  timeQueries?: boolean;
}

export function openDatabase(url: string | undefined, options: OpenOptions = {}): Db {
  if (engineOf(url) === "postgres") {
    const parsed = new URL(url!);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: PG_TIMEOUTS.connect,
      statement_timeout: PG_TIMEOUTS.statement,
      query_timeout: PG_TIMEOUTS.query,
      idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransaction,
      keepAlive: true,
      keepAliveInitialDelayMillis: PG_TIMEOUTS.keepAliveInitialDelay,
      Client: TimedClient,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", () => {});
    const changes = new TableChanges();
    const kysely = new Kysely<Database>({ dialect: watchTables(new PostgresDialect({ pool }), changes), ...(options.timeQueries ? { log: observeQueries } : {}) });
    // Trusted to name every change only once the instance hears the others (server/app.ts).
    registerFeed(kysely, changes);
    return {
      kysely,
      engine: "postgres",
      pool,
      changes,
      ...(options.schema ? { schema: options.schema } : {}),
      label: `postgres://${parsed.host}${parsed.pathname}${options.schema ? ` (schema ${options.schema})` : ""}`,
      close: () => kysely.destroy(),
    };
  }
  const file = sqlitePath(url);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma("synchronous = NORMAL");
  // Refresh query-planner statistics where they are stale (SQLite's advice for long-lived connections).
  database.pragma("optimize = 0x10002");
  keepPreparedStatements(database);
  const changes = new TableChanges();
  const kysely = new Kysely<Database>({ dialect: watchTables(new WriteFirstSqliteDialect({ database }), changes), ...(options.timeQueries ? { log: observeQueries } : {}) });
  // PRAGMA data_version moves only when another connection commits (SQLite's documented use).
  // One statement, prepared once (it is asked several times per request).
  const dataVersion = database.prepare("PRAGMA data_version").pluck();
  let seenVersion = dataVersion.get() as number;
  const writtenElsewhere = () => {
    if (!database.open) return false;
    const version = dataVersion.get() as number;
    if (version === seenVersion) return false;
    seenVersion = version;
    return true;
  };
  // One file, one connection here: every change is seen, and another connection's commit is
  // noticed (not which tables: all of them count as changed).
  changes.trustWhen(() => {
    if (writtenElsewhere()) changes.changed([ANY_TABLE]);
    return true;
  });
  registerFeed(kysely, changes);
  let checkpoints: BackgroundCheckpoints | null = null;
  return {
    kysely,
    engine: "sqlite",
    changes,
    writtenElsewhere,
    label: `sqlite:${file}`,
    checkpointInBackground: () => {
      if (file !== ":memory:" && !checkpoints) checkpoints = checkpointInBackground(database, file);
    },
    close: async () => {
      await checkpoints?.stop();
      await kysely.destroy();
    },
  };
}

/** Statements kept per SQL text (Kysely's SQLite driver prepares each query anew; issue 17). */
const PREPARED_STATEMENTS = 500;

/**
 * Makes `database.prepare` return the statement already prepared for the same SQL (SQLite
 * re-prepares it by itself after a schema change). A statement still being iterated (a streamed
 * export) is not shared: a fresh one is prepared for the other caller.
 */
function keepPreparedStatements(database: SQLite.Database) {
  const kept = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    const statement = kept.get(source);
    if (statement && !statement.busy) return statement;
    const fresh = prepare(source);
    if (!statement) {
      if (kept.size >= PREPARED_STATEMENTS) kept.delete(kept.keys().next().value!);
      kept.set(source, fresh);
    }
    return fresh;
  }) as typeof database.prepare;
}

/** Brings the schema to the latest migration. Throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema unless told which: with two schemas
    // migrated at once on one server (parallel test files), one saw the other's tables and skipped
    // creating its own.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`);
  }
  return result;
}

/** Throws one readable line when the database cannot be reached. */
export async function assertReachable(db: Db): Promise<void> {
  try {
    await sql`select 1`.execute(db.kysely);
  } catch (error) {
    const cause = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code : String(error);
    throw new Error(`cannot reach the database at ${db.label} (${cause})`);
  }
}

/**
 * Whether the database accepts a write: an upsert of this process's row in `health_checks`, in a
 * transaction (a full disk, a read-only file or a standby answer reads but refuse this). Returns
 * the error instead of throwing, for /readyz to log.
 */
export async function checkWritable(db: Db, checker = `pid-${process.pid}`): Promise<{ ok: true } | { ok: false; error: unknown }> {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      await trx
        .insertInto("health_checks")
        .values({ id: checker, checked_at: at })
        .onConflict((oc) => oc.column("id").doUpdateSet({ checked_at: at }))
        .execute();
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
