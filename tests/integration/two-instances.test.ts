/**
 * Two servers, one database (issue 17 part 5): two `node server.js` processes on one PostgreSQL
 * database (and, without TEST_DATABASE_URL, on one SQLite file) behave as one site. A session
 * made on A works on B and ends on A when signed out on B; a client's booking limit counts its
 * requests to both; one Idempotency-Key gives one booking whichever instance answers, also when
 * both get it at once; and the mail and WhatsApp outboxes filled through both are delivered once
 * per row by the two workers together (PostgreSQL: FOR UPDATE SKIP LOCKED claims). Instances
 * started at the same moment on an empty PostgreSQL database seed it once. A car edited on A is
 * at once on B's pages that B's page cache kept.
 *
 * More checks across instances go in this describe: `instances` gives both servers, the shared
 * database, and `signIn(server)` for an office cookie.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "~/server/db/connection.server";
import { fakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { startWhatsAppFake, type WhatsAppFake } from "../fakes/whatsapp";
import { engines } from "../setup/db";
import { startInstances, type Instances } from "../setup/instances";
import { apiToken, send, SERVER_ADMIN, startServer, throwawayDatabase, type RunningServer } from "../setup/server";
import { SEED_FLEET } from "../../db/seed/fleet";
import { tripDay } from "../setup/trip-date";

const WA_TOKEN = "two-instances-wa-token";
const BOOKING_LIMIT = 4;

interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { success: boolean; data?: { id: string; reference: string }; error?: { code: string } };
}

/** POST /api/bookings from a given loopback address (each address is its own client for the limits). */
function postBooking(server: RunningServer, from: string, body: unknown, key?: string): Promise<JsonAnswer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        localAddress: from,
        method: "POST",
        path: "/api/bookings",
        agent: false,
        headers: { "content-type": "application/json", "content-length": String(payload.length), ...(key ? { "idempotency-key": key } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as JsonAnswer["body"] }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Whether the cookie opens the back office on `server` (200), or is sent to the sign-in (302). */
async function officeStatus(server: RunningServer, cookie: string) {
  const page = await send(server.port, { method: "GET", path: "/admin/dashboard", headers: { cookie } });
  return { status: page.status, location: page.headers.location };
}

describe.each(engines)("two server processes on one %s database", (engine) => {
  let instances: Instances;
  let a: RunningServer;
  let b: RunningServer;
  let smtp: FakeSmtp;
  let wa: WhatsAppFake;
  let db: Db;
  let carIds: string[] = [];
  let day = 0;

  /** A valid booking of its own car and day (never busy), with WhatsApp consent. */
  const booking = (name: string) => {
    const n = day++;
    const date = tripDay(20 + Math.floor(n / carIds.length));
    return {
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${date}T10:00:00+03:00`,
      passengers: 1,
      car_id: carIds[n % carIds.length]!,
      full_name: name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      phone: `+90 532 ${String(100 + n).padStart(3, "0")} 45 67`,
      flight_number: "TK 2412",
      messaging_consent: true,
    };
  };

  beforeAll(async () => {
    smtp = await fakeSmtp();
    wa = await startWhatsAppFake({ token: WA_TOKEN });
    instances = await startInstances(engine, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Lykia <no-reply@example.com>",
        OFFICE_EMAIL: "office-inbox@example.com",
        WHATSAPP_TOKEN: WA_TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: "1234567890",
        WHATSAPP_API_URL: wa.url,
        BOOKING_RATE_LIMIT: String(BOOKING_LIMIT),
      },
    });
    [a, b] = instances.servers as [RunningServer, RunningServer];
    db = openDatabase(instances.databaseUrl);
    const cars = (await (await fetch(`${a.base}/api/cars?limit=100`)).json()) as { data: Array<{ id: string }> };
    carIds = cars.data.map((c) => c.id);
    expect(carIds.length).toBeGreaterThan(0);
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    await instances?.stop();
    await smtp?.close();
    await wa?.close();
  });

  it("keeps a session signed in on A valid on B, and signing out on B ends it on A", async () => {
    const cookie = await instances.signIn(a);
    expect(await officeStatus(a, cookie)).toEqual({ status: 200, location: undefined });
    expect(await officeStatus(b, cookie)).toEqual({ status: 200, location: undefined });

    const out = await send(b.port, { method: "POST", path: "/admin/logout", headers: { cookie, origin: b.base, "content-type": "application/x-www-form-urlencoded" }, body: "confirm=1" });
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("/admin/login");
    for (const server of [a, b]) {
      const after = await officeStatus(server, cookie);
      expect(after.status).toBe(302);
      expect(after.location).toMatch(/^\/admin\/login/);
    }
  });

  it("counts one client's bookings on both instances against one limit", async () => {
    const from = "127.0.0.77";
    const statuses: number[] = [];
    // An empty body is refused (400) after the limit has counted it: A, B, A, B, then A and B again.
    for (let i = 0; i < BOOKING_LIMIT + 2; i++) statuses.push((await postBooking(i % 2 === 0 ? a : b, from, {})).status);
    expect(statuses).toEqual([...Array<number>(BOOKING_LIMIT).fill(400), 429, 429]);
    // Another client is not limited, on either instance.
    expect((await postBooking(b, "127.0.0.78", {})).status).toBe(400);
  });

  it("makes one booking of one Idempotency-Key, sent to A then B, and to both at once", async () => {
    const body = booking("Anna Keller");
    const first = await postBooking(a, "127.0.0.80", body, "two-instances-key-1");
    expect(first.status).toBe(201);
    const retry = await postBooking(b, "127.0.0.80", body, "two-instances-key-1");
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body.data?.id).toBe(first.body.data?.id);

    const other = booking("Boris Ivanov");
    const both = await Promise.all([postBooking(a, "127.0.0.81", other, "two-instances-key-2"), postBooking(b, "127.0.0.82", other, "two-instances-key-2")]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0].body.data?.id).toBe(both[1].body.data?.id);
    expect(both.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(1);

    for (const key of ["two-instances-key-1", "two-instances-key-2"]) {
      const rows = await db.kysely.selectFrom("bookings").select("id").where("idempotency_key", "=", key).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("drops what the other instance's page cache kept when a car changes here", async () => {
    const bearer = await apiToken(a);
    // B keeps them. (On one SQLite file any commit by the other process empties B's cache, so
    // there it may already be a miss; what must hold on both is the new name below.)
    const kept = async (path: string) => {
      await send(b.port, { method: "GET", path });
      const again = await send(b.port, { method: "GET", path });
      if (engine === "postgres") expect(again.headers["x-cache"]).toBe("hit");
      return again.body;
    };
    await kept("/api/cars");
    await kept("/fleet?lng=en");
    const name = `Across Instances ${Date.now() % 100000}`;
    const edit = await send(a.port, {
      method: "PATCH",
      path: `/api/cars/${carIds[0]}`,
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ name }),
    });
    expect(edit.status, edit.body).toBe(200);
    // B hears of it (PostgreSQL: NOTIFY after the commit; one SQLite file: the file's data version).
    await vi.waitFor(
      async () => {
        expect((await send(b.port, { method: "GET", path: "/api/cars" })).body).toContain(name);
        expect((await send(b.port, { method: "GET", path: "/fleet?lng=en" })).body).toContain(name);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it("delivers every mail and WhatsApp message queued through both instances exactly once", async () => {
    // Bookings through A and B at once, each from its own address: both workers wake and claim together.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postBooking(i % 2 === 0 ? a : b, `127.0.1.${10 + i}`, booking(`Guest Number ${i}`), `two-instances-mail-${i}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array<number>(12).fill(201));

    const pending = async (table: "mail_outbox" | "message_outbox") =>
      Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow()).n);
    // Each booking's event (booking_outbox) becomes its mails and messages on either instance's notify worker.
    const unwritten = async () =>
      Number((await db.kysely.selectFrom("booking_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow()).n);
    await vi.waitFor(
      async () => {
        expect(await unwritten()).toBe(0);
        expect(await pending("mail_outbox")).toBe(0);
        expect(await pending("message_outbox")).toBe(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    // No waiting for a second delivery: a claim is the UPDATE that counts an attempt, so a row
    // claimed twice says so in `attempts` (checked below) before it can be sent twice.

    const mails = await db.kysely.selectFrom("mail_outbox").select(["id", "status", "attempts", "kind"]).execute();
    // Every booking of this file: its confirmation and the office's notice.
    expect(mails.length).toBeGreaterThanOrEqual(2 * 12);
    expect(mails.every((m) => m.status === "sent" && Number(m.attempts) === 1)).toBe(true);
    expect(smtp.received).toHaveLength(mails.length);
    const messageIds = smtp.received.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(mails.length);

    const messages = await db.kysely.selectFrom("message_outbox").select(["id", "status", "attempts", "provider_message_id", "channel"]).execute();
    expect(messages.length).toBeGreaterThanOrEqual(12);
    expect(messages.every((m) => m.channel === "whatsapp" && m.status === "sent" && Number(m.attempts) === 1)).toBe(true);
    expect(wa.received).toHaveLength(messages.length);
    expect(new Set(wa.received.map((m) => m.id))).toEqual(new Set(messages.map((m) => m.provider_message_id)));
  });
});

// PostgreSQL only: N instances mean PostgreSQL (one SQLite file is one machine's, started by one process at a time).
describe.each(engines.filter((e) => e === "postgres"))("instances started at once on one empty %s database", (engine) => {
  it("migrate and seed it once: one demo fleet, one first admin", { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "vt-together-"));
    const database = await throwawayDatabase(engine, dir);
    const started = await Promise.allSettled([0, 1].map(() => startServer(engine, {}, { databaseUrl: database.url })));
    const db = openDatabase(database.url);
    try {
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "ready"))).toEqual(["ready", "ready"]);
      const cars = await db.kysely.selectFrom("cars").select("name").execute();
      expect(cars).toHaveLength(SEED_FLEET.length);
      const admins = await db.kysely.selectFrom("users").select("email").where("role", "=", "admin").execute();
      expect(admins.map((u) => u.email)).toEqual([SERVER_ADMIN.email]);
    } finally {
      await db.close();
      for (const s of started) if (s.status === "fulfilled") await s.value.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
