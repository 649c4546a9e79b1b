/**
 * A throwaway SQLite file opened as the app opens its database (watched by table-watch), with two
 * small tables (`notes`, `tags`), closed and removed after each test: the table-watch and
 * kept-reads tests' database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach } from "vitest";
import { openDatabase, type Db } from "./connection.server";

export function useWatchedDatabase() {
  let db: Db | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    db = undefined;
    dir = undefined;
  });
  return {
    async open(): Promise<Db> {
      dir = mkdtempSync(join(tmpdir(), "vt-watch-"));
      db = openDatabase(`file:${join(dir, "db.sqlite")}`);
      await sql`create table notes (id integer primary key, text text)`.execute(db.kysely);
      await sql`create table tags (id integer primary key, name text)`.execute(db.kysely);
      return db;
    },
    /** The open file's URL, for a second connection to it. */
    url: () => `file:${join(dir!, "db.sqlite")}`,
  };
}
