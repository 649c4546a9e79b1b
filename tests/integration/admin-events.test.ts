/**
 * The back office, live (issue 31): /admin/events, a server-sent event stream for signed-in staff
 * who see the board. Through React Router's handler over the whole app (the real route module and
 * hub): a stranger gets 401, a driver 403, POST 405; the stream's headers; a booking made by the
 * booking core and a driver's step (recordJobStep) arrive as `change` events; a table the streams
 * do not follow says nothing; a signed-out staff member's stream ends and hears nothing more; one
 * account holds a bounded number of streams.
 * Over HTTP (two `node server.js` on one database, as behind a load balancer): through Express and
 * its compression, a booking posted to one instance reaches a stream on the other, and SIGTERM ends
 * an instance's open streams at once instead of waiting for them.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, destroySession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { officeEventsOf, topicsOf } from "~/admin/live.server";
import { assignLeg, changeBookingStatus, jobLinkOf, recordJobStep } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import pino from "pino";
import { buildCar, createTestBooking, createTestDriver, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { startInstances, type Instances } from "../setup/instances";
import { send, type RunningServer } from "../setup/server";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const SESSION_SECRET = "admin-events-test-session-secret-0123456789";
const METRICS_TOKEN = "admin-events-metrics-token-0123";

/** The open streams an instance reports in /metrics. */
async function openStreams(server: RunningServer): Promise<number | undefined> {
  const text = (await send(server.port, { method: "GET", path: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const line = text.split("\n").find((l) => /^admin_live_streams(\{[^}]*\})? /.test(l));
  return line === undefined ? undefined : Number(line.split(" ").pop());
}
const actor = { id: null, label: "Test office", kind: "office" as const };

interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a server-sent event stream frame by frame (comments and `retry:` are kept apart). */
class EventReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #buffer = "";
  #read: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  #decoder = new TextDecoder();
  ended = false;
  comments: string[] = [];
  retry: number | null = null;

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }

  /** The next event, or null when none comes within `ms` (or the stream ended). */
  async next(ms = 3_000): Promise<SseEvent | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const frame = this.#frame();
      if (frame) return frame;
      if (this.ended) return null;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      this.#read ??= this.#reader.read();
      const result = await Promise.race([this.#read, new Promise<null>((resolve) => setTimeout(resolve, left, null))]);
      if (result === null) return null;
      this.#read = null;
      if (result.done) this.ended = true;
      else this.#buffer += this.#decoder.decode(result.value, { stream: true });
    }
  }

  /** Events until one named `event` comes (null if none within `ms`). */
  async until(event: string, ms = 5_000): Promise<SseEvent | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const next = await this.next(Math.max(1, deadline - Date.now()));
      if (!next || next.event === event) return next;
    }
  }

  #frame(): SseEvent | null {
    for (;;) {
      const end = this.#buffer.indexOf("\n\n");
      if (end === -1) return null;
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
        else if (line.startsWith("retry:")) this.retry = Number(line.slice(6));
        else if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trim());
      }
      if (data.length > 0) return { event, data: JSON.parse(data.join("\n")) };
    }
  }

  async close() {
    await this.#reader.cancel().catch(() => {});
  }
}

it("names the kinds of change a stream tells, from the tables written", () => {
  expect(topicsOf(["bookings", "booking_history"])).toEqual(["bookings"]);
  expect(topicsOf(["booking_legs"])).toEqual(["bookings"]);
  expect(topicsOf(["notifications", "booking_outbox"])).toEqual(["notifications"]);
  expect(topicsOf(["settings", "sessions", "audit_log"])).toEqual([]);
  expect(topicsOf(["*"])).toEqual(["bookings", "notifications"]);
});

