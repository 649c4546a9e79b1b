/**
 * Backups that restore (issue 28), on both engines: a backup taken in the middle of a booking burst
 * restores into an empty database with every booking made before it began, each whole (its history
 * with it); a restore refuses a database that holds data and a backup of the other engine; the npm
 * script prints the file as its last line and keeps only the newest backups.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { listBookingEvents, listBookings } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { BACKUP_NAME, backupDatabase, restoreDatabase } from "~/server/db/backup.server";
import { migrateToLatest, openDatabase, type Db } from "~/server/db/connection.server";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { engines } from "../setup/db";
import { throwawayDatabase } from "../setup/server";
import { tripDay } from "../setup/trip-date";

const run = promisify(execFile);

/** Every booking id in the database (through the front door, as the office lists them). */
async function bookingIds(db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const found = await listBookings(db.kysely, {}, page, 100);
    ids.push(...found.bookings.map((b) => b.id));
    if (page >= found.pageCount) return ids.sort();
  }
}

describe.each(engines)("backup and restore (%s)", (engine) => {
  const dirs: string[] = [];
  const drops: Array<() => Promise<void>> = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), "vt-backup-"));
    dirs.push(dir);
    return dir;
  };
  const database = async () => {
    const made = await throwawayDatabase(engine, scratch());
    drops.push(made.drop);
    return made.url;
  };
  afterAll(async () => {
    for (const drop of drops) await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("restores a backup taken during a booking burst: every booking made before it, each with its history", { timeout: 120_000 }, async () => {
    const url = await database();
    const db = openDatabase(url);
    await migrateToLatest(db);
    const cars = await Promise.all(Array.from({ length: 4 }, (_, i) => createCar(db.kysely, buildCar({ name: `Backup car ${i}` }))));
    let n = 0;
    const book = () => {
      const i = n++;
      return createTestBooking({ db: db.kysely }, { carId: cars[i % cars.length]!.id, fullName: `Yedek Misafir ${i}`, pickupAt: `${tripDay(20 + Math.floor(i / cars.length))}T07:00:00.000Z` });
    };
    for (let i = 0; i < 12; i++) await book();
    const before = await bookingIds(db);
    // the burst goes on while the backup runs
    let bursting = true;
    const burst = (async () => {
      // (at most 120 more: each car once a day, well inside the booking window)
      while (bursting && n < 132) await book();
    })();
    const out = scratch();
    const { file } = await backupDatabase(url, { out, keep: 3 });
    bursting = false;
    await burst;
    const after = await bookingIds(db);
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    expect(file).toMatch(engine === "postgres" ? /\.dump$/ : /\.sqlite$/);

    const target = await database();
    await restoreDatabase(target, file);
    const restored = openDatabase(target);
    try {
      // the schema is current (nothing left to migrate) and every booking made before the backup is there
      expect((await migrateToLatest(restored)).results ?? []).toEqual([]);
      const ids = await bookingIds(restored);
      for (const id of before) expect(ids).toContain(id);
      for (const id of ids) expect(after).toContain(id);
      // each whole: a booking's history came with it
      for (const id of ids) expect((await listBookingEvents(restored.kysely, id)).length).toBeGreaterThan(0);
    } finally {
      await restored.close();
      await db.close();
    }
    // a second restore into the same (now full) database is refused, and changes nothing
    await expect(restoreDatabase(target, file)).rejects.toThrow(/not empty/);
  });

  it("refuses a backup of the other engine and a file that is no backup", async () => {
    const target = await database();
    const wrong = join(scratch(), engine === "postgres" ? "vip-transfer-20260101-000000.sqlite" : "vip-transfer-20260101-000000.dump");
    writeFileSync(wrong, engine === "postgres" ? "SQLite format 3\0 and more" : "PGDMP and more");
    await expect(restoreDatabase(target, wrong)).rejects.toThrow(/is not a/);
    await expect(restoreDatabase(target, join(scratch(), "missing.dump"))).rejects.toThrow(/no backup file/);
  });

  it("npm run db:backup prints the file as its last line and keeps the newest --keep", { timeout: 120_000 }, async () => {
    const url = await database();
    const db = openDatabase(url);
    await migrateToLatest(db);
    await db.close();
    const out = scratch();
    const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" };
    const printed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { stdout } = await run("npm", ["run", "--silent", "db:backup", "--", "--out", out, "--keep", "2"], { env });
      printed.push(stdout.trim().split("\n").pop()!);
    }
    for (const file of printed) expect(file.startsWith(out)).toBe(true);
    const kept = readdirSync(out).filter((f) => BACKUP_NAME.test(f));
    expect(kept).toHaveLength(2);
    expect(existsSync(printed[2]!)).toBe(true);
    expect(existsSync(printed[0]!)).toBe(false);
    const refused = await run("npm", ["run", "--silent", "db:backup", "--", "--keep", "none"], { env }).catch((error: { stderr: string; code: number }) => error);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain("Backup failed: --keep must be a whole number");
  });
});
