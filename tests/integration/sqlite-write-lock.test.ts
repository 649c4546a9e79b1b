/**
 * SQLite transactions take the write lock as they begin (`begin immediate`, connection.server.ts).
 * A deferred transaction that read and then wrote failed at once with SQLITE_BUSY_SNAPSHOT when
 * another connection to the file committed in between (no busy timeout applies to a stale
 * snapshot): the office re-opening a booking while a script or a test's factory wrote to the same
 * file got an error page. Now the other connection waits for the transaction instead.
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb, type TestDb } from "../setup/db";

describe("SQLite transactions and other connections to the file", () => {
  let db: TestDb;
  let other: SQLite.Database;

  beforeAll(async () => {
    db = await testDb("sqlite");
    // the label is "sqlite:" and the file's path
    other = new SQLite(db.label.replace(/^sqlite:/, ""));
    // It must not wait: its write either gets in at once or is refused at once.
    other.pragma("busy_timeout = 0");
  });

  afterAll(async () => {
    other.close();
    await db.destroy();
  });

  const otherWrites = (key: string) =>
    other.prepare("insert into rate_limits (key, count, window_start) values (?, 1, ?)").run(key, new Date().toISOString());

  it("a transaction that reads first holds the lock, so its write cannot meet another connection's commit", async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom("bookings").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      // Between the read and the write, another connection tries to commit: it is held off ...
      expect(() => otherWrites("other:during")).toThrow(expect.objectContaining({ code: "SQLITE_BUSY" }));
      // ... and the transaction's own write goes through (it failed with SQLITE_BUSY_SNAPSHOT before).
      await trx.insertInto("rate_limits").values({ key: "mine", count: 1, window_start: new Date().toISOString() }).execute();
    });
    // Once it has committed, the other connection writes as usual.
    otherWrites("other:after");
    const keys = await db.kysely.selectFrom("rate_limits").select("key").orderBy("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["mine", "other:after"]);
  });
});
