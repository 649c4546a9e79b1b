/**
 * The server application, bundled by `react-router build` into build/server/index.js.
 * `boot()` validates the configuration, opens and migrates the database, seeds an empty one and
 * returns an Express app: health checks, stored images, then the React Router handler.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resolve } from "node:path";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type { RequestProblem } from "~/server/http/request-policy";
import { RouterContextProvider } from "react-router";
import { seedIfEmpty, type SeedOptions } from "../db/seed";
import { appContext } from "~/server/context";
import { assertReachable, checkWritable, migrateToLatest, openDatabase, type Db } from "~/server/db/connection.server";
import { describeDatabaseError } from "~/server/db/failure";
import { getEnv, type Env } from "~/server/env.server";
import { createRouterHandler, requestOrigin } from "~/server/http/adapter.server";
import { searchTemplater, type SearchTemplater } from "~/server/http/search-templates.server";
import { OPERATIONAL_TABLES, PageCache } from "~/server/http/page-cache.server";
import { startChangeNotifier, type ChangeNotifier } from "~/server/db/change-notify.server";
import { ANY_TABLE } from "~/server/db/table-watch.server";
import { DRIVER_WORKER_PATH, STRICT_POLICY, WORKER_POLICY } from "~/server/http/csp";
import { getLogger, type Logger } from "~/server/logger.server";
import { linkGuessWait, recordLinkMiss } from "~/server/http/link-guard.server";
import { createMailer, type Mailer } from "~/server/mail.server";
import { startMailWorker } from "~/server/mail-worker.server";
import { startReminders } from "~/notify/reminders.server";
import { anonymiseStaleCustomers, linkUnmatchedBookings } from "~/booking/index.server";
import { registerNotify, startNotifyWorker } from "~/notify/worker.server";
import { incompleteProviders, paymentProviderOf } from "~/payments/config.server";
import { paymentProvider, setPaymentProvider } from "~/payments/registry.server";
import { startHoldRelease } from "~/notify/holds.server";
import { startRideWatch } from "~/notify/ride-watch.server";
import { startDocumentWarnings } from "~/fleet/document-warnings.server";
import { flightProviderOf, setFlightProvider } from "~/flights/config.server";
import { startFlightTracker } from "~/flights/tracker.server";
import { translatorFor } from "~/i18n/i18next.server";
import { guestLink } from "~/notify/guest-mail.server";
import { queueGuestMessages } from "~/notify/guest-messages.server";
import { configuredChannels, incompleteChannels, messagingProviders } from "~/server/messaging/config.server";
import { createMessenger, type Messenger } from "~/server/messaging/outbox.server";
import { startOutboxWorker } from "~/server/outbox-worker.server";
import { createWebhookOutbox } from "~/partners/webhook-outbox.server";
import { outgoingPolicy } from "~/server/http/outgoing-url.server";
import { pruneRateLimits } from "~/server/rate-limit.server";
import { pruneLoginThrottle } from "~/auth/throttle.server";
import { storageFor, type Storage } from "~/server/storage.server";
import { driveWarmUp, scratchEnv, scratchFolder, type WarmUpReport } from "~/server/warm-up.server";
import { mailSetupGaps, replyAddress } from "~/mail/sender";
import { getSettings } from "~/settings/settings.server";
import { bearerMatches, createMetrics, routeLabel, type Metrics } from "~/server/metrics.server";
import { LIVE_TABLES, officeEventsOf } from "~/admin/live.server";

export interface Booted {
  app: express.Express;
  /** The security headers and the error handler, for what server.js serves around the app (built assets, public/). */
  securityHeaders: RequestHandler;
  errorHandler: ErrorRequestHandler;
  db: Db;
  env: Env;
  log: Logger;
  mailer: Mailer;
  messenger: Messenger;
  storage: Storage;
  /** Public pages and JSON kept in memory (null when PAGE_CACHE_MB=0). */
  pageCache: PageCache | null;
  /** Prometheus metrics (null without METRICS_TOKEN) and the /metrics answer (server.js mounts it on METRICS_PORT when set). */
  metrics: Metrics | null;
  metricsHandler: RequestHandler;
  /**
   * Answers a request from the page cache before Express sees it (request id and log line
   * included); false when the app must answer. server.js calls it first for every request.
   */
  serveKept(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Ends the back office's open live streams (/admin/events) and opens no more: server.js calls it
   * first on SIGTERM, so waiting for the requests in flight does not wait for streams that never end.
   */
  endStreams(): void;
  close(): Promise<void>;
}

