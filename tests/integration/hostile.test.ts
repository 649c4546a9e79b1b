/**
 * A stranger's requests against the real server (Express, the request screen, React Router), on
 * SQLite and PostgreSQL: every route of app/routes.ts with generated methods, content types,
 * bodies and query strings (fast-check), signed out and signed in as the office, must never get a
 * 5xx, never print a stack trace, and leave the server healthy. Then the named attacks: oversized
 * bodies (memory stays flat), requests from a foreign origin (nothing happens), a spoofed
 * X-Forwarded-For (the limit still counts the real client), and a request without a Host header.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { engines } from "../setup/db";
import { apiToken, officeCookie, send, startServer, type RawResponse, type RunningServer } from "../setup/server";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every URL pattern of the route table, e.g. "admin/bookings/:id", "" for the home page. */
function routePatterns(entries: RouteEntry[] = routes as RouteEntry[]): string[] {
  const found = new Set<string>();
  const walk = (list: RouteEntry[]) => {
    for (const entry of list) {
      if (entry.path !== undefined) found.add(entry.path);
      else if (entry.index) found.add("");
      if (entry.children) walk(entry.children);
    }
  };
  walk(entries);
  return [...found];
}

const PATTERNS = routePatterns();

const paramValue = fc.oneof(
  fc.constant("00000000-0000-4000-8000-000000000000"),
  fc.constant("1"),
  fc.constant("..%2F..%2Fetc%2Fpasswd"),
  fc.constant("%00"),
  fc.constant("x".repeat(3000)),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const path = fc.tuple(fc.constantFrom(...PATTERNS), paramValue, paramValue).map(([pattern, a, b]) =>
  `/${pattern.replace(/:\w+/, a).replace(/:\w+/g, b).replace("*", `${a}/${b}`)}`,
);

/** Signed in, everything but signing out (the session must live through the run). */
const signedInPath = path.filter((p) => !/^\/(admin\/logout|api\/auth\/logout)\b/.test(p));

const FIELD_NAMES = ["email", "password", "name", "phone", "returnTo", "redirectTo", "intent", "id", "status", "code", "page", "q", "lng", "pickup", "dropoff", "date", "time", "carId", "theme", "files", "price_per_km", "images", "features"];
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "-1", "0", "1e309", "NaN", "999999999999999999999", "true", "null", "[]", "{}", "<script>alert(1)</script>", "'; drop table bookings; --", "/.//evil.example", "2099-13-45", "25:99"),
  fc.string({ unit: "grapheme", maxLength: 12 }),
);
const fields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), value, { maxKeys: 8 });
const query = fields.map((f) => {
  const text = new URLSearchParams(f).toString();
  return text ? `?${text}` : "";
});

