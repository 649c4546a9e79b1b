/**
 * Several copies of the real server (separate `node server.js` processes) on one database, as N
 * instances behind a proxy run: one PostgreSQL database (or, without TEST_DATABASE_URL, one SQLite
 * file), the same SESSION_SECRET and PUBLIC_URL, each on its own loopback port. The first instance
 * migrates and seeds; the others start once it is ready. `signIn` signs the office in on one
 * instance and returns the session cookie, to be used on any of them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Engine } from "~/server/db/connection.server";
import { freePort, officeCookie, startServer, throwawayDatabase, type RunningServer } from "./server";

export interface Instances {
  /** the instances, in the order they started */
  servers: RunningServer[];
  /** the database they share */
  databaseUrl: string;
  /** the site's address, PUBLIC_URL of every instance (nothing listens there: no proxy in the tests) */
  publicUrl: string;
  /** Signs the office in on `server` (the admin form, as a browser does); returns the `vt_session=…` cookie. */
  signIn(server: RunningServer): Promise<string>;
  stop(): Promise<void>;
}

export async function startInstances(engine: Engine, options: { count?: number; env?: Record<string, string> } = {}): Promise<Instances> {
  const count = options.count ?? 2;
  const dir = mkdtempSync(join(tmpdir(), "vt-instances-"));
  const database = await throwawayDatabase(engine, dir);
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  // Files go to one directory, as STORAGE=s3 would share them (local storage is per machine).
  const env = { PUBLIC_URL: publicUrl, UPLOAD_DIR: join(dir, "uploads"), ...options.env };
  const servers: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The first one migrates and seeds the empty database; the others find it ready.
    servers.push(await startServer(engine, env, { databaseUrl: database.url }));
    for (let i = 1; i < count; i++) servers.push(await startServer(engine, env, { databaseUrl: database.url }));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    servers,
    databaseUrl: database.url,
    publicUrl,
    signIn: officeCookie,
    stop,
  };
}
