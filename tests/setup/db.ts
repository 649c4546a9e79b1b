/**
 * Test databases. Every integration suite runs against SQLite (a fresh file per database) and,
 * when TEST_DATABASE_URL is set, against PostgreSQL too, each in its own fresh schema that is
 * dropped afterwards. Use `describe.each(engines)` and `await testDb(engine)` in `beforeAll`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrateToLatest, openDatabase, type Db, type Engine } from "~/server/db/connection.server";
import { getSettings, saveSettings } from "~/settings/settings.server";

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb extends Db {
  /** Drops the schema (PostgreSQL) or deletes the file (SQLite). */
  destroy(): Promise<void>;
  /**
   * Migrates to the latest migration, as `migrateToLatest` does, riding out other test files'
   * schema drops on PostgreSQL (see migrateAlongsideOthers): for the tests that go down to an old
   * migration, write rows as it stored them, and come up again.
   */
  migrateUp(): Promise<void>;
}

/**
 * Kysely's migrator looks for its tables by reading every schema of the database (its PostgreSQL
 * introspection calls has_schema_privilege and pg_get_serial_sequence per schema and column): a
 * schema that another test file drops meanwhile fails that read with `schema "test_…" does not
 * exist`, or with `column "…" of relation "…" does not exist` when the drop comes between the read
 * of the columns and the call per column. Such a failure comes from the migrator's own reads, not
 * from one of our migrations (connection.server.ts then names no migration); the migration is tried
 * again (it goes on where it stopped).
 */
async function migrateAlongsideOthers(db: Db, schema: string, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db);
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      const dropped = /schema "(test_\w+)" does not exist/.exec(message)?.[1];
      const othersRead = dropped ? dropped !== schema : /^Migration \(unknown\) failed: .*does not exist/.test(message);
      if (!othersRead || attempt === tries) throw error;
    }
  }
}

/**
 * A test database starts with the office confirming each booking itself (settings
 * `booking.autoConfirm` off, as before issue 32): the suites about what follows a pending booking
 * read as written. The instant confirmation's own suite (auto-confirm.test.ts) and those that book
 * as the demo does switch it on through the settings, as the office would.
 */
async function officeConfirms(db: Db): Promise<void> {
  const settings = await getSettings(db.kysely);
  await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, autoConfirm: false } }, null);
}

/** `asShipped`: the settings as a fresh install has them (nothing stored; instant confirmation on). */
export async function testDb(engine: Engine, options: { asShipped?: boolean } = {}): Promise<TestDb> {
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const db = openDatabase(url, { schema, poolSize: 4 });
    await migrateAlongsideOthers(db, schema);
    if (!options.asShipped) await officeConfirms(db);
    return {
      ...db,
      migrateUp: () => migrateAlongsideOthers(db, schema),
      async destroy() {
        await db.close();
        const cleaner = new pg.Client({ connectionString: url });
        await cleaner.connect();
        await cleaner.query(`drop schema if exists ${schema} cascade`);
        await cleaner.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "vt-test-"));
  const db = openDatabase(`file:${join(dir, "test.db")}`);
  await migrateToLatest(db);
  if (!options.asShipped) await officeConfirms(db);
  return {
    ...db,
    migrateUp: async () => void (await migrateToLatest(db)),
    async destroy() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
