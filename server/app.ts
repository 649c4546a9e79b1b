/**
 * The server application, bundled by `react-router build` into build/server/index.js.
 * `boot()` validates the configuration, opens and migrates the database, seeds an empty one and
 * returns an Express app: health checks, stored images, then the React Router handler.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { createRequestHandler } from "@react-router/express";
import express, { type Request } from "express";
import { RouterContextProvider } from "react-router";
import { seedIfEmpty } from "../db/seed";
import { appContext } from "~/server/context";
import { assertReachable, migrateToLatest, openDatabase, ping, type Db } from "~/server/db/connection.server";
import { getEnv, type Env } from "~/server/env.server";
import { getLogger, type Logger } from "~/server/logger.server";
import { createMailer, type Mailer } from "~/server/mail.server";
import { pruneRateLimits } from "~/server/rate-limit.server";
import { pruneLoginThrottle } from "~/auth/throttle.server";
import { storageFor, type Storage } from "~/server/storage.server";

export interface Booted {
  app: express.Express;
  db: Db;
  env: Env;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  close(): Promise<void>;
}

function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}

export async function boot(): Promise<Booted> {
  const env = getEnv();
  const log = getLogger(env.LOG_LEVEL);
  const db = openDatabase(env.DATABASE_URL);
  try {
    await assertReachable(db);
    await migrateToLatest(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  await seedIfEmpty(db, env, log);
  log.info({ database: db.label }, "database ready");
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
  const storage = storageFor(env);

  // Background upkeep: retry mail from the outbox, forget old rate-limit windows.
  const upkeep = setInterval(() => {
    mailer.deliverDue(db.kysely).catch((error) => log.error({ err: error }, "outbox delivery failed"));
    pruneRateLimits(db.kysely, new Date(Date.now() - 24 * 3600_000)).catch(() => {});
    pruneLoginThrottle(db.kysely).catch(() => {});
  }, 30_000);
  upkeep.unref();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Request id and one JSON log line per request.
  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.log = log.child({ requestId });
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.locals.log.info(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  // Conservative security headers for every response (pages, API and files).
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", uptime: Math.round(process.uptime()) });
  });
  app.get("/readyz", async (_req, res) => {
    const up = await ping(db);
    res.status(up ? 200 : 503).set("Cache-Control", "no-store").json({ status: up ? "ready" : "unavailable", database: db.engine });
  });

  // Stored images have content-addressed names, so they can be cached for a year.
  if (env.STORAGE === "local") {
    app.use("/uploads", express.static(resolve(env.UPLOAD_DIR), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  }

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(appContext, {
          db,
          env,
          log: res.locals.log as Logger,
          mailer,
          storage,
          requestId: res.locals.requestId as string,
          clientIp: clientIp(req),
        });
        return context;
      },
    }),
  );

  return {
    app,
    db,
    env,
    log,
    mailer,
    storage,
    close: async () => {
      clearInterval(upkeep);
      await db.close();
    },
  };
}
