/**
 * Part of `npm run bench` (issue 17): what the public pages and the public JSON cost to serve,
 * as a ratio to the physical limit of this machine in the same run. Starts the built server
 * (production, throwaway SQLite; and a throwaway PostgreSQL database when TEST_DATABASE_URL is
 * set), fetches each URL's exact bytes and headers once, starts a bare
 * `node:http` server that sends those same bytes, and loads both with autocannon (10 connections,
 * no compression asked, like the judge's run). Then the uncached render: the same server with
 * PAGE_CACHE_MB=0, `GET /` one request at a time, the server's own time from its request log.
 * The results page (issue 32) twice: one search asked again and again (the same URL), and new
 * searches (another destination, date or time each request, never the same twice in a run), both
 * against the bare server sending one results page; then new searches one at a time, with the
 * server's time, its CPU and the database statements each one costs (counted by /metrics).
 * Prints figures only; nothing is asserted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort, throwawayDatabase } from "../tests/setup/server";
import { newSearchPaths, RESULTS_PATH } from "./pages";

const RESULTS_URL = `${RESULTS_PATH}&lng=en`;
/** `BENCH_RESULTS_ONLY=1`: only the results page's parts (while working on it). */
const RESULTS_ONLY = process.env.BENCH_RESULTS_ONLY === "1";
const URLS: string[] = RESULTS_ONLY ? [RESULTS_URL] : ["/?lng=en", "/fleet?lng=en", "/api/cars", RESULTS_URL];
const TARGETS: Record<string, number> = { "/?lng=en": 0.4, "/fleet?lng=en": 0.4, "/api/cars": 0.5, [RESULTS_URL]: 0.5 };
/** New searches: 10 % of the bare server (issue 32). */
const NEW_SEARCH_TARGET = 0.1;
const METRICS_TOKEN = "bench-metrics-token-0123456789";
const DURATION = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 150);

interface App {
  base: string;
  process: ChildProcess;
  lines: string[];
  stop(): Promise<void>;
}

