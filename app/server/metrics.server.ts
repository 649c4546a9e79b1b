/**
 * The process's metrics in Prometheus's text format (issue 28), made with prom-client: requests
 * by route and status with their latency, bookings created and refused (by code), each outbox's
 * depth, oldest waiting message and failed messages per channel, the page cache's hits and misses,
 * the database pool and query timings, and Node's own (event-loop lag, heap, GC) from prom-client's
 * default collectors. Served at /metrics only with `Authorization: Bearer <METRICS_TOKEN>`
 * (server/app.ts); without METRICS_TOKEN there is no /metrics.
 *
 * The outbox figures are read from the database when scraped, so every instance reports the same
 * shared queues; the counters are this process's own (Prometheus sums instances).
 */
import { timingSafeEqual, createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "./db/connection.server";
import { queryObservers } from "./db/connection.server";
import type { Database } from "./db/schema";
import type { PageCache } from "./http/page-cache.server";

export interface Metrics {
  registry: Registry;
  /** one answered request: its route pattern (or "unmatched"), method, status and seconds */
  request(route: string, method: string, status: number, seconds: number): void;
  /** a booking made (site or API), or refused with the code of its first problem */
  booking(outcome: { ok: true } | { ok: false; code: string }): void;
  /** the text Prometheus reads */
  text(): Promise<string>;
  contentType: string;
  /** stops the query observer (tests make several) */
  close(): void;
}

const CHANNELS = ["email", "whatsapp", "sms"] as const;

/** Seconds since an ISO instant (0 when none). */
const ageOf = (at: string | null | undefined, now: number) => (at ? Math.max(0, (now - Date.parse(at)) / 1000) : 0);

async function outboxFigures(db: Kysely<Database>) {
  const [mailPending, mailFailed, messagePending, messageFailed, events] = await Promise.all([
    db.selectFrom("mail_outbox").select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")]).where("status", "=", "pending").executeTakeFirst(),
    db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "failed").executeTakeFirst(),
    db.selectFrom("message_outbox").select((eb) => ["channel", eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")]).where("status", "=", "pending").groupBy("channel").execute(),
    db.selectFrom("message_outbox").select((eb) => ["channel", eb.fn.countAll<number>().as("n")]).where("status", "=", "failed").groupBy("channel").execute(),
    db.selectFrom("booking_outbox").select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")]).where("status", "=", "pending").executeTakeFirst(),
  ]);
  const pending = new Map<string, { n: number; oldest: string | null }>([["email", { n: Number(mailPending?.n ?? 0), oldest: (mailPending?.oldest as string | null) ?? null }]]);
  for (const row of messagePending) pending.set(row.channel, { n: Number(row.n), oldest: (row.oldest as string | null) ?? null });
  const failed = new Map<string, number>([["email", Number(mailFailed?.n ?? 0)]]);
  for (const row of messageFailed) failed.set(row.channel, Number(row.n));
  return { pending, failed, events: { n: Number(events?.n ?? 0), oldest: (events?.oldest as string | null) ?? null } };
}

export function createMetrics(options: {
  db: Db;
  pageCache?: PageCache | null;
  pool?: { totalCount: number; idleCount: number; waitingCount: number } | null;
  /** the back office's open live streams on this instance (issue 31) */
  liveStreams?: () => number;
}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "vip-transfer" });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({ name: "http_requests_total", help: "Answered HTTP requests by route pattern, method and status.", labelNames: ["route", "method", "status"], registers: [registry] });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request to the end of the answer, by route pattern, method and status.",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const created = new Counter({ name: "bookings_created_total", help: "Bookings made through the site or the API.", registers: [registry] });
  const refused = new Counter({ name: "bookings_refused_total", help: "Bookings refused, by the code of the first problem.", labelNames: ["code"], registers: [registry] });
  const queries = new Histogram({
    name: "db_query_duration_seconds",
    help: "Database statements by outcome.",
    labelNames: ["outcome"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  const observer = (ms: number, ok: boolean) => queries.observe({ outcome: ok ? "ok" : "error" }, ms / 1000);
  queryObservers.add(observer);

  const { db, pageCache, pool } = options;
  // One read of the outboxes per scrape, shared by its three gauges (prom-client collects them at once).
  let figures: { at: number; read: ReturnType<typeof outboxFigures> } | null = null;
  const readFigures = () => {
    if (!figures || Date.now() - figures.at > 1000) figures = { at: Date.now(), read: outboxFigures(db.kysely) };
    return figures.read;
  };
  new Gauge({
    name: "outbox_pending_messages",
    help: "Messages waiting to be sent, per channel (email, whatsapp, sms) and the booking events waiting for the notify worker (events).",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      const read = await readFigures();
      for (const channel of CHANNELS) this.set({ channel }, read.pending.get(channel)?.n ?? 0);
      this.set({ channel: "events" }, read.events.n);
    },
  });
  new Gauge({
    name: "outbox_oldest_pending_seconds",
    help: "Age of the oldest message still waiting, per channel (0: none waiting).",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      const read = await readFigures();
      const now = Date.now();
      for (const channel of CHANNELS) this.set({ channel }, ageOf(read.pending.get(channel)?.oldest, now));
      this.set({ channel: "events" }, ageOf(read.events.oldest, now));
    },
  });
  new Gauge({
    name: "outbox_failed_messages",
    help: "Messages given up after their last attempt (kept for a resend), per channel.",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      const read = await readFigures();
      for (const channel of CHANNELS) this.set({ channel }, read.failed.get(channel) ?? 0);
    },
  });

  if (pageCache) {
    new Counter({
      name: "page_cache_hits_total",
      help: "Answers served from the page cache.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pageCache.stats.hits);
      },
    });
    new Counter({
      name: "page_cache_misses_total",
      help: "Cacheable requests the page cache did not hold.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pageCache.stats.misses);
      },
    });
    new Gauge({
      name: "page_cache_bytes",
      help: "Memory the page cache holds.",
      registers: [registry],
      collect() {
        this.set(pageCache.stats.bytes);
      },
    });
  }
  const { liveStreams } = options;
  if (liveStreams) {
    new Gauge({
      name: "admin_live_streams",
      help: "The back office's live streams (/admin/events) open on this instance.",
      registers: [registry],
      collect() {
        this.set(liveStreams());
      },
    });
  }
  if (pool) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting clients).",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    contentType: registry.contentType,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    booking(outcome) {
      if (outcome.ok) created.inc();
      else refused.inc({ code: outcome.code });
    },
    text: () => registry.metrics(),
    close() {
      queryObservers.delete(observer);
    },
  };
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? "")?.[1];
  if (!given) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * A request's route for the metrics' labels: the path with each id or token segment as `:id`,
 * so the labels stay few; anything the app did not serve (404) is "unmatched".
 */
