/**
 * The office enters a booking itself through the API (issue 29 part 1): POST /api/bookings with a
 * staff session is the office's entry — not held to the visitors' rate limit, inside the lead time
 * with a warning, at a price agreed with the guest (with its reason, in the price lines, the
 * history and the audit log), a taken car only with a reason, capacity as for anyone, mailed or
 * not, pending or confirmed. Without a staff session those fields are refused. Requests go through
 * React Router's handler with real sessions; bookings are made through the production write path.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { getOperations } from "~/admin/stats.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { buildCar, createTestBooking, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDate } from "../setup/trip-date";

const log = pino({ level: "silent" });
const SESSION_SECRET = "office-booking-test-session-secret-0123456789";
type Role = "admin" | "dispatcher" | "driver" | null;
interface Answer {
  status: number;
  body: { success: boolean; data?: Record<string, unknown>; error?: { code?: string; reason?: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]>; conflicts?: unknown[] } };
}

describe.each(engines)("the office's own bookings through the API on %s", (engine) => {
  let db: TestDb;
  let car: string;
  let van: string;
  const users: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher", "driver"] as const) users[role] = (await createTestUser(db.kysely, { role })).id;
    car = (await createCar(db.kysely, buildCar({ name: "Ofis Sedan", seats: 3 }))).id;
    van = (await createCar(db.kysely, buildCar({ name: "Ofis Vito", seats: 7 }))).id;
  });
  afterAll(() => db.destroy());

  async function post(role: Role, body: Record<string, unknown>, options: { ip?: string; lng?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (role) headers.authorization = `Bearer ${(await createSession(db.kysely, users[role]!, { remember: false })).token}`;
    const context = testAppContext(db, {
      env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET, BOOKING_RATE_LIMIT: 2 },
      mailer,
      clientIp: options.ip ?? `10.29.${engine === "sqlite" ? 1 : 2}.1`,
    });
    const response = await handler(new Request(`http://localhost/api/bookings${options.lng ? `?lng=${options.lng}` : ""}`, { method: "POST", headers, body: JSON.stringify(body) }), context);
    return { status: response.status, body: (await response.json()) as Answer["body"] };
  }

  let day = 30;
  /** A phone booking's body: a transfer from the airport on a day of its own (cars free) unless told. */
  const trip = (over: Record<string, unknown> = {}) => ({
    trip_type: "oneWay",
    pickup_location: "Antalya Havalimanı (AYT)",
    pickup_place_id: "ayt-airport",
    dropoff_location: "Belek",
    pickup_date: tripDate(day++, "10:00"),
    passengers: 2,
    car_id: van,
    full_name: "Ayşe Yılmaz",
    email: "ayse@example.com",
    phone: "0532 123 45 67",
    flight_number: "TK 2412",
    ...over,
  });
  const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const mailsOf = (id: string) => db.kysely.selectFrom("mail_outbox").select(["kind", "subject", "to_address"]).where("related_id", "=", id).execute();

  it("books for staff above the visitors' rate limit and inside the lead time, with a warning and the phone channel", async () => {
    const ip = `10.29.${engine === "sqlite" ? 11 : 12}.7`;
    // the address's visitors have used their two bookings
    expect((await post(null, trip(), { ip })).status).toBe(201);
    expect((await post(null, trip(), { ip })).status).toBe(201);
    expect((await post(null, trip(), { ip })).status).toBe(429);
    // a visitor may not book inside the lead time
    const visitor = await post(null, trip({ pickup_date: inOneHour() }), { ip: "10.29.99.1" });
    expect([visitor.status, visitor.body.error?.reason]).toEqual([400, "booking:errors.tooSoon"]);
    for (const role of ["dispatcher", "admin", "dispatcher"] as const) {
      const made = await post(role, trip({ pickup_date: role === "admin" ? inOneHour() : tripDate(day++, "10:00") }), { ip });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.data?.channel).toBe("phone");
      expect(made.body.data?.warnings).toEqual(role === "admin" ? ["booking:errors.tooSoon"] : []);
    }
    // the dashboard opens on it: a pickup within two hours, on no driver yet
    const ops = await getOperations(db.kysely);
    expect(ops.today.nextTwoHours + ops.tomorrow.nextTwoHours).toBe(1);
    expect(ops.today.withoutDriver + ops.tomorrow.withoutDriver).toBeGreaterThanOrEqual(1);
    expect(ops.pending).toBeGreaterThanOrEqual(5);
    // a pickup already past is refused, staff or not
    const past = await post("admin", trip({ pickup_date: new Date(Date.now() - 3_600_000).toISOString() }));
    expect(past.status).toBe(400);
    expect(past.body.error?.fieldCodes?.pickup_date).toEqual(["booking:errors.datePast"]);
  });

  it("keeps an agreed price with its reason in the price lines, the history and the audit log", async () => {
    const made = await post("dispatcher", trip({ channel: "whatsapp", price_override: "2.450,50", override_reason: "Tekrar gelen misafir, telefonda anlaşıldı" }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const data = made.body.data as { id: string; total_price: number; channel: string; price_lines: Array<{ kind: string; amount: number; quoted?: number }> };
    expect([data.total_price, data.channel]).toEqual([2450.5, "whatsapp"]);
    const office = data.price_lines.at(-1)!;
    expect(office.kind).toBe("office");
    // the quote's lines stay, and the lines still add up to the agreed price
    expect(data.price_lines.reduce((sum, l) => sum + l.amount, 0)).toBeCloseTo(2450.5, 2);
    expect(office.quoted! + office.amount).toBeCloseTo(2450.5, 2);
    const history = await db.kysely.selectFrom("booking_events").select(["to_status", "by_label", "changes"]).where("booking_id", "=", data.id).execute();
    expect(history).toHaveLength(1);
    const changes = JSON.parse(history[0]!.changes!) as { fields: Array<{ field: string; from: number; to: number }>; override: string };
    expect(changes.fields).toEqual([{ field: "total_price", from: Math.round(office.quoted! * 100), to: 245050 }]);
    expect(changes.override).toBe("Tekrar gelen misafir, telefonda anlaşıldı");
    expect(history[0]!.by_label).not.toBe("customer");
    const audit = await db.kysely.selectFrom("audit_log").select(["action", "user_id", "details"]).where("entity_id", "=", data.id).execute();
    expect(audit.map((a) => [a.action, a.user_id])).toEqual([["booking.create", users.dispatcher]]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ channel: "whatsapp", price: { agreed: 245050 }, reason: "Tekrar gelen misafir, telefonda anlaşıldı" });
    // a price without a reason, a price that cannot be read, a channel that is not the office's
    const refused = await post("dispatcher", trip({ price_override: 1200 }));
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fieldCodes?.override_reason).toEqual(["admin:officeBooking.errors.reasonRequired"]);
    const bad = await post("dispatcher", trip({ price_override: "12,345", override_reason: "x", channel: "fax", confirm: "maybe" }));
    expect(bad.body.error?.fieldCodes).toMatchObject({
      price_override: ["admin:officeBooking.errors.price"],
      channel: ["admin:officeBooking.errors.channel"],
      confirm: ["admin:officeBooking.errors.flag"],
    });
  });

  it("refuses a car too small for the party, staff or not", async () => {
    const made = await post("admin", trip({ car_id: car, passengers: 5 }));
    expect(made.status).toBe(400);
    expect(made.body.error?.fieldCodes?.passengers).toEqual(["booking:errors.tooManyPassengers"]);
  });

  it("books a taken car only with a reason, which the history keeps", async () => {
    const pickup = tripDate(day++, "09:00");
    await createTestBooking({ db: db.kysely, mailer }, { carId: car, pickupAt: pickup, passengers: 1 });
    const taken = await post("dispatcher", trip({ car_id: car, pickup_date: pickup }));
    expect(taken.status).toBe(409);
    expect(taken.body.error?.code).toBe("car_unavailable");
    expect(taken.body.error?.conflicts).toHaveLength(1);
    const anyway = await post("dispatcher", trip({ car_id: car, pickup_date: pickup, override_reason: "İkinci şoför aynı araçla" }));
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(201);
    const history = await db.kysely.selectFrom("booking_events").select("changes").where("booking_id", "=", anyway.body.data!.id as string).executeTakeFirstOrThrow();
    expect(JSON.parse(history.changes!)).toMatchObject({ fields: [], override: "İkinci şoför aynı araçla" });
  });

  it("starts confirmed through the state machine and mails the guest once, in their language, that it is confirmed", async () => {
    const made = await post("dispatcher", trip({ confirm: true, email: "anna@example.com", full_name: "Anna Schmidt" }), { lng: "de" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data!.id as string;
    expect(made.body.data?.status).toBe("confirmed");
    const history = await db.kysely.selectFrom("booking_events").select(["from_status", "to_status"]).where("booking_id", "=", id).orderBy("created_at").orderBy("id").execute();
    expect(history.map((h) => `${h.from_status ?? "∅"}→${h.to_status}`).sort()).toEqual(["pending→confirmed", "∅→pending"]);
    const mails = await mailsOf(id);
    // one mail to the guest, in German, saying confirmed; the office is not mailed its own booking
    expect(mails.map((m) => m.kind)).toEqual(["booking-confirmation"]);
    expect(mails[0]!.subject).toMatch(/^Buchung VT-\w+ bestätigt/);
  });

  it("mails the guest nothing when the office says so, and a visitor's booking still mails the guest and the office", async () => {
    const quiet = await post("admin", trip({ notify_guest: false, channel: "desk" }));
    expect(quiet.status).toBe(201);
    expect(await mailsOf(quiet.body.data!.id as string)).toEqual([]);
    const visitor = await post(null, trip(), { ip: "10.29.98.1" });
    expect((await mailsOf(visitor.body.data!.id as string)).map((m) => m.kind).sort()).toEqual(["booking-confirmation", "office-new-booking"]);
  });

  it("refuses the office's fields without a staff session, and from a driver", async () => {
    for (const role of [null, "driver"] as const) {
      const answer = await post(role, trip({ price_override: 1, override_reason: "bedava", confirm: true }), { ip: "10.29.97.1" });
      expect(answer.status).toBe(403);
      expect(answer.body.error?.fieldCodes?.confirm).toEqual(["admin:officeBooking.errors.staffOnly"]);
      expect(Object.keys(answer.body.error?.fields ?? {}).sort()).toEqual(["confirm", "override_reason", "price_override"]);
    }
  });
});
