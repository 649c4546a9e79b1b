/**
 * The route × role matrix (issue 15): EVERY route of app/routes.ts, for every role (a stranger, an
 * admin, a dispatcher, a driver) and every method the route serves, is requested through React
 * Router's own request handler (a server build made from the route table: the root, the layouts'
 * middleware, the real route modules) and the answer is checked against the table below.
 *
 * The expected table is written out here on purpose, NOT read from app/auth/policy.ts: a wrong
 * grant in the policy fails this test. A route added to app/routes.ts without a row here fails it
 * too ("every route is classified"), and so does a back-office page or /api route missing from the
 * policy's own tables.
 *
 * Outcomes: "allowed" means the request got past the guard (any answer below 500 that is not a
 * 401/403 nor a redirect to the sign-in or to the role's home); a stranger on a guarded page is sent
 * to /admin/login (401 JSON on /api); a driver on a back-office page is sent to /driver; a staff member
 * refused a page gets the 403 page, refused an /api call a 403 JSON problem.
 */
import { readFileSync } from "node:fs";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGES, ADMIN_STREAMS, API_ROUTES, DRIVER_PAGES, PARTNER_PAGES } from "~/auth/policy";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createCar } from "~/fleet/cars.server";
import { buildCar, createTestBooking, createTestDriver, createTestPartner, createTestUser } from "../../db/seed/factories";
import { serverBuild, FLAT, isPlaceholder, moduleOf, URL_ROUTES } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

type Role = "anonymous" | "admin" | "dispatcher" | "driver" | "partner";
/** every signed-in role: the office's staff and drivers, and a partner's user (issue 33) */
type Staff = "admin" | "dispatcher" | "driver" | "partner";
const ROLES: Role[] = ["anonymous", "admin", "dispatcher", "driver", "partner"];

const ADMIN: Staff[] = ["admin"];
const STAFF: Staff[] = ["admin", "dispatcher"];
const SIGNED_IN: Staff[] = ["admin", "dispatcher", "driver", "partner"];

// ---------------------------------------------------------------------------------------------
// The expected table (issue 15, DESIGN.md §3). Who may read (GET) and post (POST) each page.
// ---------------------------------------------------------------------------------------------

/** Open to everyone: the public site, its resource routes, the sign-in pages and the drivers' job links. */
const PUBLIC_ROUTES = [
  "/",
  "/fleet",
  "/services",
  "/about",
  "/contact",
  "/booking-results",
  "/my-booking/:token",
  "/my-booking/:token/calendar.ics",
  "/my-booking/:token/receipts/:number",
  "/payments/return/:id",
  "/quote-request",
  "/offer/:token",
  "/privacy",
  "/terms",
  "/*",
  "/job/:token",
  "/newsletter",
  "/sitemap.xml",
  "/robots.txt",
  "/admin/login",
  "/admin/logout",
  "/admin/forgot-password",
  "/admin/reset-password/:token",
  "/admin/two-factor",
  "/admin/setup-two-factor/:token",
  // the partner portal's sign-in, its invitation's page and its sign-out (issue 33)
  "/partner/login",
  "/partner/welcome/:token",
  "/partner/logout",
];

const rw = (read: Staff[], write: Staff[] = read) => ({ read, write });

