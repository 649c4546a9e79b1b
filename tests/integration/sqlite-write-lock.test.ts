/**
 * SQLite transactions take the write lock as they begin (`begin immediate`, connection.server.ts).
 * A deferred transaction that read and then wrote failed at once with SQLITE_BUSY_SNAPSHOT when
 * another connection to the file committed in between (no busy timeout applies to a stale
 * snapshot): the office re-opening a booking while a script or a test's factory wrote to the same
 * file got an error page. Now the other connection waits for the transaction instead.
 */
import SQLite from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema";
import { hitRateLimit } from "~/server/rate-limit.server";
import { testDb, type TestDb } from "../setup/db";

const RULE = { limit: 10, windowMs: 60_000 };

describe("SQLite transactions and other connections to the file", () => {
  let db: TestDb;
  let raw: SQLite.Database;
  /** Another connection to the same file, as a script or a second process has. */
  let other: Kysely<Database>;

  beforeAll(async () => {
    db = await testDb("sqlite");
    // the label is "sqlite:" and the file's path
    raw = new SQLite(db.label.replace(/^sqlite:/, ""));
    // It must not wait (it would block this one thread): its write gets in at once or is refused at once.
    raw.pragma("busy_timeout = 0");
    other = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  });

  afterAll(async () => {
    await other.destroy();
    await db.destroy();
  });

  it("a transaction that reads first holds the lock, so its write cannot meet another connection's commit", async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom("bookings").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      // Between the read and the write, another connection tries to commit: it is held off ...
      await expect(hitRateLimit(other, "other:during", RULE)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      // ... and the transaction's own write goes through (it failed with SQLITE_BUSY_SNAPSHOT before).
      await hitRateLimit(trx, "mine", RULE);
    });
    // Once it has committed, the other connection writes as usual.
    await hitRateLimit(other, "other:after", RULE);
    const keys = await db.kysely.selectFrom("rate_limits").select("key").orderBy("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["mine", "other:after"]);
  });
});
