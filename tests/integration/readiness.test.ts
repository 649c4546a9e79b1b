/**
 * /readyz asks `checkWritable`: ready only when the database accepts a write (issue 10 item 9:
 * SQLite on a full disk used to report ready because reads still worked).
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkWritable } from "~/server/db/connection.server";
import { isDatabaseUnavailable } from "~/server/db/failure";
import { engines, testDb, type TestDb } from "../setup/db";

describe.each(engines)("readiness write check on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("upserts the checker's row, again and again", async () => {
    // Only Date is faked: the second check happens a second later without waiting for it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-04-01T09:00:00.000Z"));
    expect(await checkWritable(db, "test-checker")).toEqual({ ok: true });
    const first = await db.kysely.selectFrom("health_checks").selectAll().where("id", "=", "test-checker").executeTakeFirstOrThrow();
    expect(first.checked_at).toBe("2031-04-01T09:00:00.000Z");
    vi.setSystemTime(new Date("2031-04-01T09:00:01.000Z"));
    expect(await checkWritable(db, "test-checker")).toEqual({ ok: true });
    const rows = await db.kysely.selectFrom("health_checks").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.checked_at).toBe("2031-04-01T09:00:01.000Z");
  });
});

describe("readiness of a SQLite database that reads but cannot write", () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb("sqlite");
  });
  afterAll(() => db.destroy());

  it("fails, with an error classified as unavailable, when the database is read-only", async () => {
    await sql`pragma query_only = on`.execute(db.kysely);
    // Reads still work: the old /readyz (a `select 1`) said ready here.
    await expect(sql`select 1`.execute(db.kysely)).resolves.toBeDefined();
    const check = await checkWritable(db, "test-checker");
    expect(check.ok).toBe(false);
    expect(!check.ok && isDatabaseUnavailable(check.error)).toBe(true);
    await sql`pragma query_only = off`.execute(db.kysely);
    expect(await checkWritable(db, "test-checker")).toEqual({ ok: true });
  });

  it("fails when the database file is full", async () => {
    await checkWritable(db, "first");
    const [{ page_count }] = (await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely)).rows as [{ page_count: number }];
    // No page may be added: the next row needing space fails with SQLITE_FULL, as on a full disk.
    await sql.raw(`pragma max_page_count = ${page_count}`).execute(db.kysely);
    let check: Awaited<ReturnType<typeof checkWritable>> = { ok: true };
    for (let i = 0; i < 500 && check.ok; i++) check = await checkWritable(db, `checker-${i}-${"x".repeat(200)}`);
    expect(check.ok).toBe(false);
    // SQLite rolled the transaction back itself, so Kysely's rollback reports that instead.
    expect(!check.ok && String((check.error as Error).message)).toMatch(/database or disk is full|cannot rollback/);
    expect(!check.ok && isDatabaseUnavailable(check.error)).toBe(true);
  });
});