/** The back office: who may open (read) and post to (write) each page. */
const BACK_OFFICE: Record<string, { read: Staff[]; write: Staff[] }> = {
  "/admin": rw(STAFF),
  "/admin/dashboard": rw(STAFF),
  "/admin/reports": rw(ADMIN),
  "/admin/reports/export": rw(ADMIN),
  "/admin/settings": rw(ADMIN),
  "/admin/settings/two-factor": rw(STAFF),
  "/admin/profile": rw(STAFF),
  "/admin/notifications": rw(STAFF),
  "/admin/search": rw(STAFF),
  "/admin/theme": rw(STAFF),
  "/admin/bookings": rw(STAFF),
  "/admin/bookings/export": rw(STAFF),
  "/admin/bookings/new": rw(STAFF),
  "/admin/quote-requests": rw(STAFF),
  "/admin/quote-requests/:id": rw(STAFF),
  "/admin/customers": rw(STAFF),
  "/admin/customers/:id": rw(STAFF),
  "/admin/customers/:id/export": rw(ADMIN),
  "/admin/bookings/:id": rw(STAFF),
  "/admin/bookings/:id/receipts/:number": rw(STAFF),
  "/admin/bookings/:id/no-show-evidence": rw(STAFF),
  "/admin/dispatch": rw(STAFF),
  "/admin/dispatch/print": rw(STAFF),
  "/admin/cash": rw(STAFF),
  "/admin/payments/export": rw(ADMIN),
  "/admin/cars": rw(STAFF),
  "/admin/cars/add": rw(ADMIN),
  "/admin/cars/edit/:id": rw(STAFF),
  "/admin/cars/:id/documents": rw(STAFF),
  "/admin/cars/:id/documents/:kind": rw(STAFF),
  "/admin/messages": rw(STAFF),
  "/admin/subscribers": rw(ADMIN),
  "/admin/subscribers/export": rw(ADMIN),
  "/admin/outbox": rw(ADMIN),
  "/admin/distances": rw(ADMIN),
  "/admin/routes": rw(ADMIN),
  "/admin/extras": rw(ADMIN),
  "/admin/pricing": rw(ADMIN),
  "/admin/users": rw(ADMIN),
  "/admin/drivers": rw(STAFF),
  "/admin/drivers/add": rw(STAFF),
  "/admin/drivers/edit/:id": rw(STAFF),
  "/admin/drivers/:id/documents": rw(STAFF),
  "/admin/drivers/:id/documents/:kind": rw(STAFF),
  "/admin/drivers/:id/shifts": rw(STAFF),
  // partners (issue 33): the dispatcher reads who sold a booking; only admins set terms
  "/admin/partners": rw(STAFF, ADMIN),
  "/admin/partners/new": rw(ADMIN),
  "/admin/partners/:id": rw(STAFF, ADMIN),
  "/admin/partners/:id/rates": rw(STAFF, ADMIN),
  "/admin/partners/:id/webhooks": rw(STAFF, ADMIN),
  "/admin/partners/:id/users": rw(STAFF, ADMIN),
  "/admin/partners/:id/statements": rw(STAFF, ADMIN),
  "/admin/partners/:id/statements/:file": rw(STAFF),
  "/admin/audit": rw(ADMIN),
  "/admin/audit/export": rw(ADMIN),
};

/** Signed-in pages outside the back office. */
const DRIVER_ONLY: Record<string, Staff[]> = {
  "/driver": ["driver"],
};

/** The partner portal (issue 33): its users only; a stranger is sent to its sign-in, anyone else home. */
const PORTAL_ONLY: Record<string, Staff[]> = {
  "/partner": ["partner"],
  "/partner/book": ["partner"],
  "/partner/bookings/:id": ["partner"],
  "/partner/statements": ["partner"],
  "/partner/statements/:file": ["partner"],
  "/partner/integration": ["partner"],
};
const HOMES: Record<Staff, string> = { admin: "/admin/dashboard", dispatcher: "/admin/dashboard", driver: "/driver", partner: "/partner" };

/**
 * The back office's live streams (issue 31), outside its layout: a script reads them, so a stranger
 * gets a bare 401 and a role that may not open one a 403, never a redirect. Who may open each.
 */
const STREAMS: Record<string, Staff[]> = {
  "/admin/events": STAFF,
};

/** Public routes the providers call with a signature (issue 16): refused alike to every role without it. */
const SIGNED_WEBHOOKS = new Set(["/api/webhooks/whatsapp", "/api/webhooks/sms"]);
/** The payment providers' webhooks (issue 30): with no provider on (as here), not found for everyone alike. */
const PAYMENT_WEBHOOKS = new Set(["/api/webhooks/iyzico", "/api/webhooks/stripe"]);

