/**
 * `npm start`: builds when the build is missing or older than the sources, then boots the app
 * (configuration, migrations, first-run seed) and serves it on PORT.
 * `npm run dev` (--dev): the same app through Vite's dev server with hot reload.
 * --no-build: serve the existing build as it is (tests that start extra servers use it).
 * --build-only: build when stale, compress the assets, and exit (the integration run does it once
 *   before its files start side by side).
 * SIGTERM/SIGINT: stop accepting, finish requests in flight, close the database, exit 0.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import compression from "compression";
import express from "express";

// A .env file, if present, fills what the environment does not already set.
if (existsSync(".env")) process.loadEnvFile(".env");

const DEV = process.argv.includes("--dev");
const NO_BUILD = process.argv.includes("--no-build");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUILD_ENTRY = `${BUILD_DIR}/server/index.js`;
const SOURCES = ["app", "db", "locales", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function ensureBuild() {
  const built = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
  if (NO_BUILD && built) return;
  const newest = Math.max(...SOURCES.map(newestMtime));
  if (built >= newest) return;
  console.log(built ? "Sources changed since the last build; building…" : "No build yet; building (about half a minute)…");
  const started = Date.now();
  // Always a production bundle, whatever NODE_ENV the caller has (vitest's "test" would give React's
  // development build: slower, and warning of differences the production build ignores).
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) {
    // The build's own messages only matter when it fails.
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error("Build failed; see the messages above.");
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const COMPRESSIBLE = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json" };

/**
 * Hashed assets never change, so they are Brotli-compressed once, at the highest quality, next to
 * the build (file.js.br); on-the-fly gzip stays for everything else and for clients without br.
 * Small files too: a page loads two dozen chunks under 1 KB, and Brotli's built-in dictionary
 * halves most of them (the on-the-fly threshold of 1 KB left them as they were). A file whose
 * Brotli copy would not be smaller gets none.
 */
function precompressAssets(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const type = COMPRESSIBLE[extname(name)];
    const file = join(dir, name);
    if (!type || existsSync(`${file}.br`)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
  }
}

/** Serves file.br for /assets/file when the client accepts Brotli. */
function brotliAssets(dir) {
  return (req, res, next) => {
    const type = COMPRESSIBLE[extname(req.path)];
    if (!type || !/\bbr\b/.test(req.get("accept-encoding") ?? "") || req.path.includes("..")) return next();
    const file = join(resolve(dir), req.path);
    if (!existsSync(`${file}.br`)) return next();
    res.set({ "Content-Type": type, "Content-Encoding": "br", Vary: "Accept-Encoding", "Cache-Control": "public, max-age=31536000, immutable" });
    res.sendFile(`${file}.br`, { acceptRanges: false, cacheControl: false, lastModified: false });
  };
}

function fail(error) {
  // A configuration or database error is one clear line, never a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  console.error(error?.name === "ConfigError" ? message : `Start-up failed: ${message}`);
  process.exit(1);
}

/**
 * The site around a booted app: compression, the built assets (Brotli first), public/, then the
 * app and its error handler; the page cache answers before Express sees the request (issue 17).
 */
function assemble(booted) {
  const server = express();
  server.disable("x-powered-by");
  server.use(compression());
  server.use(booted.securityHeaders);
  // Hashed assets never change: cache for a year. Everything else in public/: an hour.
  server.use("/assets", brotliAssets(`${BUILD_DIR}/client/assets`));
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y", index: false }));
  // Only a path with a file extension can name a file in public/ (favicon.svg, hero images):
  // pages and the API skip the file lookup.
  // The driver app's service worker (issue 31) is asked for anew at each of its update checks.
  const noCacheForWorker = (res, path) => {
    if (path.endsWith("driver-sw.js")) res.setHeader("Cache-Control", "no-cache");
  };
  const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false, setHeaders: noCacheForWorker });
  server.use((req, res, next) => (extname(req.path) && !req.path.startsWith("/api/") ? publicFiles(req, res, next) : next()));
  return withApp(booted, server);
}

/** The app and its error handler last on `server`; a request the page cache keeps is answered before Express sees it. */
function withApp(booted, server) {
  server.use(booted.app);
  server.use(booted.errorHandler);
  return (req, res) => {
    if (!booted.serveKept(req, res)) server(req, res);
  };
}

async function main() {
  if (process.argv.includes("--build-only")) {
    ensureBuild();
    precompressAssets(`${BUILD_DIR}/client/assets`);
    return;
  }
  let booted;
  let serve;
  if (DEV) {
    const server = express();
    server.disable("x-powered-by");
    server.use(compression());
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(devServer.middlewares);
    const mod = await devServer.ssrLoadModule("./server/app.ts");
    booted = await mod.boot().catch(fail);
    serve = withApp(booted, server);
  } else {
    ensureBuild();
    const mod = await import(`./${BUILD_ENTRY}`);
    booted = await mod.boot().catch(fail);
    precompressAssets(`${BUILD_DIR}/client/assets`);
    serve = assemble(booted);
    // The first visitors get compiled code, not the interpreter's (app/server/warm-up.server.ts).
    if (booted.env.WARM_UP === "1") {
      const report = await mod.warmUp(booted.env, assemble).catch((error) => ({ error }));
      if (report.error) booted.log.warn({ err: report.error }, "warm-up failed; listening anyway");
      else booted.log.info(report, "warmed up");
    }
  }

  const { env, log } = booted;
  // A public page or public JSON kept in the page cache is answered before Express and its
  // middleware see the request (issue 17); everything else goes to Express.
  const listener = createServer(serve).listen(env.PORT, env.HOST);
  // An idle keep-alive connection stays open longer than the clients and load balancers that reuse
  // it (60 s on the common ones), so the server never closes one just as a request goes out on it
  // (the client would see ECONNRESET). Shutdown still closes idle connections at once.
  listener.keepAliveTimeout = 65_000;
  listener.headersTimeout = 66_000;
  listener.on("error", (error) => {
    const reason = error.code === "EADDRINUSE" ? `PORT ${env.PORT} is already in use` : error.message;
    console.error(`Start-up failed: ${reason}`);
    process.exit(1);
  });
  listener.on("listening", () => {
    log.info({ port: env.PORT, url: env.PUBLIC_URL, mode: DEV ? "development" : "production" }, "listening");
  });
  // METRICS_PORT: /metrics on an internal port of its own (and not on PORT); nothing else there.
  let metricsListener;
  if (env.METRICS_PORT !== undefined) {
    const internal = express();
    internal.disable("x-powered-by");
    internal.get("/metrics", booted.metricsHandler);
    internal.use((_req, res) => res.status(404).type("text/plain").send("Not found\n"));
    metricsListener = createServer(internal).listen(env.METRICS_PORT, env.HOST);
    metricsListener.on("error", (error) => {
      console.error(`Start-up failed: ${error.code === "EADDRINUSE" ? `METRICS_PORT ${env.METRICS_PORT} is already in use` : error.message}`);
      process.exit(1);
    });
    metricsListener.on("listening", () => log.info({ port: env.METRICS_PORT }, "metrics listening"));
  }

  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.warn("requests still open after 10 s; closing anyway");
      listener.closeAllConnections();
    }, 10_000);
    force.unref();
    // The back office's live streams never end by themselves: ended now, their browsers reconnect elsewhere.
    booted.endStreams();
    listener.close(async () => {
      await booted.close().catch((error) => log.error({ err: error }, "closing the database failed"));
      log.info("stopped");
      process.exit(0);
    });
    listener.closeIdleConnections();
    metricsListener?.close();
    metricsListener?.closeAllConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch(fail);
