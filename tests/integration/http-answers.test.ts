/**
 * Issue 28's defects as a client meets them on the real server: JSON errors for every /api answer
 * (a malformed URL included), huge page numbers, strict types in the API, Retry-After on every 429,
 * each security header once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../setup/db";
import { apiToken, send, SERVER_ADMIN, startServer, type RunningServer } from "../setup/server";

describe.each(engines)("HTTP answers (%s)", (engine) => {
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    // The client address from X-Forwarded-For, as behind the reverse proxy: each test its own address.
    server = await startServer(engine, { TRUST_PROXY: "loopback" });
    token = await apiToken(server);
  }, 240_000);
  afterAll(() => server?.stop());

  const json = (body: string) => JSON.parse(body) as { success: boolean; data?: unknown; error?: { code: string; fields?: Record<string, string[]> }; pagination?: { page: number } };
  const post = (path: string, body: unknown, address: string) =>
    send(server.port, { method: "POST", path, headers: { "content-type": "application/json", "x-forwarded-for": address }, body: JSON.stringify(body) });

  it("answers a malformed URL under /api with the JSON envelope, not the site's page", async () => {
    for (const path of ["/api/cars/%ZZ", "/api/bookings/%E0%A4%A", "/api/%"]) {
      const answer = await send(server.port, { method: "GET", path, headers: { authorization: `Bearer ${token}` } });
      expect(answer.status, path).toBe(400);
      expect(answer.headers["content-type"], path).toContain("application/json");
      expect(json(answer.body)).toMatchObject({ success: false, error: { code: "bad_request" } });
    }
    // a page keeps the site's error page
    const page = await send(server.port, { method: "GET", path: "/fleet/%ZZ" });
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toContain("text/html");
  });

  it("has no /metrics without METRICS_TOKEN", async () => {
    expect((await send(server.port, { method: "GET", path: "/metrics", headers: { authorization: "Bearer anything-at-all-0000" } })).status).toBe(404);
  });

  it("answers a huge page number with an empty page, not a database error", async () => {
    const answer = await send(server.port, { method: "GET", path: "/api/cars?page=999999999999999999999&limit=99999999999999", headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, answer.body).toBe(200);
    // clamped: the last page there is, as a page beyond the last always was
    const body = json(answer.body) as { success: boolean; data: unknown[]; pagination: { page: number; pageCount: number; pageSize: number } };
    expect(body.success).toBe(true);
    expect(body.pagination.page).toBe(body.pagination.pageCount);
    expect(body.pagination.pageSize).toBe(100);
    const bookings = await send(server.port, { method: "GET", path: "/api/bookings?page=999999999999999999999", headers: { authorization: `Bearer ${token}` } });
    expect(bookings.status, bookings.body).toBe(200);
  });

  it("refuses a count of the wrong type with the field named, never uses a default instead", async () => {
    const quote = await post("/api/quotes", { pickup: "Antalya Airport", dropoff: "Kemer", passengers: [12] }, "198.51.100.1");
    expect(quote.status).toBe(400);
    expect(json(quote.body).error).toMatchObject({ code: "validation_failed" });
    expect(json(quote.body).error?.fields).toHaveProperty("passengers");
    for (const passengers of ["0x2", " 2 ", true, { n: 2 }]) {
      const booking = await post("/api/bookings", { passengers, luggage: "1" }, "198.51.100.2");
      expect(booking.status, JSON.stringify(passengers)).toBe(400);
      expect(json(booking.body).error?.fields, JSON.stringify(passengers)).toHaveProperty("passengers");
      expect(json(booking.body).error?.fields, JSON.stringify(passengers)).not.toHaveProperty("luggage");
    }
    // a count written plainly is still read
    const plain = await post("/api/bookings", { passengers: "2" }, "198.51.100.2");
    expect(json(plain.body).error?.fields).not.toHaveProperty("passengers");
  });

  it("says when to try again on every 429: the sign-in form, the API sign-in, the reset form", async () => {
    const address = "198.51.100.77";
    const form = (password: string) =>
      send(server.port, {
        method: "POST",
        path: "/admin/login",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base, "x-forwarded-for": address },
        body: new URLSearchParams({ email: SERVER_ADMIN.email, password }).toString(),
      });
    let locked = await form("wrong-Password-1");
    for (let i = 2; i <= 6 && locked.status !== 429; i++) locked = await form(`wrong-Password-${i}`);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    const api = await post("/api/auth/login", { email: SERVER_ADMIN.email, password: "wrong-Password-9" }, address);
    expect(api.status).toBe(429);
    expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    let reset = await form("x");
    for (let i = 0; i < 12; i++) {
      reset = await send(server.port, {
        method: "POST",
        path: "/admin/forgot-password",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base, "x-forwarded-for": "198.51.100.78" },
        body: new URLSearchParams({ email: `nobody-${i % 2}@example.com` }).toString(),
      });
      if (reset.status === 429) break;
    }
    expect(reset.status).toBe(429);
    expect(Number(reset.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("sends each security header once, whoever set it", async () => {
    for (const path of ["/", "/api/cars", "/my-booking/not-a-real-link-token-0000", "/job/not-a-real-job-token-0000", "/healthz", "/robots.txt", "/no-such-page"]) {
      const answer = await send(server.port, { method: "GET", path, headers: { "x-forwarded-for": "198.51.100.90" } });
      for (const header of ["referrer-policy", "x-content-type-options", "x-frame-options", "content-security-policy"]) {
        const value = answer.headers[header];
        if (value === undefined) continue;
        expect(Array.isArray(value) ? value.length : 1, `${path} ${header}`).toBe(1);
        expect(String(value), `${path} ${header}`).not.toMatch(/, ?(same-origin|strict-origin|no-referrer|nosniff)/);
      }
    }
  });
});