async function startApp(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<App> {
  const dir = mkdtempSync(join(tmpdir(), "vt-public-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js", "--no-build"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl || `file:${join(dir, "db.sqlite")}`,
      UPLOAD_DIR: join(dir, "uploads"),
      NODE_ENV: "production",
      SESSION_SECRET: "b".repeat(40),
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let rest = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    rest += chunk.toString("utf8");
    const parts = rest.split("\n");
    rest = parts.pop()!;
    for (const line of parts) if (line.startsWith("{")) lines.push(line);
    if (lines.length > 50_000) lines.splice(0, lines.length - 10_000);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    process: child,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** A bare node:http server answering every request with one recorded response, byte for byte. */
async function bareServer(status: number, headers: IncomingHttpHeaders, body: Buffer): Promise<{ base: string; server: Server }> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || ["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) continue;
    kept[name] = value;
  }
  kept["content-length"] = String(body.length);
  const server = createHttpServer((_req, res) => {
    res.writeHead(status, kept);
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${port}`, server };
}

/** The response exactly as a client without compression gets it. */
async function record(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

/** Loads `url`; with `paths`, each request asks the next of them instead (in turn, from the first). */
async function load(url: string, paths?: readonly string[]): Promise<{ rps: number; p99: number; errors: number; non2xx: number; total: number }> {
  let next = 0;
  const requests = paths ? [{ setupRequest: (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined;
  const result = await autocannon({ url, connections: 10, duration: DURATION, ...(requests ? { requests } : {}) });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, total: result.requests.total };
}

/** CPU time (user + system) a process has used, ms, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
}

async function throughput(label: string, databaseUrl: string) {
  const app = await startApp(databaseUrl);
  try {
    console.log(`\nPublic pages and JSON, ${label} (autocannon, 10 connections, ${DURATION} s each, no compression asked)`);
    console.log("url                 app req/s   bare req/s   ratio   target   app p99   bytes");
    const row = (label: string, target: number, appRun: Awaited<ReturnType<typeof load>>, bareRun: Awaited<ReturnType<typeof load>>, bytes: number, cache: string) => {
      const flags = appRun.errors || appRun.non2xx ? `  (${appRun.errors} errors, ${appRun.non2xx} non-2xx)` : "";
      console.log(
        `${label.padEnd(18)} ${appRun.rps.toFixed(0).padStart(10)} ${bareRun.rps.toFixed(0).padStart(12)} ${((appRun.rps / bareRun.rps) * 100).toFixed(1).padStart(6)} % ${`≥ ${(target * 100).toFixed(0)} %`.padStart(7)} ${`${appRun.p99} ms`.padStart(9)} ${String(bytes).padStart(7)}${flags}  [${cache}]`,
      );
    };
    for (const path of URLS) {
      await record(app.base + path); // the first request renders and keeps it
      const recorded = await record(app.base + path);
      const bare = await bareServer(recorded.status, recorded.headers, recorded.body);
      try {
        const appRun = await load(app.base + path);
        const bareRun = await load(bare.base + path);
        row(path === RESULTS_URL ? "results, same" : path, TARGETS[path]!, appRun, bareRun, recorded.body.length, String(recorded.headers["x-cache"] ?? "?"));
      } finally {
        await closeBare(bare.server);
      }
    }
    // New searches: never asked before in this run (more paths than the run can ask).
    const paths = newSearchPaths(24_000);
    const recorded = await record(app.base + paths.pop()!);
    const bare = await bareServer(recorded.status, recorded.headers, recorded.body);
    try {
      const appRun = await load(app.base + paths[0]!, paths);
      const bareRun = await load(bare.base + paths[0]!, paths);
      row("results, new", NEW_SEARCH_TARGET, appRun, bareRun, recorded.body.length, `${appRun.total} searches`);
    } finally {
      await closeBare(bare.server);
    }
  } finally {
    await app.stop();
  }
}

async function closeBare(server: Server) {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
}

/** The database statements the server has run so far (/metrics' statement timings' count). */
async function statementsSoFar(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [...text.matchAll(/^db_query_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/**
 * New searches one at a time (each a first render): the server's time from its log, its CPU and
 * the statements each one ran (the scrape's own statements, measured by two scrapes in a row, taken off).
 */
async function newSearchCost(label: string, databaseUrl: string) {
  const app = await startApp(databaseUrl, { METRICS_TOKEN });
  try {
    const paths = newSearchPaths(20 + RENDERS).map((path) => `${path}&lng=en`);
    for (const path of paths.slice(0, 20)) await record(app.base + path); // warm up (JIT, statements)
    const scrape = -(await statementsSoFar(app.base)) + (await statementsSoFar(app.base));
    const statementsBefore = await statementsSoFar(app.base);
    const before = app.lines.length;
    const cpuBefore = cpuMs(app.process.pid);
    for (const path of paths.slice(20)) await record(app.base + path);
    const cpuAfter = cpuMs(app.process.pid);
    const statements = (await statementsSoFar(app.base)) - statementsBefore - scrape;
    await new Promise((r) => setTimeout(r, 200));
    const asked = new Set(paths.slice(20));
    const times = app.lines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg?: string; url?: string; ms?: number })
      .filter((entry) => entry.msg === "request" && asked.has(entry.url ?? "") && typeof entry.ms === "number")
      .map((entry) => entry.ms!)
      .sort((a, b) => a - b);
    const cpu = cpuBefore === null || cpuAfter === null ? "" : `, server CPU ${((cpuAfter - cpuBefore) / RENDERS).toFixed(1)} ms`;
    console.log(
      `new search, one at a time ${label.padEnd(10)} median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms over ${times.length}${cpu}, ${Math.max(0, statements / RENDERS).toFixed(1)} statements a search`,
    );
  } finally {
    await app.stop();
  }
}

/** Server time of uncached renders of `/` (PAGE_CACHE_MB=0), one request at a time, from the request log. */
async function uncachedRender(label: string, databaseUrl: string) {
  const app = await startApp(databaseUrl, { PAGE_CACHE_MB: "0" });
  try {
    for (const lng of ["en", "ru"]) {
      const path = `/?lng=${lng}`;
      for (let i = 0; i < 20; i++) await record(app.base + path); // warm up (JIT, statements)
      const before = app.lines.length;
      const cpuBefore = cpuMs(app.process.pid);
      for (let i = 0; i < RENDERS; i++) await record(app.base + path);
      const cpuAfter = cpuMs(app.process.pid);
      const cpuPerRender = cpuBefore === null || cpuAfter === null ? "" : `, server CPU ${((cpuAfter - cpuBefore) / RENDERS).toFixed(1)} ms a request`;
      await new Promise((r) => setTimeout(r, 200));
      const times = app.lines
        .slice(before)
        .map((line) => JSON.parse(line) as { msg?: string; url?: string; ms?: number })
        .filter((entry) => entry.msg === "request" && entry.url === path && typeof entry.ms === "number")
        .map((entry) => entry.ms!)
        .sort((a, b) => a - b);
      console.log(
        `uncached render ${path.padEnd(9)} ${label.padEnd(10)} median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms over ${times.length}${cpuPerRender} (target: median ≤ 10 ms)`,
      );
    }
  } finally {
    await app.stop();
  }
}

async function main() {
  console.log(`load average before: ${loadavg().map((n) => n.toFixed(2)).join(", ")}`);
  await throughput("SQLite", "");
  if (!RESULTS_ONLY) await uncachedRender("SQLite", "");
  await newSearchCost("SQLite", "");
  const pgDir = mkdtempSync(join(tmpdir(), "vt-public-pg-"));
  const postgres = process.env.TEST_DATABASE_URL ? await throwawayDatabase("postgres", pgDir) : null;
  if (postgres) {
    try {
      await throughput("PostgreSQL", postgres.url);
      if (!RESULTS_ONLY) await uncachedRender("PostgreSQL", postgres.url);
      await newSearchCost("PostgreSQL", postgres.url);
    } finally {
      await postgres.drop();
    }
  }
  rmSync(pgDir, { recursive: true, force: true });
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(", ")}`);
}

await main();
