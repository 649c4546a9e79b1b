import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkpointInBackground } from "./checkpoints.server";

describe("checkpointInBackground", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("copies the WAL into the database file from its own thread, and the connection stops checkpointing itself", async () => {
    dir = mkdtempSync(join(tmpdir(), "vt-checkpoint-"));
    const file = join(dir, "db.sqlite");
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    database.exec("create table t (id integer primary key, v text)");
    database.pragma("wal_checkpoint(TRUNCATE)");
    const background = checkpointInBackground(database, file);
    try {
      // 2,000 pages: SQLite's own checkpoint would have run twice inside these writes
      expect(database.pragma("wal_autocheckpoint", { simple: true })).toBeGreaterThan(2_000);
      const insert = database.prepare("insert into t (v) values (?)");
      const empty = statSync(file).size;
      for (let i = 0; i < 2_000; i++) insert.run("x".repeat(3_000));
      expect(statSync(file).size).toBe(empty);
      // the thread copies the pages into the file within its round (every second)
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(2_000 * 3_000), { timeout: 10_000, interval: 100 });
      expect(database.prepare("select count(*) as n from t").get()).toEqual({ n: 2_000 });
    } finally {
      await background.stop();
      database.close();
    }
  });
});
