/**
 * /metrics (issue 28): Prometheus's text format behind `Authorization: Bearer <METRICS_TOKEN>`,
 * absent without the token, on an internal port of its own with METRICS_PORT; its counters move
 * after a booking and a refused booking, and it reports the outboxes, the page cache, the database
 * and the event loop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../setup/db";
import { freePort, send, startServer, type RunningServer } from "../setup/server";
import { tripDay } from "../setup/trip-date";

const TOKEN = "metrics-token-for-the-tests-0123";

/** The value of one sample (`name{labels} value`) in the text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (match[2] ?? "").includes(`${k}="${v}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe.each(engines)("metrics (%s)", (engine) => {
  let server: RunningServer;
  let internal: RunningServer;
  let metricsPort: number;
  let carId: string;
  beforeAll(async () => {
    server = await startServer(engine, { METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback" });
    metricsPort = await freePort();
    internal = await startServer(engine, { METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
    const cars = (await (await fetch(`${server.base}/api/cars`)).json()) as { data: Array<{ id: string; seats: number }> };
    carId = cars.data[0]!.id;
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await internal?.stop();
  });

  const scrape = async (port = server.port) => {
    const answer = await send(port, { method: "GET", path: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it("answers only the bearer of METRICS_TOKEN, in Prometheus's text format", async () => {
    expect((await send(server.port, { method: "GET", path: "/metrics" })).status).toBe(401);
    const wrong = await send(server.port, { method: "GET", path: "/metrics", headers: { authorization: "Bearer not-the-token-0000000000" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers["www-authenticate"]).toContain("Bearer");
    const right = await send(server.port, { method: "GET", path: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers["cache-control"]).toBe("no-store");
    for (const name of ["nodejs_eventloop_lag_seconds", "process_resident_memory_bytes", "http_requests_total", "http_request_duration_seconds_bucket", "db_query_duration_seconds_count", "page_cache_hits_total", "page_cache_misses_total", "outbox_pending_messages", "outbox_oldest_pending_seconds", "outbox_failed_messages"]) {
      expect(right.body, name).toContain(`\n${name}`);
    }
    expect(sample(right.body, "outbox_pending_messages", { channel: "email" })).toBeGreaterThanOrEqual(0);
    expect(sample(right.body, "db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    if (engine === "postgres") expect(sample(right.body, "db_pool_connections", { state: "total" })).toBeGreaterThan(0);
  });

  it("counts requests by route pattern and status, a booking made, a booking refused with its code, and the mails it queued", async () => {
    const before = await scrape();
    const pages = (sample(before, "http_requests_total", { route: "/fleet", method: "GET", status: "200" }) ?? 0);
    await send(server.port, { method: "GET", path: "/fleet" });
    await send(server.port, { method: "GET", path: "/my-booking/a-token-nobody-was-ever-given-1234" });

    const body = (date: string, passengers: number) => ({
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${date}T10:00:00+03:00`,
      passengers,
      car_id: carId,
      full_name: "Metrik Misafir",
      email: "metrik@example.com",
      phone: "+90 532 765 43 21",
      flight_number: "TK 2412",
    });
    const made = await send(server.port, { method: "POST", path: "/api/bookings", headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.31" }, body: JSON.stringify(body(tripDay(30), 1)) });
    expect(made.status, made.body).toBe(201);
    const refused = await send(server.port, { method: "POST", path: "/api/bookings", headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.31" }, body: JSON.stringify(body(tripDay(31), 60)) });
    expect(refused.status).toBe(400);

    const after = await scrape();
    expect(sample(after, "http_requests_total", { route: "/fleet", method: "GET", status: "200" })).toBe(pages + 1);
    // a path that found nothing is "unmatched", never the token
    expect(after).not.toContain("a-token-nobody-was-ever-given");
    expect(sample(after, "http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "bookings_created_total")).toBe((sample(before, "bookings_created_total") ?? 0) + 1);
    const codes = after.split("\n").filter((l) => l.startsWith("bookings_refused_total{"));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.join("\n")).toMatch(/code="booking:errors\.passengers[^"]*"|code="booking:errors\.[a-zA-Z]+"/);
    // the booking's mails wait in the outbox (no SMTP here): its depth and age are reported
    await expect.poll(async () => sample(await scrape(), "outbox_pending_messages", { channel: "email" })).toBeGreaterThan(0);
  });

  it("serves /metrics on METRICS_PORT alone when it is set", async () => {
    expect((await send(internal.port, { method: "GET", path: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const text = await scrape(metricsPort);
    expect(text).toContain("http_requests_total");
    expect((await send(metricsPort, { method: "GET", path: "/" })).status).toBe(404);
  });
});
