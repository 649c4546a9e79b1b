/**
 * The back office, live (issue 31): `/admin/events` is a server-sent event stream that tells a
 * signed-in staff member's open pages that what they show has changed, so the board, the lists,
 * the booking page and the bell load their data again without a reload (app/admin/live.tsx).
 *
 * The source is the database's change feed (app/server/db/table-watch.server.ts): every committed
 * write to a table, made by this instance or, on PostgreSQL, by another one (change-notify.server.ts),
 * so it works behind a load balancer with N instances. On SQLite a write by another connection (a
 * script) is noticed by asking the feed every second while a stream is open.
 *
 * A stream carries only what kind of thing changed and a counter, never a record: the page asks its
 * own loader, under the same guard as ever, for what its reader may see. Each kind is sent only to
 * roles that may read it, and the sessions behind the streams are checked again (without sliding
 * them) before anything is sent and at every heartbeat: a signed-out or switched-off account's
 * stream ends and hears nothing more.
 */
import type { RouterContextProvider } from "react-router";
import { ADMIN_STREAMS, can, type Permission } from "~/auth/policy";
import { openSessionRoles, readSession, tokenFrom } from "~/auth/session.server";
import { getApp } from "~/server/context";
import type { Db } from "~/server/db/connection.server";
import type { UserRole } from "~/server/db/schema";
import { ANY_TABLE } from "~/server/db/table-watch.server";
import type { Logger } from "~/server/logger.server";

/** What a stream names when it changes: the tables behind it, and who may hear of it. */
export const LIVE_TOPICS = {
  /** the board, the lists, the dashboard and a booking's page: bookings, their legs (drivers, steps), money, quote requests */
  bookings: { tables: ["bookings", "booking_legs", "payments", "quote_requests"], permission: "bookings.read" },
  /** the bell */
  notifications: { tables: ["notifications"], permission: "account" },
} as const satisfies Record<string, { tables: readonly string[]; permission: Permission }>;

export type LiveTopic = keyof typeof LIVE_TOPICS;
const TOPICS = Object.keys(LIVE_TOPICS) as LiveTopic[];

/** Every table a stream follows (the instances must tell each other about them: server/app.ts). */
export const LIVE_TABLES: ReadonlySet<string> = new Set(TOPICS.flatMap((topic) => LIVE_TOPICS[topic].tables));

/** The office's stream's path and what it takes to open it (policy.ts). */
export const OFFICE_EVENTS_PATH = "/admin/events";
const STREAM_PERMISSION = ADMIN_STREAMS[OFFICE_EVENTS_PATH]!;

/** The topics behind these changed tables (all of them when the feed cannot say which). */
export function topicsOf(tables: readonly string[]): LiveTopic[] {
  if (tables.includes(ANY_TABLE)) return [...TOPICS];
  return TOPICS.filter((topic) => LIVE_TOPICS[topic].tables.some((table) => tables.includes(table)));
}

export interface LiveOptions {
  log?: Logger;
  /** a comment line on every stream this often, so proxies and browsers keep it open (default 25 s) */
  heartbeatMs?: number;
  /** changes within this long go out as one event (default 150 ms) */
  coalesceMs?: number;
  /** how long a browser waits before it reconnects (the `retry:` line; default 5 s) */
  retryMs?: number;
  /** open streams per account (default 5: each tab holds one) */
  perUser?: number;
  /** open streams on this instance (default 500) */
  total?: number;
  /** SQLite: how often another connection's writes are looked for (default 1 s) */
  pollMs?: number;
}

interface Stream {
  sessionId: string;
  userId: string;
  role: UserRole;
  controller: ReadableStreamDefaultController<Uint8Array>;
  ended: boolean;
}

/** A stream that has this much unread (a client that reads nothing) is ended. */
const UNREAD_LIMIT = 64 * 1024;

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware leaves the stream alone (it would hold events back)
  "Cache-Control": "no-cache, no-transform",
  // nginx: pass each event on at once (deploy/nginx.conf turns buffering off for the path too)
  "X-Accel-Buffering": "no",
};

const encoder = new TextEncoder();

/** One event in the stream's format: `event:` and one `data:` line of JSON. */
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A short refusal; a stream's client reads only the status. */
export function plainAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

/** The open streams of one database, fed by its change feed. */
export class OfficeEvents {
  readonly #db: Db;
  readonly #options: Required<Omit<LiveOptions, "log">> & { log?: Logger };
  readonly #streams = new Set<Stream>();
  readonly #pending = new Set<LiveTopic>();
  #seq = 0;
  #closed = false;
  #flushTimer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #poll: NodeJS.Timeout | undefined;
  readonly #unsubscribe: () => void;

  constructor(db: Db, options: LiveOptions = {}) {
    this.#db = db;
    this.#options = { heartbeatMs: 25_000, coalesceMs: 150, retryMs: 5_000, perUser: 5, total: 500, pollMs: 1_000, ...options };
    this.#unsubscribe = db.changes.onChange((tables) => this.#heard(tables));
  }

  /** Streams open now (a metric). */
  get size(): number {
    return this.#streams.size;
  }

