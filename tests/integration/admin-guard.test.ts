/**
 * Role enforcement on every admin route and admin API endpoint, enumerated from app/routes.ts
 * (tests/setup/admin-routes.ts): a signed-out visitor, an expired session, a forged token, a
 * session still owing its two-factor code and a non-admin account are refused.
 * Back-office routes are guarded by ONE middleware on the admin layout (app/auth/guard.server.ts):
 * each route is called as React Router calls it, through the middleware of the layout above it
 * (the chain is read from the route table, so a route outside the layout gets no guard for free).
 * React Router itself running that middleware for pages, data requests and resource routes is
 * checked over HTTP by tests/e2e/admin-guard.spec.ts.
 */
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { adminSession } from "~/auth/guard.server";
import { adminApiRoutes, adminPageRoutes, ancestorFiles, type GuardedRoute } from "../setup/admin-routes";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

type Handler = (args: unknown) => unknown;
type Middleware = (args: unknown, next: () => Promise<unknown>) => unknown;
const modules = import.meta.glob<{ loader?: Handler; action?: Handler; middleware?: Middleware[] }>("../../app/routes/**/*.{ts,tsx}");

/** Runs a handler inside its ancestors' middleware, outermost first, as React Router does. */
async function throughMiddleware(chain: Middleware[], args: unknown, handler: Handler): Promise<unknown> {
  const run = async (i: number): Promise<unknown> => (i < chain.length ? chain[i]!(args, () => run(i + 1)) : handler(args));
  return run(0);
}
const SESSION_SECRET = "admin-guard-test-session-secret-0123456789";

interface Outcome {
  status: number;
  location: string | null;
}

/** What a loader/action answered: a thrown or returned Response, or data() with a status. */
function outcomeOf(value: unknown): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
  const init = (value as { init?: { status?: number; headers?: HeadersInit } } | null)?.init;
  if (init) return { status: init.status ?? 200, location: new Headers(init.headers).get("location") };
  return { status: 200, location: null };
}

describe.each(engines)("admin guard on every route on %s", (engine) => {
  let db: TestDb;
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret-123", role: "admin" });
    const user = await createUser(db.kysely, { email: "user@example.com", password: "secret-123", role: "driver" });
    tokens.none = undefined;
    tokens.forged = "Zm9yZ2VkLXRva2VuLXRoYXQtZG9lcy1ub3QtZXhpc3Q";
    tokens.expired = (await createSession(db.kysely, admin.id, { remember: false, now: new Date("2020-01-01T00:00:00Z") })).token;
    tokens.unverified = (await createSession(db.kysely, admin.id, { remember: false, verified: false })).token;
    tokens.nonAdmin = (await createSession(db.kysely, user.id, { remember: false })).token;
    tokens.admin = (await createSession(db.kysely, admin.id, { remember: false })).token;
  });
  afterAll(() => db.destroy());

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } });
    return c;
  }

  /** asBearer "unsigned": the raw token in the cookie, without SESSION_SECRET's signature. */
  async function call(route: GuardedRoute, method: string, token: string | undefined, asBearer: boolean | "unsigned"): Promise<Outcome | undefined> {
    const load = modules[`../../app/${route.file}`];
    if (!load) throw new Error(`route module missing: ${route.file}`);
    const mod = await load();
    const handler = method === "GET" ? mod.loader : mod.action;
    if (!handler) return undefined;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token && asBearer === true) headers.authorization = `Bearer ${token}`;
    else if (token && asBearer === "unsigned") headers.cookie = `${SESSION_COOKIE}=${token}`;
    else if (token) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
    const request = new Request(`http://localhost${route.url}`, { method, headers, body: method === "GET" ? undefined : "{}" });
    const params = Object.fromEntries([...route.pattern.matchAll(/:(\w+)/g)].map((m) => [m[1], "00000000-0000-4000-8000-000000000000"]));
    const chain: Middleware[] = [];
    for (const file of [...ancestorFiles(route.file), route.file]) {
      const ancestor = modules[`../../app/${file}`];
      if (ancestor) chain.push(...((await ancestor()).middleware ?? []));
    }
    try {
      return outcomeOf(await throughMiddleware(chain, { request, context: context(), params, pattern: route.pattern }, handler));
    } catch (thrown) {
      return outcomeOf(thrown);
    }
  }

  it("finds the back office in the route table", () => {
    const pages = adminPageRoutes().map((r) => r.url);
    expect(pages).toEqual(expect.arrayContaining(["/admin", "/admin/dashboard", "/admin/settings", "/admin/notifications", "/admin/search"]));
    const api = adminApiRoutes().map((r) => r.url);
    expect(api).toEqual(expect.arrayContaining(["/api/settings", "/api/stats/dashboard", "/api/notifications"]));
  });

  it.each(adminPageRoutes().map((r) => [r.url, r] as const))("page %s sends strangers to the login and a driver to their trips", async (_url, route) => {
    for (const method of route.methods) {
      for (const who of ["none", "forged", "expired"] as const) {
        const outcome = await call(route, method, tokens[who], false);
        if (!outcome) continue; // no loader/action of that kind in this module
        expect({ method, who, status: outcome.status, to: outcome.location?.split("?")[0] }).toEqual({ method, who, status: 302, to: "/admin/login" });
      }
      // a driver has no back office (policy.ts): every page sends them to /driver
      const driver = await call(route, method, tokens.nonAdmin, false);
      if (driver) expect({ method, status: driver.status, to: driver.location }).toEqual({ method, status: 302, to: "/driver" });
      // a live admin session's token in a cookie that SESSION_SECRET did not sign is no session
      const unsigned = await call(route, method, tokens.admin, "unsigned");
      if (unsigned) expect({ method, status: unsigned.status, to: unsigned.location?.split("?")[0] }).toEqual({ method, status: 302, to: "/admin/login" });
      const pending = await call(route, method, tokens.unverified, false);
      if (pending) expect({ method, status: pending.status, to: pending.location }).toEqual({ method, status: 302, to: "/admin/two-factor" });
    }
  });

  it("lets a signed-in admin through, and the route reads the session the guard found", async () => {
    const layout = await modules["../../app/routes/admin/layout.tsx"]!();
    expect(layout.middleware?.length).toBe(1);
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, tokens.admin!))}`;
    const request = new Request("http://localhost/admin/dashboard", { headers: { cookie } });
    const seen = await throughMiddleware(layout.middleware!, { request, context: context(), params: {}, pattern: "admin/dashboard" }, (args) => adminSession((args as { context: RouterContextProvider }).context).user.email);
    expect(seen).toBe("admin@example.com");
  });

  it("puts every back-office page under the guarded layout", () => {
    for (const route of adminPageRoutes()) if (route.file !== "routes/admin/layout.tsx") expect(ancestorFiles(route.file)).toContain("routes/admin/layout.tsx");
  });

  it.each(adminApiRoutes().map((r) => [r.url, r] as const))("API %s answers 401/403", async (_url, route) => {
    for (const method of route.methods) {
      for (const [who, expected] of [
        ["none", 401],
        ["forged", 401],
        ["expired", 401],
        ["unverified", 401],
        ["nonAdmin", 403],
      ] as const) {
        for (const asBearer of [true, false]) {
          const outcome = await call(route, method, tokens[who], asBearer);
          if (!outcome) continue;
          // 405 (method not allowed) also refuses without doing anything.
          const refused = outcome.status === expected || outcome.status === 405;
          expect({ method, who, asBearer, status: outcome.status, refused }).toEqual({ method, who, asBearer, status: outcome.status, refused: true });
        }
      }
    }
  });
});