export function routeLabel(pathname: string, status: number): string {
  if (status === 404) return "unmatched";
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/uploads/")) return "/uploads/*";
  if (pathname.startsWith("/images/")) return "/images/*";
  const segments = pathname.split("/").map((segment, i, all) => {
    if (i === 0) return segment;
    // a token or an id: long, or made of hex, digits and dashes
    if (segment.length >= 16 || /^[0-9a-f-]{6,}$/i.test(segment) || /^\d+$/.test(segment)) return ":id";
    // the calendar file and data requests of a route keep their suffix
    if (i === all.length - 1 && segment.endsWith(".data") && segment.length > 5) return segment.length - 5 >= 16 ? ":id.data" : segment;
    return segment;
  });
  return segments.join("/").slice(0, 120) || "/";
}

/** A booking command's outcome as the metrics count it: made, or refused with its first problem's code. */
export function bookingOutcome(result: { ok: true } | { ok: false; fields: Record<string, ReadonlyArray<{ code: string }> | undefined>; unavailable?: { code: string } | null; idempotencyMismatch?: boolean }): { ok: true } | { ok: false; code: string } {
  if (result.ok) return { ok: true };
  if (result.idempotencyMismatch) return { ok: false, code: "idempotency_mismatch" };
  if (result.unavailable) return { ok: false, code: result.unavailable.code };
  const first = Object.values(result.fields).find((list) => list && list.length > 0)?.[0];
  return { ok: false, code: first?.code ?? "invalid" };
}