/** The caller's request id when it is a sane one, else a new one. */
function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

const isEventStream = (res: ServerResponse) => String(res.getHeader("content-type") ?? "").startsWith("text/event-stream");

/**
 * One JSON log line when the answer has gone out, and the request counted in the metrics (when on).
 * A live stream (/admin/events) is logged when it ends, however it ends (the client leaving is
 * the usual way), and kept out of the latency histogram: it lasts as long as the tab is open
 * (its gauge counts the open ones).
 */
function logWhenDone(method: string | undefined, url: string | undefined, res: ServerResponse, log: Logger, metrics: Metrics | null) {
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  res.on("finish", () => {
    const ms = elapsed();
    const stream = isEventStream(res);
    log.info({ method, url, status: res.statusCode, ms: Math.round(ms * 10) / 10, ...(stream ? { stream: true } : {}) }, "request");
    if (!stream) metrics?.request(routeLabel((url ?? "/").split("?")[0]!, res.statusCode), method ?? "GET", res.statusCode, ms / 1000);
  });
  res.on("close", () => {
    if (!res.writableFinished && isEventStream(res)) log.info({ method, url, status: res.statusCode, ms: Math.round(elapsed() * 10) / 10, stream: true, closedBy: "client" }, "request");
  });
}

function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}

export interface BootOptions {
  /** the configuration (default: the environment's) */
  env?: Env;
  /** the logger (default: the process's, at LOG_LEVEL) */
  log?: Logger;
  /** how a new database is seeded (the warm-up's scratch copy skips the cars' photos) */
  seed?: SeedOptions;
}