/** A body in some encoding, with the Content-Type it claims (not always the right one). */
const payload = fc.oneof(
  fields.map((f) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(f).toString() })),
  fields.map((f) => ({ type: "application/json", body: JSON.stringify(f) })),
  fc.jsonValue().map((v) => ({ type: "application/json", body: JSON.stringify(v) ?? "null" })),
  fc.string({ maxLength: 200 }).map((s) => ({ type: "application/json", body: s })),
  fields.map((f) => ({ type: "text/plain", body: JSON.stringify(f) })),
  fields.map((f) => ({
    type: "multipart/form-data; boundary=XyZ",
    body: Object.entries(f).map(([k, v]) => `--XyZ\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + "--XyZ--\r\n",
  })),
  fc.string({ maxLength: 100 }).map((s) => ({ type: "multipart/form-data; boundary=XyZ", body: s })),
  fc.constantFrom("multipart/form-data", "application/xml", "", "application/x-www-form-urlencoded; charset=x-nonsense").map((type) => ({ type, body: "a=1" })),
  fc.constant({ type: "", body: "" }),
);

/** Headers a client writes itself: garbage cookies, languages, tokens, encodings, ids. */
const headerValue = fc.oneof(fc.string({ maxLength: 60 }).map((v) => v.replace(/[^\x20-\x7e]/g, "")), fc.constantFrom("%E0%A4%A", "x".repeat(2000), "*", "../../etc/passwd", "gzip", "bytes=5-1"));
const extraHeaders = fc.record(
  {
    cookie: headerValue.map((v) => `vt_session=${v}; lng=${v}`),
    "accept-language": headerValue,
    authorization: headerValue.map((v) => `Bearer ${v}`),
    "x-request-id": headerValue,
    "content-encoding": headerValue,
    "x-forwarded-for": headerValue,
    range: headerValue,
  },
  { requiredKeys: [] },
);

const method = fc.constantFrom("GET", "HEAD", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND");

function expectNo5xx(response: RawResponse, what: string) {
  if (response.status >= 500) throw new Error(`${what} → ${response.status}: ${response.body.slice(0, 300)}`);
}

/** Every stdout line is one JSON log line; nothing on stderr looks like a stack trace. */
function expectOnlyJsonLogs(server: RunningServer) {
  const { stdout, stderr } = server.output();
  // server.js's own words about building come before the app starts logging
  const stray = stdout.split("\n").filter((line) => line.trim() && !line.startsWith("{") && !/^(No build yet|Sources changed|Built in)/.test(line));
  expect(stray.slice(0, 5)).toEqual([]);
  for (const line of stdout.split("\n").filter((l) => l.startsWith("{"))) expect(() => JSON.parse(line)).not.toThrow();
  expect(stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
}

describe.each(engines)("hostile requests against the server on %s", (engine) => {
  let server: RunningServer;
  let cookie = "";
  let bearer = "";

  beforeAll(async () => {
    server = await startServer(engine);
    cookie = await officeCookie(server);
    bearer = await apiToken(server);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("answers the kinds of request that used to crash it with 4xx and the right headers", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const contactJson = await send(server.port, { method: "POST", path: "/contact", headers: { "content-type": "application/json" }, body: "{}" });
    expect(contactJson.status).toBe(415);
    expect(contactJson.body).toContain("<html");
    for (const m of ["OPTIONS", "TRACE", "PUT", "PATCH", "DELETE"]) {
      const page = await send(server.port, { method: m, path: "/fleet", headers: form, body: "a=1" });
      expect([m, page.status, page.headers.allow]).toEqual([m, 405, "GET, HEAD, POST"]);
    }
    const trace = await send(server.port, { method: "TRACE", path: "/api/cars", headers: { "accept-language": "de" } });
    expect(trace.status).toBe(405);
    // The API says it in Turkish from the catalogue, whatever the visitor's language, the code beside it.
    expect(JSON.parse(trace.body)).toMatchObject({
      success: false,
      error: { code: "method_not_allowed", reason: "common:errors.request.method_not_allowed.text", message: "Bu adres bu şekilde kullanılamaz. Lütfen geri dönüp sayfadaki bağlantıları ve formları kullanın." },
    });
    const huge = await send(server.port, { method: "GET", path: "/api/cars?page=999999999999999999999&limit=1e309" });
    expect(huge.status).toBeLessThan(500);
    const malformed = await send(server.port, { method: "GET", path: "/%E0%A4%A" });
    expect(malformed.status).toBe(400);
    const absolute = await send(server.port, { method: "GET", path: "http://evil.example/admin" });
    expect(absolute.status).toBe(400);
  });

  it("serves a request without a Host header from PUBLIC_URL's origin", async () => {
    const { Socket } = await import("node:net");
    const head = await new Promise<string>((resolve, reject) => {
      const socket = new Socket();
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.connect(server.port, "127.0.0.1", () => socket.write("GET /fleet HTTP/1.0\r\n\r\n"));
    });
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toContain(`${server.base}/fleet`);
  });

  it("refuses an oversized body before reading it, and memory stays flat", async () => {
    const before = server.rss();
    const declared = await send(server.port, {
      method: "POST",
      path: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(200 * 1024 * 1024) },
      body: Buffer.alloc(64 * 1024, 97),
    }).catch(() => ({ status: 0, headers: {}, body: "" }) as RawResponse);
    expect(declared.status).toBe(413);

    // 200 MB sent chunked to every kind of route: a form, the JSON API and an upload route.
    const chunk = Buffer.alloc(1024 * 1024, 97);
    const twoHundredMegabytes = function* () {
      for (let i = 0; i < 200; i++) yield chunk;
    };
    for (const [target, type, auth] of [
      ["/contact", "application/x-www-form-urlencoded", {}],
      ["/api/bookings", "application/json", {}],
      ["/api/files/upload", "multipart/form-data; boundary=XyZ", { authorization: `Bearer ${bearer}` }],
    ] as const) {
      const response = await send(server.port, {
        method: "POST",
        path: target,
        headers: { "content-type": type, "transfer-encoding": "chunked", ...auth },
        body: twoHundredMegabytes(),
      });
      expect([target, response.status]).toEqual([target, 413]);
    }
    const grown = server.rss() - before;
    expect(grown, `the server grew by ${Math.round(grown / 1e6)} MB`).toBeLessThan(120 * 1024 * 1024);
    const health = await send(server.port, { method: "GET", path: "/readyz" });
    expect(health.status).toBe(200);
  }, 120_000);

  it("takes no action for a request from a foreign origin, even with the office's cookie", async () => {
    const count = async () => (JSON.parse((await send(server.port, { method: "GET", path: "/api/cars?limit=100", headers: { authorization: `Bearer ${bearer}` } })).body) as { data: unknown[] }).data.length;
    const before = await count();
    const car = JSON.stringify({ name: "Evil Car", make: "Evil", model: "Car", category: "Sedan", seats: 4, luggage: 2, price_per_km: 10 });
    const forged: Array<Record<string, string>> = [
      { "content-type": "text/plain", origin: "http://evil.example" },
      { "content-type": "application/json", origin: "http://evil.example" },
      { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      { "content-type": "text/plain" },
    ];
    for (const headers of forged) {
      const response = await send(server.port, { method: "POST", path: "/api/cars", headers: { ...headers, cookie }, body: car });
      expect(response.status === 403 || response.status === 415, `${JSON.stringify(headers)} → ${response.status}`).toBe(true);
    }
    const page = await send(server.port, {
      method: "POST",
      path: "/admin/cars",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example", cookie },
      body: "intent=delete&id=1",
    });
    expect(page.status).toBe(403);
    expect(page.body).toContain("<html");
    expect(await count()).toBe(before);
    // The same request from our own page does act (so the refusals above are not an accident).
    const own = await send(server.port, { method: "POST", path: "/api/cars", headers: { "content-type": "application/json", origin: server.base, cookie }, body: car });
    expect(own.status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it("answers generated requests to every route without a 5xx, signed out", async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, payload, extraHeaders, async (m, p, q, { type, body }, extra) => {
        const headers: Record<string, string> = { ...extra, ...(type ? { "content-type": type } : {}) };
        const hasBody = m !== "GET" && m !== "HEAD" && body !== "";
        const response = await send(server.port, { method: m, path: p + q, headers, body: hasBody ? body : undefined });
        expectNo5xx(response, `${m} ${p}${q} [${type}] ${body.slice(0, 80)}`);
      }),
      { numRuns: 250 },
    );
  });

  it("answers generated requests to every route without a 5xx, as the signed-in office from its own pages", async () => {
    await fc.assert(
      fc.asyncProperty(method, signedInPath, query, payload, fc.boolean(), async (m, p, q, { type, body }, useBearer) => {
        const headers: Record<string, string> = {
          ...(type ? { "content-type": type } : {}),
          ...(useBearer ? { authorization: `Bearer ${bearer}` } : { cookie, origin: server.base }),
        };
        const hasBody = m !== "GET" && m !== "HEAD" && body !== "";
        const response = await send(server.port, { method: m, path: p + q, headers, body: hasBody ? body : undefined });
        expectNo5xx(response, `${m} ${p}${q} [${type}] ${body.slice(0, 80)}`);
      }),
      { numRuns: 250 },
    );
  });

  it("stays healthy and logs only JSON lines", async () => {
    expect((await send(server.port, { method: "GET", path: "/readyz" })).status).toBe(200);
    expect((await send(server.port, { method: "GET", path: "/" })).status).toBe(200);
    expectOnlyJsonLogs(server);
  });
});

describe("client address behind a proxy (TRUST_PROXY=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer("sqlite", { TRUST_PROXY: "1" });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  const booking = (forwardedFor: string) =>
    send(server.port, {
      method: "POST",
      path: "/api/bookings",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: "{}",
    });

  it("counts the address the proxy saw, whatever the client wrote before it", async () => {
    // The proxy appends the address it saw; a client prepends what it likes.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await booking(`198.51.100.${i}, 203.0.113.7`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another real client behind the same proxy is not affected.
    expect((await booking("203.0.113.8")).status).toBe(400);
  });
});
