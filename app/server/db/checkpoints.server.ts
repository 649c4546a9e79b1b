/**
 * SQLite's WAL checkpoints on a thread of their own (issue 17). By default the connection that
 * commits the thousandth page copies the WAL back into the database file and syncs it, inside
 * that commit: better-sqlite3 runs on the event loop, so every request waited for the disk then
 * (a stall every fifty bookings or so, longer under a burst). The server's connection stops
 * checkpointing (`wal_autocheckpoint` only as a fallback at 40 MB) and a worker thread with its own connection to the file
 * runs a PASSIVE checkpoint every second: it copies what is committed without waiting for, or
 * blocking, the server's reads and writes, and the server's next write starts the WAL over once it
 * has all been copied. Closing the server's connection (the last one) checkpoints what is left.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

const CHECKPOINT_EVERY_MS = 1_000;
/** Should the thread fall behind (or stop), the server's connection checkpoints itself at this size (40 MB). */
const FALLBACK_PAGES = 10_000;

// CommonJS, evaluated as the worker's script: better-sqlite3 comes by its resolved path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 0");
const run = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // busy or locked: the next round copies it
  }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

/** Moves `database`'s checkpoints (a file in WAL mode) to a worker thread. */
export function checkpointInBackground(database: SQLite.Database, file: string): BackgroundCheckpoints {
  const module = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, file, everyMs: CHECKPOINT_EVERY_MS } });
  worker.unref();
  let failed = false;
  worker.on("error", () => {
    // Without the thread the connection checkpoints itself again, as SQLite does by default.
    failed = true;
    if (database.open) database.pragma("wal_autocheckpoint = 1000");
  });
  database.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  return {
    async stop() {
      if (failed) return;
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.postMessage("stop");
      await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref())]);
      await worker.terminate();
    },
  };
}