export async function boot(options: BootOptions = {}): Promise<Booted> {
  // The booking commands' committed events go to app/notify (app/booking/events.server.ts).
  registerNotify();
  const env = options.env ?? getEnv();
  const log = options.log ?? getLogger(env.LOG_LEVEL);
  // With /metrics on, every statement is timed for it (db_query_duration_seconds).
  const db = openDatabase(env.DATABASE_URL, { timeQueries: Boolean(env.METRICS_TOKEN) });
  try {
    await assertReachable(db);
    await migrateToLatest(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  await seedIfEmpty(db, env, log, options.seed);
  // SQLite: the disk syncs of checkpoints happen on a thread of their own, not inside a request.
  db.checkpointInBackground?.();
  log.info({ database: db.label }, "database ready");
  // Every mail answers to the office (settings' contact e-mail); what is missing for that is said at the start.
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log, replyTo: async (kysely) => replyAddress((await getSettings(kysely)).general.contactEmail) });
  for (const gap of mailSetupGaps(env.MAIL_FROM, (await getSettings(db.kysely)).general.contactEmail)) {
    log.warn({ gap }, gap === "mailFrom" ? "MAIL_FROM is not set (or local): guests' replies to e-mails go nowhere" : "settings have no contact e-mail: mails go out without a Reply-To");
  }
  // Requests only write to the outbox; this worker delivers it (woken by every send, polling too).
  const mailWorker = mailer.smtp ? startMailWorker({ db: db.kysely, mailer, log }) : undefined;
  // WhatsApp and SMS to guests: queued by requests, sent by their own worker, only for the configured channels.
  const messenger = createMessenger({ providers: messagingProviders(env), log });
  for (const channel of incompleteChannels(env)) log.warn({ channel }, "guest messages: the channel's variables are incomplete, so it stays off");
  const messageWorker = messenger.channels.length > 0 ? startOutboxWorker({ db: db.kysely, outbox: messenger, log, name: "message" }) : undefined;
  if (messageWorker) log.info({ channels: configuredChannels(env) }, "guest messages on");
  // Partners' webhooks (issue 33): queued from the booking events, signed and sent by their own worker.
  const webhookWorker = startOutboxWorker({ db: db.kysely, outbox: createWebhookOutbox({ policy: outgoingPolicy(env), log }), log, name: "webhook" });
  const storage = storageFor(env);
  // The day-before reminders: queued into the outbox at boot and every 5 minutes (issue 16), with the
  // guest's private link and the same reminder on WhatsApp / SMS when the guest agreed to them.
  const guest = { db: db.kysely, messenger, env, log };
  const reminders = startReminders({
    db: db.kysely,
    mailer,
    log,
    linkFor: (booking) => guestLink({ db: db.kysely, env }, booking),
    alsoNotify: (booking, leg) => queueGuestMessages(guest, booking, "reminder", { leg }),
  });

  // The booking events the commands write in their transactions become mails, WhatsApp/SMS and
  // office notices here, off the request (a request only wakes it; it also polls every 5 s).
  const notifyWorker = startNotifyWorker({ db: db.kysely, mailer, messenger, env, log, translator: (lng) => translatorFor(lng, "booking") });

  // Online payments (issue 30): the provider with keys, or none (pay on arrival only); bookings
  // whose hold for their online payment passed unpaid are released every minute.
  setPaymentProvider(paymentProviderOf(env));
  for (const provider of incompleteProviders(env)) log.warn({ provider }, "online payments: the provider's keys are incomplete, so it stays off");
  if (paymentProvider()) log.info({ provider: paymentProvider()!.name }, "online payments on");
  const holds = startHoldRelease({ db: db.kysely, mailer, messenger, env, log });
  // issue 31: unaccepted jobs chased, drivers' positions cleared after their retention
  const rideWatch = startRideWatch({ db: db.kysely, log });
  // issue 34: documents expiring in 30, 7 and 1 days (and today) announced to the office, once each
  const documentWarnings = startDocumentWarnings({ db: db.kysely, mailer, env, log });

  // Flights tracked (issue 31): only with a provider key; without one nothing is tracked or shown.
  const flightProvider = flightProviderOf(env);
  setFlightProvider(flightProvider);
  // its events wake the notify worker (the input is the worker's, should none run)
  const notifyInput = { db: db.kysely, mailer, messenger, env, log };
  const flights = flightProvider ? startFlightTracker({ db: db.kysely, provider: flightProvider, log, notify: notifyInput }) : undefined;
  if (flightProvider) log.info({ provider: flightProvider.name }, "flights tracked");

  // The guests the office knows (issue 29): bookings made before guests were kept are linked to
  // theirs at start (in batches, in the background); the retention setting's anonymisation runs
  // then and every 6 hours (guests with no trip in N years; 0 turns it off).
  const guestUpkeep = async () => {
    const linked = await linkUnmatchedBookings(db.kysely);
    if (linked > 0) log.info({ linked }, "bookings linked to their guests");
    const years = (await getSettings(db.kysely)).booking.guestRetentionYears;
    const anonymised = await anonymiseStaleCustomers(db.kysely, years);
    if (anonymised > 0) log.info({ anonymised, years }, "guests anonymised by the retention setting");
  };
  const guestsOnce = setTimeout(() => guestUpkeep().catch((error: unknown) => log.error({ err: error }, "guest upkeep failed")), 2_000);
  guestsOnce.unref();
  const guests = setInterval(() => guestUpkeep().catch((error: unknown) => log.error({ err: error }, "guest upkeep failed")), 6 * 3600_000);
  guests.unref();

  // Background upkeep: forget old rate-limit windows.
  const upkeep = setInterval(() => {
    pruneRateLimits(db.kysely, new Date(Date.now() - 24 * 3600_000)).catch(() => {});
    pruneLoginThrottle(db.kysely).catch(() => {});
  }, 30_000);
  upkeep.unref();

  // Public pages and JSON from memory, dropped exactly when a table they read changes: here at
  // commit, and on PostgreSQL when another instance says so (LISTEN/NOTIFY).
  // On SQLite, a write by another connection to the file (a script, a test's factory) empties it.
  // Production hands React Router the build itself, so its route tables are made once; the
  // dev server's function form re-reads the build for hot reload on every request.
  const build = import.meta.env.DEV ? () => import("virtual:react-router/server-build") : await import("virtual:react-router/server-build");
  const loadContextOf = (req: Request, res: Response, problem: RequestProblem | null) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      db,
      env,
      log: res.locals.log as Logger,
      mailer,
      messenger,
      storage,
      requestId: res.locals.requestId as string,
      clientIp: clientIp(req),
      metrics,
      requestProblem: problem,
    });
    return context;
  };
  // New searches from templates (issue 32): the results page's loader, run as the router runs it.
  const resultsLoader = typeof build === "function" ? undefined : build.routes["routes/site/booking-results"]?.module.loader;
  const templates: SearchTemplater | undefined = resultsLoader
    ? searchTemplater({
        loader: resultsLoader,
        contextOf: (req, res) => loadContextOf(req, res, null),
        originOf: (req) => requestOrigin(req, env.PUBLIC_URL),
        settings: () => getSettings(db.kysely),
      })
    : undefined;
  const pageCache =
    env.PAGE_CACHE_MB > 0
      ? new PageCache({
          changes: db.changes,
          maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          live: () => db.changes.fresh(),
          templates,
        })
      : null;
  // The back office's live streams (issue 31) hear the same feed: the bookings, their legs and the
  // notices, whichever instance wrote them (so those tables are told to the others, operational or not).
  const live = officeEventsOf(db, { log });
  const quiet = new Set([...OPERATIONAL_TABLES].filter((table) => !LIVE_TABLES.has(table)));
  const notifier: ChangeNotifier | null =
    db.engine === "postgres" ? startChangeNotifier({ db, url: env.DATABASE_URL!, log, quiet, onReconnect: () => db.changes.changed([ANY_TABLE], { remote: true }) }) : null;
  // On PostgreSQL the feed names every change while this instance hears the others (the page
  // cache and the kept settings and prices rely on it; app/server/db/kept-reads.server.ts).
  if (notifier) db.changes.trustWhen(() => notifier.live());

  // Prometheus metrics (issue 28): only with METRICS_TOKEN; on PORT, or on METRICS_PORT alone (server.js).
  const metrics = env.METRICS_TOKEN ? createMetrics({ db, pageCache, pool: db.pool ?? null, liveStreams: () => live.size }) : null;
  const metricsHandler: RequestHandler = async (req, res, next) => {
    if (!metrics || !env.METRICS_TOKEN) return next();
    res.set("Cache-Control", "no-store");
    if (!bearerMatches(req.get("authorization"), env.METRICS_TOKEN)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized\n");
      return;
    }
    try {
      res.type(metrics.contentType).send(await metrics.text());
    } catch (error) {
      next(error);
    }
  };

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Request id and one JSON log line per request.
  app.use((req, res, next) => {
    const requestId = requestIdOf(req.get("x-request-id"));
    res.locals.requestId = requestId;
    res.locals.log = log.child({ requestId });
    res.setHeader("X-Request-Id", requestId);
    logWhenDone(req.method, req.originalUrl, res, res.locals.log as Logger, metrics);
    next();
  });

  // Conservative security headers for every response (pages, API and files). Pages replace the
  // strict default policy with their own, nonced one (app/entry.server.tsx).
  const securityHeaders: RequestHandler = (req, res, next) => {
    // the driver app's service worker fetches with its script's policy (csp.ts)
    res.setHeader("Content-Security-Policy", req.path === DRIVER_WORKER_PATH ? WORKER_POLICY : STRICT_POLICY);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
  app.use(securityHeaders);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptime: Math.round(process.uptime()) });
  });
  // Ready only when the database accepts a write (a full disk or a read-only database still reads).
  app.get("/readyz", async (_req, res) => {
    const check = await checkWritable(db);
    if (!check.ok) {
      (res.locals.log as Logger).error({ db: describeDatabaseError(check.error) }, "readiness check failed: the database refuses writes");
    }
    res
      .status(check.ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: check.ok ? "ready" : "unavailable", database: db.engine });
  });

  if (env.METRICS_PORT === undefined) app.get("/metrics", metricsHandler);

  // Stored images have content-addressed names, so they can be cached for a year.
  if (env.STORAGE === "local") {
    app.use("/uploads", express.static(resolve(env.UPLOAD_DIR), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  }

  if (pageCache) app.use(pageCache.middleware());
  app.use(
    createRouterHandler({
      build,
      publicUrl: env.PUBLIC_URL,
      log,
      linkGuard: {
        wait: (req) => linkGuessWait(db.kysely, clientIp(req)),
        miss: (req, kind) => recordLinkMiss(db.kysely, clientIp(req), kind, log),
      },
      getLoadContext: loadContextOf,
    }),
  );

  // Whatever still fails (a malformed path for the file server, a router crash) is one JSON log
  // line and a short answer: never a stack trace on stdout or in the response.
  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    const status = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const clientError = Number.isInteger(status) && status >= 400 && status < 500;
    const reqLog = (res.locals.log as Logger | undefined) ?? log;
    if (clientError) reqLog.warn({ err: error, url: req.originalUrl, status }, "request refused");
    else reqLog.error({ err: error, url: req.originalUrl }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(clientError ? status : 500).set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) {
      res.json({ success: false, error: { code: clientError ? "bad_request" : "internal", message: clientError ? "Geçersiz istek." : "Sunucu hatası." } });
    } else {
      res.type("text/plain").send(clientError ? "Bad request" : "Internal server error");
    }
  };
  app.use(errorHandler);

  return {
    app,
    securityHeaders,
    errorHandler,
    db,
    env,
    log,
    mailer,
    messenger,
    storage,
    pageCache,
    metrics,
    metricsHandler,
    serveKept(req, res) {
      if (!pageCache) return false;
      return pageCache.serveKept(req, res, () => {
        const requestId = requestIdOf(req.headers["x-request-id"] as string | undefined);
        res.setHeader("X-Request-Id", requestId);
        logWhenDone(req.method, req.url, res, log.child({ requestId }), metrics);
      });
    },
    endStreams: () => live.close(),
    close: async () => {
      live.close();
      clearInterval(upkeep);
      clearTimeout(guestsOnce);
      clearInterval(guests);
      await notifier?.close();
      await notifyWorker.stop();
      await holds.stop();
      await rideWatch.stop();
      await documentWarnings.stop();
      await flights?.stop();
      await reminders.stop();
      await mailWorker?.stop();
      await messageWorker?.stop();
      await webhookWorker.stop();
      metrics?.close();
      await db.close();
    },
  };
}

/**
 * Runs the warm-up (app/server/warm-up.server.ts): a scratch copy of the app on an in-memory
 * database gets the requests a busy start would bring, then is closed and its files removed.
 * `assemble` is how server.js serves an app (compression, files, the page cache first).
 */
export async function warmUp(env: Env, assemble: (booted: Booted) => (req: IncomingMessage, res: ServerResponse) => void): Promise<WarmUpReport> {
  const folder = scratchFolder();
  try {
    const scratch = await boot({ env: scratchEnv(env, folder.dir), log: getLogger().child({}, { level: "silent" }), seed: { images: false, guests: false } });
    try {
      return await driveWarmUp(assemble(scratch));
    } finally {
      await scratch.close();
    }
  } finally {
    folder.remove();
  }
}