  /**
   * A stream for a signed-in staff member (the caller checked the session and the role); it ends
   * when `signal` aborts (the client went away), when the session ends, or at `close()`.
   * A 429 when the account already has `perUser` open, a 503 when the instance is full or stopping.
   */
  open(session: { id: string; userId: string; role: UserRole }, signal: AbortSignal): Response {
    if (this.#closed || signal.aborted) return plainAnswer(503, "Service Unavailable", { "Retry-After": "5" });
    if (this.#streams.size >= this.#options.total) return plainAnswer(503, "Service Unavailable", { "Retry-After": "30" });
    let mine = 0;
    for (const stream of this.#streams) if (stream.userId === session.userId) mine++;
    if (mine >= this.#options.perUser) return plainAnswer(429, "Too Many Requests", { "Retry-After": "60" });
    let stream!: Stream;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          stream = { sessionId: session.id, userId: session.userId, role: session.role, controller, ended: false };
          this.#streams.add(stream);
          const topics = TOPICS.filter((topic) => can(session.role, LIVE_TOPICS[topic].permission));
          this.#write(stream, `retry: ${this.#options.retryMs}\n\n${frame("ready", { topics, seq: this.#seq })}`);
          this.#arm();
        },
        cancel: () => this.#end(stream),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
    );
    signal.addEventListener("abort", () => this.#end(stream), { once: true });
    return new Response(body, { status: 200, headers: STREAM_HEADERS });
  }

  /** Ends every stream (their browsers reconnect, to another instance) and opens no more. */
  close(): void {
    this.#closed = true;
    for (const stream of [...this.#streams]) this.#end(stream);
    this.#unsubscribe();
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
  }

  #heard(tables: readonly string[]) {
    if (this.#streams.size === 0) return;
    const topics = topicsOf(tables);
    if (topics.length === 0) return;
    for (const topic of topics) this.#pending.add(topic);
    if (!this.#flushTimer) {
      this.#flushTimer = setTimeout(() => void this.#flush(), this.#options.coalesceMs);
      this.#flushTimer.unref();
    }
  }

  async #flush() {
    this.#flushTimer = undefined;
    const topics = [...this.#pending];
    this.#pending.clear();
    // Who is still signed in is asked before anything is said (fails closed: nothing is sent).
    if (topics.length === 0 || !(await this.#recheck())) return;
    const seq = ++this.#seq;
    for (const stream of this.#streams) {
      const heard = topics.filter((topic) => can(stream.role, LIVE_TOPICS[topic].permission));
      if (heard.length > 0) this.#write(stream, frame("change", { topics: heard, seq }));
    }
  }

  /** Ends the streams whose session ended or whose role may no longer open one; false when the check failed. */
  async #recheck(): Promise<boolean> {
    if (this.#streams.size === 0) return true;
    try {
      const roles = await openSessionRoles(this.#db.kysely, [...new Set([...this.#streams].map((s) => s.sessionId))]);
      for (const stream of [...this.#streams]) {
        const role = roles.get(stream.sessionId);
        if (!role || !can(role, STREAM_PERMISSION)) this.#end(stream);
        else stream.role = role;
      }
      return true;
    } catch (error) {
      this.#options.log?.warn({ err: error }, "live streams: could not check their sessions; nothing sent");
      return false;
    }
  }

  #write(stream: Stream, text: string) {
    if (stream.ended) return;
    try {
      stream.controller.enqueue(encoder.encode(text));
      if ((stream.controller.desiredSize ?? 0) < -UNREAD_LIMIT) this.#end(stream);
    } catch {
      this.#end(stream);
    }
  }

  #end(stream: Stream | undefined) {
    if (!stream || stream.ended) return;
    stream.ended = true;
    this.#streams.delete(stream);
    try {
      stream.controller.close();
    } catch {
      // already closed or cancelled by its reader
    }
    if (this.#streams.size === 0) this.#disarm();
  }

  /** The heartbeat (with a session check) and, on SQLite, the look for other connections' writes: only while a stream is open. */
  #arm() {
    if (!this.#heartbeat) {
      this.#heartbeat = setInterval(() => {
        for (const stream of this.#streams) this.#write(stream, ": keep-alive\n\n");
        void this.#recheck();
      }, this.#options.heartbeatMs);
      this.#heartbeat.unref();
    }
    if (!this.#poll && this.#db.engine === "sqlite") {
      // fresh() reports another connection's commit to the feed (as ANY_TABLE), which #heard hears
      this.#poll = setInterval(() => this.#db.changes.fresh(), this.#options.pollMs);
      this.#poll.unref();
    }
  }

  #disarm() {
    clearInterval(this.#heartbeat);
    clearInterval(this.#poll);
    this.#heartbeat = undefined;
    this.#poll = undefined;
  }
}

const hubs = new WeakMap<Db["changes"], OfficeEvents>();

/** The streams of `db` (one set per database handle; the server makes it at boot with its logger). */
export function officeEventsOf(db: Db, options: LiveOptions = {}): OfficeEvents {
  let hub = hubs.get(db.changes);
  if (!hub) hubs.set(db.changes, (hub = new OfficeEvents(db, options)));
  return hub;
}

/**
 * GET /admin/events: the stream for a signed-in, verified staff member whose role sees the board;
 * 401 without a live session, 403 for a role without the board. HEAD gets the headers only.
 */
export async function officeEventStream(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const { db, env, log } = getApp(context);
  const session = await readSession(db.kysely, await tokenFrom(request, env.SESSION_SECRET));
  if (!session || !session.verified) return plainAnswer(401, "Unauthorized");
  if (!can(session.user.role, STREAM_PERMISSION)) return plainAnswer(403, "Forbidden");
  if (request.method === "HEAD") return new Response(null, { status: 200, headers: STREAM_HEADERS });
  return officeEventsOf(db, { log }).open({ id: session.id, userId: session.user.id, role: session.user.role }, request.signal);
}
