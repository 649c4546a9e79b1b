/**
 * Warm-up before the first visitor (issue 17). V8 runs a function slowly (interpreted) until it has
 * seen it run a few hundred times; only then does it compile it to fast machine code. A freshly
 * started server therefore answered its first burst of 200 bookings at 6–8 ms of CPU each, and the
 * same burst a minute later at about 4 ms. So, before the server listens, it boots a second copy of
 * the app on a scratch in-memory SQLite database (migrated and seeded like a new one: the demo
 * fleet, its prices and settings), sends that copy real HTTP requests over loopback (bookings of
 * every kind, quotes, the public pages and their JSON in the four languages) and throws it away.
 *
 * Nothing of it reaches the real database, the real uploads, SMTP, WhatsApp, SMS or a routing
 * service: the copy has its own database in memory, its own upload folder (deleted afterwards), no
 * mail or message transport, and the built-in router. It costs about three seconds at start
 * (WARM_UP=0 turns it off; the dev server and the tests skip it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Env } from "./env.server";

/** Bookings sent to the scratch copy: enough for V8 to optimise the booking path's functions. */
export const WARM_UP_BOOKINGS = 160;
/** Bookings in flight at once (a burst takes the deferred-mail path, a lone booking the other). */
const CONCURRENCY = 8;
const LANGUAGES = ["en", "tr", "de", "ru"] as const;

/**
 * The scratch copy's configuration: the real one (same secret, URL and rules, so the same code
 * runs), with its own database and files, and no way out of the machine.
 */
export function scratchEnv(env: Env, uploadDir: string): Env {
  const scratch: Env = {
    ...env,
    DATABASE_URL: ":memory:",
    UPLOAD_DIR: uploadDir,
    STORAGE: "local",
    SMTP_URL: undefined,
    ROUTING_PROVIDER: "builtin",
    GOOGLE_MAPS_API_KEY: undefined,
    OSRM_URL: undefined,
    WHATSAPP_TOKEN: undefined,
    WHATSAPP_PHONE_NUMBER_ID: undefined,
    SMS_API_URL: undefined,
    SMS_ACCOUNT_SID: undefined,
    SMS_AUTH_TOKEN: undefined,
    SMS_FROM: undefined,
    // the warm-up's bookings all come from one address
    BOOKING_RATE_LIMIT: 100_000,
    // an admin with a given password: nothing is printed
    ADMIN_EMAIL: "warm-up@localhost.invalid",
    ADMIN_PASSWORD: `warm-up-${Math.random().toString(36).slice(2)}-Aa1`,
    LOG_LEVEL: "silent",
  };
  return scratch;
}

export interface WarmUpReport {
  requests: number;
  /** answers that were not 2xx or the refusal asked for, by status ("no answer" for a failed request): should be none */
  unexpected: Record<string, number>;
  ms: number;
}

/** An Istanbul wall-clock time `days` ahead, as the API takes it. */
const istanbul = (days: number, time: string) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}:00+03:00`;

/** Sends the warm-up's requests to `serve` on a loopback port of its own, then closes it. */
export async function driveWarmUp(serve: RequestListener, bookings = WARM_UP_BOOKINGS): Promise<WarmUpReport> {
  const started = performance.now();
  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let requests = 0;
  const unexpected: Record<string, number> = {};
  // Each request on a connection of its own, as from distinct visitors (the connection's set-up is warmed too).
  const send = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, expected: number[] = []) => {
    requests++;
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const answer = await new Promise<{ status: number; body: string } | null>((resolve) => {
      const req = request(
        `${base}${path}`,
        { method: init.method ?? "GET", agent: false, headers: { ...init.headers, ...(body ? { "content-length": String(body.length) } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", () => resolve(null));
        },
      );
      req.on("error", () => resolve(null));
      req.end(body);
    });
    const ok = answer !== null && ((answer.status >= 200 && answer.status < 300) || expected.includes(answer.status));
    if (!ok) {
      const status = answer ? String(answer.status) : "no answer";
      unexpected[status] = (unexpected[status] ?? 0) + 1;
    }
    return answer;
  };
  try {
    const listed = await send("/api/cars?limit=100");
    let cars: Array<{ id: string }> = [];
    try {
      if (listed?.status === 200) cars = (JSON.parse(listed.body) as { data: Array<{ id: string }> }).data;
    } catch {
      // no cars to book: the pages are still warmed
    }
    const jobs: Array<() => Promise<unknown>> = [];
    const book = (i: number, extra: Record<string, unknown> = {}, key = `warm-up-${i}`, expected: number[] = []) =>
      send(
        "/api/bookings",
        {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key, "accept-language": LANGUAGES[i % 4]! },
          body: JSON.stringify({
            trip_type: "oneWay",
            pickup_location: "Antalya Havalimanı (AYT)",
            pickup_place_id: "ayt-airport",
            dropoff_location: ["Belek", "Kemer", "Side", "Lara"][i % 4],
            // one car, one day and one of two times each: no two overlap
            pickup_date: istanbul(10 + Math.floor(i / (cars.length * 2)), ["08:00", "14:00"][Math.floor(i / cars.length) % 2]!),
            passengers: 1,
            car_id: cars[i % cars.length]!.id,
            full_name: `Warm Up ${i}`,
            email: `warm-up-${i}@localhost.invalid`,
            phone: `+90 532 ${String(1_000_000 + i).slice(1, 4)} ${String(1_000_000 + i).slice(4)}`,
            flight_number: `TK ${1000 + i}`,
            ...extra,
          }),
        },
        expected,
      );
    if (cars.length > 0) {
      for (let i = 0; i < bookings; i++) jobs.push(() => book(i));
      // the refusals a burst meets: a car already taken, a retry with its key, a body that fails checks
      for (let i = 0; i < 8; i++) jobs.push(() => book(i, { full_name: `Rival ${i}` }, `warm-up-rival-${i}`, [409]));
      for (let i = 0; i < 8; i++) jobs.push(() => book(i));
      for (let i = 0; i < 8; i++) jobs.push(() => book(i, { email: "not an e-mail" }, `warm-up-bad-${i}`, [400, 422]));
    }
    for (const lng of LANGUAGES) {
      for (const path of ["/", "/fleet", "/api/cars"]) jobs.push(() => send(`${path}?lng=${lng}`));
      jobs.push(() => send(`/booking-results?tripType=oneWay&pickup=AYT&dropoff=Belek&date=${istanbul(20, "10:00").slice(0, 10)}&time=10:00&passengers=2&lng=${lng}`));
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) await jobs[next++]!();
      }),
    );
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  return { requests, unexpected, ms: Math.round(performance.now() - started) };
}

/** A folder for the scratch copy's uploads, and its removal. */
export function scratchFolder(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "lykia-warm-up-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
