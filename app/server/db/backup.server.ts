/**
 * Backups that restore (issue 28): `npm run db:backup` copies the database named by DATABASE_URL
 * while the site runs, `npm run db:restore -- FILE` puts a copy back into an empty database.
 *
 * - SQLite: SQLite's online backup API (better-sqlite3's `backup()`), from a connection of its own:
 *   a consistent copy of the whole file, made page by page while the site goes on writing (the copy
 *   starts again by itself if a write lands in the middle). Restored by copying the file into place.
 * - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, whatever is written meanwhile),
 *   restored with `pg_restore`. Both programs come with PostgreSQL's client package.
 *
 * A backup is `vip-transfer-YYYYMMDD-HHMMSS.sqlite` or `.dump` in the folder asked for; only the
 * newest `keep` of them are kept there. Uploaded images are files, not rows: see the README.
 */
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, openSync, readSync, closeSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { engineOf, sqlitePath } from "./connection.server";

const run = promisify(execFile);

export const BACKUP_NAME = /^vip-transfer-(\d{8}-\d{6})(?:-\d+)?\.(sqlite|dump)$/;

export class BackupError extends Error {}

/** "20261128-104500" in UTC. */
const stamp = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");

/** The first bytes of a file (to tell a SQLite file from a pg_dump archive). */
function head(file: string, length: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

const isSqliteFile = (file: string) => head(file, 16).toString("latin1") === "SQLite format 3\0";
const isPgDump = (file: string) => head(file, 5).toString("latin1") === "PGDMP";

/** A program's failure as one line: its own message, without the command line (which holds the URL). */
function programError(program: string, error: unknown): BackupError {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  const code = (error as { code?: string }).code;
  if (code === "ENOENT") return new BackupError(`${program} was not found: install PostgreSQL's client programs (Debian: postgresql-client)`);
  return new BackupError(`${program} failed: ${stderr?.split("\n").slice(-3).join(" ") || (error as Error).message}`);
}

/**
 * Copies the database into `out` as a new dated file and removes the older ones past `keep`.
 * Returns the new file's absolute path and the files removed.
 */
export async function backupDatabase(url: string | undefined, options: { out: string; keep: number; now?: Date }): Promise<{ file: string; removed: string[] }> {
  if (!Number.isInteger(options.keep) || options.keep < 1) throw new BackupError("--keep must be a whole number of at least 1");
  const out = resolve(options.out);
  mkdirSync(out, { recursive: true });
  const engine = engineOf(url);
  const extension = engine === "postgres" ? "dump" : "sqlite";
  let name = `vip-transfer-${stamp(options.now ?? new Date())}.${extension}`;
  for (let n = 2; existsSync(join(out, name)); n++) name = `vip-transfer-${stamp(options.now ?? new Date())}-${n}.${extension}`;
  const file = join(out, name);
  const partial = `${file}.partial`;
  try {
    if (engine === "postgres") {
      await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${url}`]).catch((error: unknown) => {
        throw programError("pg_dump", error);
      });
    } else {
      const source = sqlitePath(url);
      if (source === ":memory:" || !existsSync(source)) throw new BackupError(`there is no SQLite database at ${source}`);
      const db = new SQLite(source, { fileMustExist: true });
      try {
        db.pragma("busy_timeout = 5000");
        // After the first step, the rest in one: a site that writes all the time cannot keep
        // restarting a copy made in small steps (each write from another connection restarts it).
        await db.backup(partial, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
      } finally {
        db.close();
      }
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const ours = readdirSync(out)
    .filter((f) => BACKUP_NAME.test(f))
    .sort((a, b) => (BACKUP_NAME.exec(a)![1]! === BACKUP_NAME.exec(b)![1]! ? statSync(join(out, a)).mtimeMs - statSync(join(out, b)).mtimeMs : a < b ? -1 : 1));
  const removed = ours.slice(0, Math.max(0, ours.length - options.keep)).map((f) => join(out, f));
  for (const old of removed) rmSync(old, { force: true });
  return { file, removed };
}

/** Whether the database at `url` holds no table yet (a restore never overwrites data). */
async function isEmpty(url: string | undefined): Promise<boolean> {
  if (engineOf(url) === "postgres") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema = current_schema()");
      return Number(rows[0]?.n ?? 0) === 0;
    } finally {
      await client.end();
    }
  }
  const target = sqlitePath(url);
  if (!existsSync(target) || statSync(target).size === 0) return true;
  const db = new SQLite(target, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n === 0;
  } finally {
    db.close();
  }
}

/** Puts a backup made by `backupDatabase` into the empty database at `url`. */
export async function restoreDatabase(url: string | undefined, file: string): Promise<void> {
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new BackupError(`no backup file at ${source}`);
  const engine = engineOf(url);
  if (engine === "postgres" ? !isPgDump(source) : !isSqliteFile(source)) {
    throw new BackupError(`${basename(source)} is not a ${engine === "postgres" ? "PostgreSQL (pg_dump) backup" : "SQLite backup"}: DATABASE_URL names a ${engine} database`);
  }
  if (!(await isEmpty(url))) throw new BackupError("the database named by DATABASE_URL is not empty: restore into a new, empty database (a restore never overwrites data)");
  if (engine === "postgres") {
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${url}`, source]).catch((error: unknown) => {
      throw programError("pg_restore", error);
    });
    return;
  }
  const target = sqlitePath(url);
  mkdirSync(resolve(target, ".."), { recursive: true });
  for (const side of [`${target}-wal`, `${target}-shm`]) rmSync(side, { force: true });
  copyFileSync(source, `${target}.restoring`);
  renameSync(`${target}.restoring`, target);
  // The copy opens as a database of its own (a damaged file fails here, not at the next start).
  const check = new SQLite(target, { fileMustExist: true });
  try {
    const verdict = check.pragma("quick_check", { simple: true });
    if (verdict !== "ok") throw new BackupError(`the restored database fails SQLite's check: ${String(verdict)}`);
  } finally {
    check.close();
  }
}
