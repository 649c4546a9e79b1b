/**
 * Instances on one PostgreSQL tell each other which tables they changed (issue 17): after each
 * commit an instance sends `pg_notify` on a channel of its schema, and every instance LISTENs on a
 * connection of its own and reports what others changed to its `TableChanges` (the page cache then
 * drops what read those tables). PostgreSQL delivers a notification only after the transaction that
 * sent it commits, and to every listener, in commit order.
 * While the listening connection is down, changes can be missed: `live()` is false, the cache
 * keeps and serves nothing, and it is emptied when the connection is back.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { Logger } from "../logger.server";
import type { Db } from "./connection.server";

export interface ChangeNotifier {
  /** False while changes made by other instances might go unheard. */
  live(): boolean;
  close(): Promise<void>;
}

const RETRY_MS = [500, 1_000, 2_000, 5_000];

/** The channel of a schema: instances share it only when they share the tables. */
export function changeChannel(schema: string | undefined): string {
  return `vt_changes_${(schema ?? "public").replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`.slice(0, 63);
}

/**
 * Starts sending this instance's changes (except those of `quiet` tables) and hearing the others'.
 * `onReconnect` runs when the connection comes back after a loss (the cache empties itself then).
 */
export function startChangeNotifier(options: {
  db: Db;
  url: string;
  log: Logger;
  quiet: ReadonlySet<string>;
  onReconnect: () => void;
}): ChangeNotifier {
  const { db, log } = options;
  const channel = changeChannel(db.schema);
  const me = randomUUID();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let lost = false;
  let timer: NodeJS.Timeout | undefined;

  const stopSending = db.changes.onLocalChange((tables) => {
    const told = tables.filter((table) => !options.quiet.has(table));
    if (told.length === 0) return;
    const payload = JSON.stringify({ from: me, tables: told });
    sql`select pg_notify(${channel}, ${payload})`.execute(db.kysely).catch((error: unknown) => {
      log.warn({ err: error, tables: told }, "could not tell the other instances about a change");
    });
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    next.on("error", () => {});
    next.on("end", () => {
      if (client !== next) return;
      listening = false;
      client = null;
      lost = true;
      if (!closed) {
        log.warn({ channel }, "lost the connection that hears other instances' changes; the page cache is off until it is back");
        schedule();
      }
    });
    next.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        const { from, tables } = JSON.parse(message.payload) as { from?: string; tables?: unknown };
        if (from === me || !Array.isArray(tables)) return;
        db.changes.changed(tables.filter((t): t is string => typeof t === "string"), { remote: true });
      } catch {
        // Not one of ours.
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      listening = true;
      attempt = 0;
      if (lost) {
        lost = false;
        options.onReconnect();
        log.info({ channel }, "hearing other instances' changes again");
      }
    } catch (error) {
      await next.end().catch(() => {});
      lost = true;
      log.warn({ err: error, channel }, "cannot listen for other instances' changes yet");
      schedule();
    }
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
    timer.unref();
  };

  void connect();

  return {
    live: () => listening,
    async close() {
      closed = true;
      clearTimeout(timer);
      stopSending();
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