describe.each(engines)("the office's live stream on %s", (engine) => {
  let db: TestDb;
  let carId: string;
  const handler = appRequestHandler();
  const users: Record<"admin" | "dispatcher" | "driver", string> = { admin: "", dispatcher: "", driver: "" };
  const readers: EventReader[] = [];

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher", "driver"] as const) users[role] = (await createTestUser(db.kysely, { role })).id;
    carId = (await createCar(db.kysely, buildCar({ name: "Live Vito" }))).id;
    // legs due within the hour, so a driver may set off (rules/lifecycle.ts)
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 } }, null);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await db.destroy();
  });

  async function cookieOf(userId: string, options: { verified?: boolean } = {}) {
    const { token } = await createSession(db.kysely, userId, { remember: false, ...options });
    return { token, cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
  }

  function call(method: string, headers: Record<string, string> = {}, signal?: AbortSignal) {
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } });
    return handler(new Request("http://localhost/admin/events", { method, headers: { accept: "text/event-stream", ...headers }, signal }), context);
  }

  /** A stream for `userId` and its reader, past its `ready` event. */
  async function open(userId: string) {
    const { token, cookie } = await cookieOf(userId);
    const response = await call("GET", { cookie });
    expect(response.status).toBe(200);
    const reader = new EventReader(response.body!);
    readers.push(reader);
    const ready = await reader.next();
    expect(ready?.event).toBe("ready");
    return { response, reader, token, ready: ready!.data as { topics: string[] } };
  }

  it("refuses a stranger (401), an unverified or forged session (401) and a driver (403), never with a redirect", async () => {
    const stranger = await call("GET");
    expect({ status: stranger.status, location: stranger.headers.get("location") }).toEqual({ status: 401, location: null });
    expect(stranger.headers.get("content-type")).toMatch(/^text\/plain/);
    const unverified = await call("GET", { cookie: (await cookieOf(users.admin, { verified: false })).cookie });
    expect(unverified.status).toBe(401);
    const forged = await call("GET", { cookie: `${SESSION_COOKIE}=forged-token-that-does-not-exist` });
    expect(forged.status).toBe(401);
    const driver = await call("GET", { cookie: (await cookieOf(users.driver)).cookie });
    expect({ status: driver.status, location: driver.headers.get("location") }).toEqual({ status: 403, location: null });
    expect(officeEventsOf(db).size).toBe(0);
  });

  it("answers only GET (and HEAD): a POST is refused (405) and opens nothing", async () => {
    const { cookie } = await cookieOf(users.admin);
    const post = await call("POST", { cookie, "content-type": "application/x-www-form-urlencoded" });
    expect(post.status).toBe(405);
    await post.body?.cancel();
    // HEAD: the headers of a stream, and no stream kept open for a body nobody reads
    const head = await call("HEAD", { cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    await head.body?.cancel();
    expect(officeEventsOf(db).size).toBe(0);
  });

  it("streams to staff with the headers an event stream needs, a retry delay and a ready event naming what they hear", async () => {
    const { response, reader, ready } = await open(users.dispatcher);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(reader.retry).toBeGreaterThan(0);
    expect(ready.topics).toEqual(["bookings", "notifications"]);
    await reader.close();
    expect(officeEventsOf(db).size).toBe(0);
  });

  it("tells the admin's and the dispatcher's streams of a booking made by the booking core", async () => {
    const admin = await open(users.admin);
    const dispatcher = await open(users.dispatcher);
    await createTestBooking({ db: db.kysely }, { carId, fullName: "Live Guest" });
    for (const { reader } of [admin, dispatcher]) {
      const change = await reader.until("change");
      expect(change?.data).toMatchObject({ topics: expect.arrayContaining(["bookings"]), seq: expect.any(Number) });
      // a kind and a counter: no guest's name, no reference, no record
      expect(JSON.stringify(change?.data)).not.toContain("Live Guest");
    }
    await admin.reader.close();
    await dispatcher.reader.close();
  });

  it("tells the streams of a driver's step recorded from the job link", async () => {
    const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
    const booking = await createTestBooking({ db: db.kysely }, { carId: (await createCar(db.kysely, buildCar({ name: "Live Step Vito" }))).id, pickupAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor })).ok).toBe(true);
    const driver = await createTestDriver(db.kysely);
    expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
    const token = (await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, "outbound"))!.split("/").pop()!;
    const { reader } = await open(users.dispatcher);
    const step = await recordJobStep(db.kysely, token, "on_way", null);
    expect(step.ok).toBe(true);
    const change = await reader.until("change");
    expect((change?.data as { topics: string[] }).topics).toContain("bookings");
    await reader.close();
  });

  it("says nothing of a table the streams do not follow (settings)", async () => {
    const { reader } = await open(users.admin);
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, general: { ...settings.general, siteName: "Live Test Site" } }, null);
    expect(await reader.next(1_000)).toBeNull();
    await reader.close();
  });

  it("ends a signed-out staff member's stream before telling it anything more", async () => {
    const stays = await open(users.admin);
    const leaves = await open(users.dispatcher);
    await destroySession(db.kysely, leaves.token);
    await createTestBooking({ db: db.kysely }, { carId, fullName: "After Sign-out" });
    expect((await stays.reader.until("change"))?.event).toBe("change");
    expect(await leaves.reader.next(1_500)).toBeNull();
    expect(leaves.reader.ended).toBe(true);
    await stays.reader.close();
  });

  it("holds at most five streams per account (one per tab): the sixth is refused with 429, and a closed one frees its place", async () => {
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await open(users.admin));
    const sixth = await call("GET", { cookie: (await cookieOf(users.admin)).cookie });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
    // another account is not counted against this one
    const other = await open(users.dispatcher);
    await five[0]!.reader.close();
    const again = await open(users.admin);
    for (const { reader } of [...five.slice(1), other, again]) await reader.close();
    expect(officeEventsOf(db).size).toBe(0);
  });

  it("lets go of a stream whose client went away (the request's signal)", async () => {
    const { cookie } = await cookieOf(users.admin);
    const gone = new AbortController();
    const response = await call("GET", { cookie }, gone.signal);
    expect(response.status).toBe(200);
    expect(officeEventsOf(db).size).toBe(1);
    gone.abort();
    expect(officeEventsOf(db).size).toBe(0);
    await response.body?.cancel().catch(() => {});
  });
});

