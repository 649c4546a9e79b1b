/**
 * Opens the database named by DATABASE_URL: SQLite (better-sqlite3, WAL, foreign keys on) for
 * `file:`/`sqlite:` URLs or none, PostgreSQL (pg) for `postgres://`. One Kysely type for both.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationResultSet } from "kysely";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import type { Database } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** A description safe to log (no password). */
  label: string;
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_FILE = "data/app.db";

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
}

export function openDatabase(url: string | undefined, options: OpenOptions = {}): Db {
  if (engineOf(url) === "postgres") {
    const parsed = new URL(url!);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      engine: "postgres",
      label: `postgres://${parsed.host}${parsed.pathname}${options.schema ? ` (schema ${options.schema})` : ""}`,
      close: () => kysely.destroy(),
    };
  }
  const file = sqlitePath(url);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  // Refresh query-planner statistics where they are stale (SQLite's advice for long-lived connections).
  database.pragma("optimize = 0x10002");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, engine: "sqlite", label: `sqlite:${file}`, close: () => kysely.destroy() };
}

/** Brings the schema to the latest migration. Throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
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

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
