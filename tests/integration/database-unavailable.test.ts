/**
 * A database that does not answer (issue 10 item 9): PostgreSQL behind a loopback TCP server that
 * accepts and never replies, or a proxy that goes silent mid-connection. Requests must fail within
 * the timeouts of app/server/db/connection.server.ts, the failure must be classified as
 * "unavailable", and React Router's own request handler (with the app's root middleware, entry
 * handleError and real route modules) must answer 503: the translated error page for a page, the
 * JSON envelope with Retry-After for /api.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import pino from "pino";
import {
  createRequestHandler,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  type ServerBuild,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entry from "~/entry.server";
import * as root from "~/root";
import * as carsApi from "~/routes/api/cars";
import * as loginPage from "~/routes/admin/login";
import * as fleetPage from "~/routes/site/fleet";
import * as siteLayout from "~/routes/site/layout";
import { openDatabase, PG_TIMEOUTS, type Db } from "~/server/db/connection.server";
import { isDatabaseUnavailable } from "~/server/db/failure";
import { testAppContext } from "../setup/test-app";

/** A TCP server on loopback that accepts connections and never says a word. */
async function blackHole(): Promise<{ port: number; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as { port: number }).port, server, sockets };
}

async function closeServer(hole: { server: Server; sockets: Set<Socket> }) {
  for (const s of hole.sockets) s.destroy();
  await new Promise<void>((resolve) => hole.server.close(() => resolve()));
}

async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error("expected the query to fail");
}

describe("a PostgreSQL server that accepts and never answers", () => {
  let hole: Awaited<ReturnType<typeof blackHole>>;
  let db: Db;
  beforeAll(async () => {
    hole = await blackHole();
    db = openDatabase(`postgres://app@127.0.0.1:${hole.port}/app`, { poolSize: 2 });
  });
  afterAll(async () => {
    await db.close().catch(() => {});
    await closeServer(hole);
  });

  it("fails a query after the connection timeout, classified as unavailable", async () => {
    const { error, ms } = await failure(db.kysely.selectFrom("cars").selectAll().execute());
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(PG_TIMEOUTS.connect - 200);
    // ended by the connection timeout (pg's words), not a later one: no upper bound a busy machine stretches
    expect((error as Error).message).toMatch(/connection timeout|timeout exceeded when trying to connect/);
  });
});

// The real "drops packets" case: the connection is established and working, then the network goes
// silent. Only the client-side query timeout can end the wait (the server never hears a cancel).
// Runs with TEST_DATABASE_URL (a real PostgreSQL to put the proxy in front of), like the other suites.
const realPostgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(realPostgres)("a PostgreSQL connection that goes silent (%s)", (databaseUrl) => {
  let proxy: Server;
  let silent = false;
  const sockets = new Set<Socket>();
  let db: Db;

  beforeAll(async () => {
    const target = new URL(databaseUrl);
    proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("error", () => {});
        s.on("close", () => sockets.delete(s));
      }
      // Bytes are forwarded until the switch flips; afterwards they vanish in both directions.
      client.on("data", (chunk) => void (silent || upstream.write(chunk)));
      upstream.on("data", (chunk) => void (silent || client.write(chunk)));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String((proxy.address() as { port: number }).port);
    db = openDatabase(url.toString(), { poolSize: 1 });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await db.close().catch(() => {});
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  it("answers while the network works, then fails within the query timeout, and recovers", { timeout: 60_000 }, async () => {
    const one = await db.kysely.selectNoFrom((eb) => eb.val(1).as("one")).executeTakeFirstOrThrow();
    expect(Number(one.one)).toBe(1);

    silent = true;
    const { error, ms } = await failure(db.kysely.selectNoFrom((eb) => eb.val(2).as("two")).execute());
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(PG_TIMEOUTS.query - 200);
    // ended by the client-side query timeout (pg's words), not by a later one
    expect((error as Error).message).toBe("Query read timeout");

    // The timed-out connection was dropped, not handed to the next query: a new one works.
    silent = false;
    const three = await db.kysely.selectNoFrom((eb) => eb.val(3).as("three")).executeTakeFirstOrThrow();
    expect(Number(three.three)).toBe(3);
  });
});

/** A route module as the framework's compiler hands it over: components get their props. */
function compiled<M extends { default?: unknown; ErrorBoundary?: unknown }>(module: M): M {
  return {
    ...module,
    ...(module.default ? { default: UNSAFE_withComponentProps(module.default as never) } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never) } : {}),
  };
}

