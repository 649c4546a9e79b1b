/**
 * The real server (node server.js: Express, the request screen, React Router) on a free loopback
 * port, for integration suites that must see HTTP as a client does: methods the Fetch API refuses,
 * no Host header, bodies larger than memory. SQLite in a throwaway file, or a fresh PostgreSQL
 * database next to TEST_DATABASE_URL's. The first server of a run builds when the build is stale;
 * later ones reuse that build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Engine } from "~/server/db/connection.server";

export const SERVER_ADMIN = { email: "office@example.com", password: "hostile-Secret-123" };

export interface RunningServer {
  base: string;
  port: number;
  /** the server's own database */
  databaseUrl: string;
  pid: number;
  /** everything the server wrote to stdout and stderr so far */
  output(): { stdout: string; stderr: string };
  /** resident memory of the server process, in bytes (Linux /proc) */
  rss(): number;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let built: Promise<void> | undefined;

/** A throwaway database: a SQLite file in `dir`, or a fresh PostgreSQL database next to TEST_DATABASE_URL's. */
export async function throwawayDatabase(engine: Engine, dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine === "sqlite") return { url: `file:${join(dir, "db.sqlite")}`, drop: async () => {} };
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `test_srv_${randomBytes(5).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Resolves once /readyz answers 200; fails at once if the server exits, else after `timeoutMs`. */
async function waitReady(base: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
  let onExit: (code: number | null) => void = () => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = (code) => reject(new Error(`server exited (${code}): ${output()}`));
    child.once("exit", onExit);
  });
  // A plain poll, not vi.waitFor: the benches import this module outside vitest (with Playwright,
  // whose matchers clash with vitest's when both load).
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await fetch(`${base}/readyz`).then((r) => r.status, () => 0);
      if (status === 200) return;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`server did not become ready (/readyz answered ${status || "nothing"})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  ready.catch(() => {}); // after an exit, the poll's own time-out is no news
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${output()}`);
  } finally {
    child.off("exit", onExit);
  }
}

export interface StartOptions {
  /** serve this database (another server's, already migrated) instead of a throwaway one; stop() leaves it */
  databaseUrl?: string;
}

export async function startServer(engine: Engine, env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  // The integration run built once before its files started (tests/setup/build-once.ts).
  const first = !built && process.env.VT_BUILT !== "1";
  let release: () => void = () => {};
  if (first) built = new Promise<void>((resolve) => (release = resolve));
  else await built;
  const dir = mkdtempSync(join(tmpdir(), "vt-srv-"));
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await throwawayDatabase(engine, dir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js", ...(first ? [] : ["--no-build"])], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      UPLOAD_DIR: join(dir, "uploads"),
      PUBLIC_URL: base,
      SESSION_SECRET: "integration-session-secret-that-is-long-enough",
      ADMIN_EMAIL: SERVER_ADMIN.email,
      ADMIN_PASSWORD: SERVER_ADMIN.password,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      SMTP_URL: "",
      STORAGE: "local",
      ROUTING_PROVIDER: "builtin",
      GOOGLE_MAPS_API_KEY: "",
      GOOGLE_MAPS_BROWSER_KEY: "",
      OSRM_URL: "",
      TRUST_PROXY: "false",
      // No demo guests and bookings: tests count the bookings they make.
      DEMO_BOOKINGS: "false",
      // A second or two per start saved (tests/integration/warm-up.test.ts turns it on).
      WARM_UP: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  try {
    await waitReady(base, child, () => stdout + stderr, 240_000);
  } finally {
    if (first) release();
  }
  return {
    base,
    port,
    databaseUrl: database.url,
    pid: child.pid!,
    output: () => ({ stdout, stderr }),
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) * 1024,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP/1.1 request exactly as given (any method, any header, no Host when told), with node:http
 * rather than fetch, which refuses TRACE and some headers. A connection the server closes while
 * the body is still being sent still yields the answer it sent, if any.
 */
export function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array | Iterable<Uint8Array> },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    const fixed = typeof options.body === "string" ? Buffer.from(options.body) : options.body instanceof Uint8Array ? options.body : undefined;
    // Say how long a fixed body is: node:http would otherwise send a GET's or an OPTIONS' body unframed.
    if (fixed && !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h))) headers["content-length"] = String(fixed.length);
    const chunks: Buffer[] = [];
    let answered: { status: number; headers: IncomingHttpHeaders } | null = null;
    let sending = false;
    const answer = () => {
      if (!answered) return;
      resolve({ ...answered, body: Buffer.concat(chunks).toString("utf8") });
      // A client that was answered before its body was out stops sending, as browsers and curl do.
      if (sending) req.destroy();
    };
    const req = httpRequest({ host: "127.0.0.1", port, method: options.method, path: options.path, headers, agent: false }, (res) => {
      answered = { status: res.statusCode ?? 0, headers: res.headers };
      // A live event stream (/admin/events) never ends: its head and first bytes are the answer.
      if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
        res.once("data", (c: Buffer) => {
          chunks.push(c);
          resolve({ ...answered!, body: Buffer.concat(chunks).toString("utf8") });
          req.destroy();
        });
        res.once("end", answer);
        res.on("error", () => {});
        return;
      }
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", answer);
      res.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? answer() : reject(error)));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      // EPIPE/ECONNRESET while a body is still going out, after the server answered early, is
      // expected: the answer stands (its body as far as it came, should the reset cut it short).
      // Before any answer, give it a moment to arrive (several seconds on a loaded machine).
      if (error.code === "EPIPE" || error.code === "ECONNRESET") {
        if (answered) answer();
        else setTimeout(() => (answered ? answer() : reject(error)), 10_000);
      } else reject(error);
    });
    const body = options.body;
    if (body === undefined) req.end();
    else if (fixed) req.end(fixed);
    else if (typeof body !== "string" && !(body instanceof Uint8Array)) {
      sending = true;
      (async () => {
        for (const chunk of body) {
          if (req.destroyed || answered) return;
          if (!req.write(chunk)) await writable(req);
        }
        sending = false;
        req.end();
      })().catch(() => {});
    }
  });
}

/** Resolves when the request can take more (or has closed), leaving no listener behind. */
function writable(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off("drain", done).off("close", done);
      resolve();
    };
    req.once("drain", done).once("close", done);
  });
}

/** Signs the office in on `server` through the admin form, as a browser does; returns the `vt_session=…` cookie. */
export async function officeCookie(server: Pick<RunningServer, "port" | "base">): Promise<string> {
  const login = await send(server.port, {
    method: "POST",
    path: "/admin/login",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base },
    body: new URLSearchParams({ email: SERVER_ADMIN.email, password: SERVER_ADMIN.password }).toString(),
  });
  const setCookie = [login.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("vt_session="));
  if (!setCookie) throw new Error(`sign-in on ${server.base} answered ${login.status} without a session cookie`);
  return setCookie.split(";")[0]!;
}

/** The office's bearer token for the API on `server` (POST /api/auth/login). */
export async function apiToken(server: Pick<RunningServer, "port">): Promise<string> {
  const login = await send(server.port, { method: "POST", path: "/api/auth/login", headers: { "content-type": "application/json" }, body: JSON.stringify(SERVER_ADMIN) });
  const token = (JSON.parse(login.body) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`API sign-in answered ${login.status}: ${login.body.slice(0, 200)}`);
  return token;
}