/** Every /api route and method: "public" (anyone) or the roles allowed. */
const API: Record<string, Record<string, "public" | Staff[]>> = {
  "/api/auth/login": { POST: "public" },
  "/api/auth/session": { GET: SIGNED_IN },
  "/api/auth/logout": { POST: "public" },
  "/api/settings": { GET: ADMIN, PUT: ADMIN },
  "/api/stats/dashboard": { GET: STAFF },
  "/api/notifications": { GET: STAFF, POST: STAFF },
  "/api/cars": { GET: "public", POST: ADMIN },
  "/api/places": { GET: "public" },
  "/api/routes": { POST: "public" },
  "/api/quotes": { POST: "public" },
  "/api/extras": { GET: "public" },
  "/api/bookings": { POST: "public" },
  "/api/customers": { GET: STAFF },
  "/api/quote-requests": { GET: STAFF, POST: "public" },
  "/api/quote-requests/:id/offer": { POST: STAFF },
  "/api/cars/:id": { GET: "public", PUT: STAFF, PATCH: STAFF, DELETE: ADMIN },
  "/api/bookings/:id": { GET: STAFF, PATCH: STAFF, DELETE: ADMIN },
  "/api/bookings/:id/status": { PUT: STAFF },
  "/api/bookings/:id/payments": { GET: STAFF, POST: ADMIN },
  "/api/bookings/:id/legs/:leg": { PUT: STAFF, DELETE: STAFF },
  "/api/drivers": { GET: STAFF, POST: STAFF },
  "/api/drivers/:id": { GET: STAFF, PATCH: STAFF, DELETE: ADMIN },
  "/api/partners": { GET: STAFF, POST: ADMIN },
  "/api/partners/:id": { GET: STAFF, PATCH: ADMIN },
  "/api/partners/:id/api-keys": { GET: ADMIN, POST: ADMIN },
  "/api/partners/:id/api-keys/:key": { DELETE: ADMIN },
  "/api/partners/:id/net-rates": { GET: STAFF, PUT: ADMIN },
  "/api/partners/:id/webhooks": { GET: ADMIN, POST: ADMIN },
  "/api/partners/:id/webhooks/:webhook": { PATCH: ADMIN, DELETE: ADMIN },
  "/api/partners/:id/webhooks/:webhook/deliveries": { GET: ADMIN },
  "/api/partners/:id/webhooks/:webhook/deliveries/:delivery/replay": { POST: ADMIN },
  "/api/files/upload": { POST: ADMIN },
  "/api/files/upload-multiple": { POST: ADMIN },
  // the providers' delivery reports (issue 16): public, the signature decides
  "/api/webhooks/whatsapp": { GET: "public", POST: "public" },
  "/api/webhooks/sms": { POST: "public" },
  "/api/webhooks/iyzico": { POST: "public" },
  "/api/webhooks/stripe": { POST: "public" },
  "/api/openapi.json": { GET: "public" },
  "/api/*": { GET: "public", POST: "public" },
};

/** The methods a page or resource route serves: GET when it renders or loads, POST when it has an action. */
function pageMethods(file: string): string[] {
  const mod = moduleOf(file);
  return [...(mod.loader || mod.default ? ["GET"] : []), ...(mod.action ? ["POST"] : [])];
}

function classify(pattern: string): "public" | "backOffice" | "driver" | "portal" | "api" | "stream" | "unclassified" {
  const inPublic = PUBLIC_ROUTES.includes(pattern);
  const inBackOffice = pattern in BACK_OFFICE;
  const inDriver = pattern in DRIVER_ONLY;
  const inPortal = pattern in PORTAL_ONLY;
  const inApi = pattern in API;
  const inStreams = pattern in STREAMS;
  if ([inPublic, inBackOffice, inDriver, inPortal, inApi, inStreams].filter(Boolean).length !== 1) return "unclassified";
  return inPublic ? "public" : inBackOffice ? "backOffice" : inDriver ? "driver" : inPortal ? "portal" : inApi ? "api" : "stream";
}

// ---------------------------------------------------------------------------------------------

const SESSION_SECRET = "role-matrix-test-session-secret-0123456789";
const DUMMY_ID = "00000000-0000-4000-8000-000000000000";

describe("the route table is fully classified", () => {
  it("puts every route of app/routes.ts in exactly one row of the expected table", () => {
    const unclassified = URL_ROUTES.filter((r) => classify(r.pattern!) === "unclassified").map((r) => r.pattern);
    expect(unclassified).toEqual([]);
    const known = new Set(URL_ROUTES.map((r) => r.pattern));
    const stale = [...PUBLIC_ROUTES, ...Object.keys(BACK_OFFICE), ...Object.keys(DRIVER_ONLY), ...Object.keys(PORTAL_ONLY), ...Object.keys(API), ...Object.keys(STREAMS)].filter((p) => !known.has(p));
    expect(stale).toEqual([]);
  });

  it("keeps the back office under its guarded layout and nothing else there", () => {
    for (const r of URL_ROUTES) expect({ pattern: r.pattern, guarded: r.underBackOffice }).toEqual({ pattern: r.pattern, guarded: r.pattern! in BACK_OFFICE });
  });

  it("has a policy rule for every back-office page, driver page and /api method (a missing one is refused to everyone)", () => {
    expect(Object.keys(ADMIN_PAGES).sort()).toEqual(Object.keys(BACK_OFFICE).sort());
    expect(Object.keys(DRIVER_PAGES).sort()).toEqual(Object.keys(DRIVER_ONLY).sort());
    expect(Object.keys(PARTNER_PAGES).sort()).toEqual(Object.keys(PORTAL_ONLY).sort());
    expect(Object.keys(ADMIN_STREAMS).sort()).toEqual(Object.keys(STREAMS).sort());
    const policyApi = Object.fromEntries(Object.entries(API_ROUTES).map(([p, rules]) => [p, Object.keys(rules).sort()]));
    const expectedApi = Object.fromEntries(Object.entries(API).map(([p, rules]) => [p, p === "/api/*" ? [] : Object.keys(rules).sort()]));
    expect(policyApi).toEqual(expectedApi);
  });

  it("serves a method for each API row (an action for every method other than GET)", () => {
    for (const [pattern, rules] of Object.entries(API)) {
      const route = URL_ROUTES.find((r) => r.pattern === pattern)!;
      const mod = moduleOf(route.file);
      if (isPlaceholder(route.file)) continue; // written by another helper: answers 404 for now
      for (const method of Object.keys(rules)) expect({ pattern, method, served: Boolean(method === "GET" ? mod.loader : mod.action) }).toEqual({ pattern, method, served: true });
    }
  });
});