/** React Router's server handler over the app's root, site layout, fleet page, cars API and the back office's sign-in page. */
function serverBuild(): ServerBuild {
  const routes = {
    root: { id: "root", path: "", module: compiled(root) },
    "routes/site/layout": { id: "routes/site/layout", parentId: "root", module: compiled(siteLayout) },
    "routes/site/fleet": { id: "routes/site/fleet", parentId: "routes/site/layout", path: "fleet", module: compiled(fleetPage) },
    "routes/api/cars": { id: "routes/api/cars", parentId: "root", path: "api/cars", module: carsApi },
    "routes/admin/login": { id: "routes/admin/login", parentId: "root", path: "admin/login", module: compiled(loginPage) },
  };
  const manifestRoute = (id: string, r: { parentId?: string; path?: string; module: object }) => ({
    id,
    parentId: r.parentId,
    path: r.path,
    module: `/assets/${id}.js`,
    hasAction: "action" in r.module,
    hasLoader: "loader" in r.module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: "ErrorBoundary" in r.module,
  });
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, manifestRoute(id, r)])),
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true, unstable_subResourceIntegrity: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("pages and the API while the database does not answer", () => {
  let hole: Awaited<ReturnType<typeof blackHole>>;
  let db: Db;
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const handler = createRequestHandler(serverBuild(), "production");

  beforeAll(async () => {
    hole = await blackHole();
    db = openDatabase(`postgres://app@127.0.0.1:${hole.port}/app`, { poolSize: 4 });
  });
  afterAll(async () => {
    await db.close().catch(() => {});
    await closeServer(hole);
  });

  function context(requestId: string) {
    const c = testAppContext(db, { env: { NODE_ENV: "production", PUBLIC_URL: "http://localhost" }, log: log.child({ requestId }), requestId });
    return c;
  }

  it("answers /api with 503, the envelope and Retry-After, and logs one line with the request id", async () => {
    const response = await handler(new Request("http://localhost/api/cars"), context("req-api-1"));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const body = await response.json();
    expect(body).toEqual({ success: false, error: { code: "unavailable", message: expect.stringMatching(/temporarily unavailable/) } });
    const logged = lines.filter((l) => l.requestId === "req-api-1");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: "database unavailable", path: "/api/cars" });
    expect(JSON.stringify(logged[0])).not.toMatch(/\n\s+at /);
  });

  it("answers the API in the caller's language", async () => {
    const response = await handler(new Request("http://localhost/api/cars?lng=tr"), context("req-api-2"));
    expect(response.status).toBe(503);
    expect((await response.json()).error.message).toBe("Hizmet geçici olarak kullanılamıyor. Lütfen birkaç dakika sonra tekrar deneyin.");
  });

  it("answers the back office's sign-in form with the 503 page, not a 500", async () => {
    const body = new URLSearchParams({ email: "office@example.com", password: "any-Password-1" });
    const response = await handler(
      new Request("http://localhost/admin/login", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      context("req-login"),
    );
    expect(response.status, JSON.stringify(lines.filter((l) => l.requestId === "req-login"))).toBe(503);
    expect(await response.text()).not.toMatch(/\n\s+at /);
    expect(lines.filter((l) => l.requestId === "req-login" && l.msg === "database unavailable")).toHaveLength(1);
  });

  for (const [lng, title, text] of [
    ["en", "Service temporarily unavailable", "call us"],
    ["de", "Dienst vorübergehend nicht verfügbar", "rufen Sie uns an"],
  ] as const) {
    it(`shows a page as the translated 503 error page (${lng})`, async () => {
      const response = await handler(new Request(`http://localhost/fleet?lng=${lng}`), context(`req-page-${lng}`));
      expect(response.status).toBe(503);
      expect(response.headers.get("Content-Type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain(title);
      expect(html).toContain(text);
      expect(html).not.toMatch(/\n\s+at /);
      expect(lines.filter((l) => l.requestId === `req-page-${lng}` && l.msg === "database unavailable")).toHaveLength(1);
    });
  }
});

describe("pages and the API while the database refuses connections", () => {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const handler = createRequestHandler(serverBuild(), "production");
  let db: Db;
  beforeAll(async () => {
    // a port that was free a moment ago: nothing listens there, every connection is refused
    const hole = await blackHole();
    await closeServer(hole);
    db = openDatabase(`postgres://app@127.0.0.1:${hole.port}/app`, { poolSize: 2 });
  });
  afterAll(() => db.close().catch(() => {}));

  it("answers the sign-in form and the page with 503, not 500", async () => {
    const context = testAppContext(db, { env: { NODE_ENV: "production", PUBLIC_URL: "http://localhost" }, log: log.child({ requestId: "refused-login" }), requestId: "refused-login" });
    const body = new URLSearchParams({ email: "office@example.com", password: "any-Password-1" });
    const posted = await handler(new Request("http://localhost/admin/login", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }), context);
    expect(posted.status, JSON.stringify(lines.filter((l) => l.level === 50))).toBe(503);
    const page = await handler(new Request("http://localhost/admin/login"), context);
    expect(page.status).toBe(503);
  });
});

describe("which errors mean the database is unavailable", () => {
  it("knows network errors, PostgreSQL states and SQLite codes, and nothing else", () => {
    const e = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? "x")), props);
    for (const error of [
      e({ code: "ECONNREFUSED" }),
      e({ code: "57014", message: "canceling statement due to statement timeout" }),
      e({ code: "57P01" }),
      e({ code: "08006" }),
      e({ code: "53100", message: "could not extend file: No space left on device" }),
      e({ code: "SQLITE_FULL" }),
      e({ code: "SQLITE_READONLY_DBMOVED" }),
      e({ code: "SQLITE_IOERR_WRITE" }),
      e({ message: "Query read timeout" }),
      new Error("wrapped", { cause: e({ code: "ETIMEDOUT" }) }),
    ]) {
      expect(isDatabaseUnavailable(error), JSON.stringify({ code: (error as { code?: string }).code, m: error.message })).toBe(true);
    }
    for (const error of [
      e({ code: "23505", message: "duplicate key" }),
      e({ code: "SQLITE_CONSTRAINT_UNIQUE" }),
      e({ code: "42P01", message: "relation does not exist" }),
      new TypeError("x is undefined"),
      "a string",
      null,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