/** An event stream over HTTP: the response's head, and its frames as they come. */
function openOverHttp(server: RunningServer, cookie: string): Promise<{ res: IncomingMessage; reader: EventReader }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path: "/admin/events", headers: { cookie, accept: "text/event-stream", "accept-encoding": "gzip, br" }, agent: false },
      (res) => {
        let open = true;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            const close = () => {
              if (open) controller.close();
              open = false;
            };
            res.on("data", (chunk: Buffer) => open && controller.enqueue(new Uint8Array(chunk)));
            res.on("end", close);
            res.on("error", close);
          },
          cancel() {
            open = false;
            req.destroy();
          },
        });
        resolve({ res, reader: new EventReader(body) });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe.each(engines)("the office's live stream over HTTP, two instances on one %s database", (engine) => {
  let instances: Instances;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    instances = await startInstances(engine, { env: { METRICS_TOKEN } });
    [a, b] = instances.servers as [RunningServer, RunningServer];
  }, 300_000);
  afterAll(async () => {
    await instances?.stop();
  });

  it("passes Express and its compression as a stream, and a booking posted to one instance reaches a stream on the other", async () => {
    const { res, reader } = await openOverHttp(b, await instances.signIn(b));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(res.headers["x-accel-buffering"]).toBe("no");
    expect((await reader.next(10_000))?.event).toBe("ready");
    expect(await openStreams(b)).toBe(1);
    expect(await openStreams(a)).toBe(0);

    const cars = JSON.parse((await send(a.port, { method: "GET", path: "/api/cars" })).body) as { data: Array<{ id: string }> };
    const posted = await send(a.port, {
      method: "POST",
      path: "/api/bookings",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        trip_type: "oneWay",
        pickup_location: "Antalya Havalimanı (AYT)",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Belek",
        pickup_date: `${tripDay(21)}T10:00:00+03:00`,
        passengers: 1,
        car_id: cars.data[0]!.id,
        full_name: "Stream Guest",
        email: "stream.guest@example.com",
        phone: "+90 532 765 43 21",
        flight_number: "TK 2412",
      }),
    });
    expect({ status: posted.status, body: posted.status === 201 ? null : posted.body }).toEqual({ status: 201, body: null });
    const change = await reader.until("change", 15_000);
    expect((change?.data as { topics: string[] }).topics).toContain("bookings");
    await reader.close();
    await expect.poll(() => openStreams(b)).toBe(0);
  }, 60_000);

  it("a POST is refused (405), and a stranger gets 401 over HTTP too", async () => {
    const cookie = await instances.signIn(a);
    const post = await send(a.port, { method: "POST", path: "/admin/events", headers: { cookie, origin: instances.publicUrl, "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(post.status).toBe(405);
    const stranger = await send(a.port, { method: "GET", path: "/admin/events" });
    expect(stranger.status).toBe(401);
    // the tests' one-shot client (tests/setup/server.ts) takes a stream's head and first bytes as its answer
    const staff = await send(a.port, { method: "GET", path: "/admin/events?x=1", headers: { cookie } });
    expect(staff.status).toBe(200);
    expect(staff.body).toContain("event: ready");
    await expect.poll(() => openStreams(a)).toBe(0);
  });

  it("ends its open streams at once on SIGTERM, so the instance stops without waiting for them", async () => {
    const { reader } = await openOverHttp(b, await instances.signIn(b));
    expect((await reader.next(10_000))?.event).toBe("ready");
    const started = Date.now();
    await b.stop();
    // the server waits 10 s for requests in flight before cutting them: a stream must not be one
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await reader.next(2_000)).toBeNull();
    expect(reader.ended).toBe(true);
    expect(b.output().stdout).toMatch(/"stream":true/);
  }, 60_000);
});