describe.each(engines)("every route for every role on %s", (engine) => {
  let db: TestDb;
  const userIds: Partial<Record<Staff, string>> = {};
  const ids: Record<string, string> = {};
  const handler = createRequestHandler(serverBuild(), "production");
  // React's warnings while every page renders (a list child without its key, …): there must be none
  const warnings: string[] = [];
  const consoleError = console.error;

  beforeAll(async () => {
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === "string" && /unique "key" prop|Warning:/.test(args[0])) warnings.push(String(args[0]).split("\n")[0]!);
      consoleError(...args);
    };
    db = await testDb(engine);
    ids.partner = (await createTestPartner(db.kysely, { name: "Matrix Hotel" })).id;
    // a partner's user (issue 33), of the partner above
    for (const role of SIGNED_IN) userIds[role] = (await createTestUser(db.kysely, { role, ...(role === "partner" ? { partnerId: ids.partner } : {}) })).id;
    const car = await createCar(db.kysely, buildCar({ name: "Matrix Vito" }));
    const booking = await createTestBooking({ db: db.kysely }, { carId: car.id, fullName: "Matrix Guest" });
    const driver = await createTestDriver(db.kysely, { name: "Matrix Driver" });
    ids.car = car.id;
    ids.booking = booking.id;
    ids.driver = driver.id;
  });
  afterAll(async () => {
    console.error = consoleError;
    await db.destroy();
  });

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } });
    return c;
  }

  /** A URL for the pattern: real records for reads and page posts, an unknown id for API writes (nothing is changed). */
  function urlOf(pattern: string, method: string, api: boolean): string {
    const real = method === "GET" || !api;
    const id = !real ? DUMMY_ID : pattern.startsWith("/admin/cars") || pattern.startsWith("/api/cars") ? ids.car : pattern.includes("drivers") ? ids.driver : pattern.includes("partners") ? ids.partner : ids.booking;
    return pattern
      .replace(":id", id!)
      .replace(":leg", "outbound")
      .replace(":kind", "inspection")
      .replace(":key", DUMMY_ID)
      .replace(":webhook", DUMMY_ID)
      .replace(":delivery", DUMMY_ID)
      .replace(":token", "not-a-real-token")
      .replace(":file", "2026-10.csv")
      .replace("*", api ? "no-such-endpoint" : "no-such-page");
  }

  /** One request through React Router's handler, as `role` (a fresh session each time: a sign-out ends only its own). */
  async function request(role: Role, method: string, pattern: string, api: boolean) {
    const headers: Record<string, string> = {};
    if (role !== "anonymous") {
      const { token } = await createSession(db.kysely, userIds[role]!, { remember: false });
      headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
    }
    let body: string | undefined;
    if (method !== "GET") {
      headers["content-type"] = api ? "application/json" : "application/x-www-form-urlencoded";
      body = api ? "{}" : "";
    }
    const response = await handler(new Request(`http://localhost${urlOf(pattern, method, api)}`, { method, headers, body }), context());
    const location = response.headers.get("location");
    // a live stream never ends by itself: its first bytes are enough, then the reader goes away
    const text = response.headers.get("content-type")?.startsWith("text/event-stream") ? await firstChunk(response) : await response.text();
    return { status: response.status, to: location ? new URL(location, "http://localhost").pathname : null, text };
  }

  async function firstChunk(response: Response): Promise<string> {
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return new TextDecoder().decode(value);
  }

  type Outcome = Awaited<ReturnType<typeof request>>;
  const summary = (o: Outcome) => ({ status: o.status, to: o.to });

  /** Past the guard: a real answer (not an error), no refusal, not sent to a sign-in or elsewhere. */
  function expectAllowed(label: object, o: Outcome, role: Role) {
    const refused = o.status === 401 || o.status === 403 || o.status >= 500 || o.to === "/admin/login" || o.to === "/partner/login" || o.to === "/admin/two-factor" || (role === "driver" && o.to === "/driver");
    expect({ ...label, ...summary(o), refused }).toEqual({ ...label, ...summary(o), refused: false });
  }

  function expectRefused(label: object, o: Outcome, role: Role, api: boolean, portal = false) {
    if (api) {
      expect({ ...label, status: o.status }).toEqual({ ...label, status: role === "anonymous" ? 401 : 403 });
      const problem = JSON.parse(o.text) as { success: boolean; error: { code: string; message: string } };
      expect(problem.success).toBe(false);
      expect(problem.error.code).toBe(role === "anonymous" ? "unauthorized" : "forbidden");
      expect(problem.error.message.length).toBeGreaterThan(0);
      return;
    }
    if (role === "anonymous") expect({ ...label, ...summary(o) }).toEqual({ ...label, status: 302, to: portal ? "/partner/login" : "/admin/login" });
    else if (role === "driver" || role === "partner" || portal) expect({ ...label, ...summary(o) }).toEqual({ ...label, status: 302, to: HOMES[role] });
    else {
      // a staff member refused a page: the translated 403 page (or, outside the back office, their home)
      const ok = o.status === 403 || (o.status === 302 && o.to === "/admin/dashboard");
      expect({ ...label, ...summary(o), ok }).toEqual({ ...label, ...summary(o), ok: true });
    }
  }

  it.each(URL_ROUTES.map((r) => [r.pattern!, r] as const))("%s", async (pattern, route) => {
    const kind = classify(pattern);
    const placeholder = isPlaceholder(route.file);
    if (kind === "api") {
      for (const [method, rule] of Object.entries(API[pattern]!)) {
        for (const role of ROLES) {
          const o = await request(role, method, pattern, true);
          const label = { method, role };
          // not written yet: 404, or 405 for a method its placeholder has no action for
          if (placeholder) expect({ ...label, status: o.status === 405 ? 404 : o.status }).toEqual({ ...label, status: 404 });
          // a provider's webhook: no role opens it, the signature (absent here) does: the same answer, never a 500, for every role
          else if (PAYMENT_WEBHOOKS.has(pattern)) expect({ ...label, status: o.status }).toEqual({ ...label, status: 404 });
          else if (SIGNED_WEBHOOKS.has(pattern)) expect({ ...label, status: o.status }).toEqual({ ...label, status: pattern.endsWith("whatsapp") && method === "GET" ? 403 : 401 });
          else if (rule === "public" || (role !== "anonymous" && rule.includes(role))) expectAllowed(label, o, role);
          else expectRefused(label, o, role, true);
        }
      }
      return;
    }
    for (const method of pageMethods(route.file)) {
      for (const role of ROLES) {
        const o = await request(role, method, pattern, false);
        const label = { method, role };
        if (kind === "stream") {
          const status = role !== "anonymous" && STREAMS[pattern]!.includes(role) ? 200 : role === "anonymous" ? 401 : 403;
          expect({ ...label, status: o.status, to: o.to }).toEqual({ ...label, status, to: null });
          if (status === 200) expect(o.text).toContain("event: ready");
          continue;
        }
        if (kind === "public") {
          expect({ ...label, status: o.status, refused: o.status === 401 || o.status === 403 || o.status >= 500 }).toEqual({ ...label, status: o.status, refused: false });
          continue;
        }
        if (kind === "driver" && placeholder) {
          expect({ ...label, status: o.status }).toEqual({ ...label, status: 404 });
          continue;
        }
        const allowed = kind === "driver" ? DRIVER_ONLY[pattern]! : kind === "portal" ? PORTAL_ONLY[pattern]! : method === "GET" ? BACK_OFFICE[pattern]!.read : BACK_OFFICE[pattern]!.write;
        if (role !== "anonymous" && allowed.includes(role)) expectAllowed(label, o, role);
        else expectRefused(label, o, role, false, kind === "portal");
      }
    }
  });

  it("renders every page without a React warning", () => {
    expect(warnings).toEqual([]);
  });

  it("shows a refused staff member the 403 page in the admin language, with a way back to what they may open", async () => {
    const o = await request("dispatcher", "GET", "/admin/settings", false);
    expect(o.status).toBe(403);
    expect(o.text).toContain("Erişim yok");
    expect(o.text).toContain('href="/admin/dashboard"');
  });
});

// The table is read from the source, not from a copy: a route module named in routes.ts exists.
it("reads the same route table the app serves", () => {
  const table = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
  for (const r of FLAT) expect(table).toContain(`"${r.file}"`);
});
