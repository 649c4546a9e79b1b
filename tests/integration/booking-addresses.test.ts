/**
 * Hotels and addresses (issue 12): a booking made through POST /api/bookings with the guest's
 * hotel or street address at its leg ends keeps them, answers with them, and shows them wherever
 * the booking is shown (the admin API, the CSV export, the confirmation mail); the office finds
 * the booking by the hotel's name and can change it. With a Google key, a hotel is found by name
 * and booked directly.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession } from "~/auth/session.server";
import { changeBookingStatus, listBookings } from "~/booking/index.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { getAdminBooking } from "~/routes/admin/booking-view.server";
import { parseBookingEdit } from "~/booking/rules/admin-edit";
import { updateBooking } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { createMailer } from "~/server/mail.server";
import * as bookingsRoute from "~/routes/api/bookings";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as placesRoute from "~/routes/api/places";
import { buildCar, testBookingDeps } from "../../db/seed/factories";
import { fakeGoogle, type FakeServer } from "../fakes/maps";
import * as m0029 from "../../db/migrations/0029_booking_addresses";
import { parseExcelCsv } from "../setup/excel-csv";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import type { Env } from "~/server/env.server";
import { tripDay } from "../setup/trip-date";

/** The office, as every edit names who made it (the history and the audit log). */
const OFFICE = { id: null, label: "Ofis" };

const log = pino({ level: "silent" });

interface Answer {
  status: number;
  body: {
    success: boolean;
    data?: Record<string, unknown>;
    error?: { code: string; message: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> };
  };
}

const inDays = (days: number, time = "10:00") => `${tripDay(days)}T${time}:00+03:00`;


describe.each(engines)("hotels and addresses on %s", (engine) => {
  let db: TestDb;
  let google: FakeServer;
  let token: string;
  let carId: string;
  let ip = 0;
  const googleEnv = (): Partial<Env> => ({
    PUBLIC_URL: "http://localhost",
    OFFICE_EMAIL: "office@example.com",
    ROUTING_PROVIDER: "google",
    GOOGLE_MAPS_API_KEY: "test-key",
    GOOGLE_PLACES_URL: google.url,
    GOOGLE_ROUTES_URL: google.url,
  });
  const builtinEnv: Partial<Env> = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" };

  /** A route handler as React Router runs it: behind the language middleware, with the app context. */
  async function call(
    handler: (args: never) => unknown,
    method: string,
    path: string,
    options: { body?: unknown; auth?: boolean; params?: Record<string, string>; env?: Partial<Env> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const request = new Request(`http://localhost${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const context = testAppContext(db, { env: options.env ?? builtinEnv, clientIp: `10.0.${engine === "sqlite" ? 1 : 2}.${++ip}` });
    let result: unknown;
    await i18nextMiddleware({ request, context, params: options.params ?? {}, unstable_pattern: path } as never, async () => {
      try {
        result = await handler({ request, context, params: options.params ?? {} } as never);
      } catch (thrown) {
        result = thrown;
      }
      return new Response();
    });
    const answer = result as { init?: { status?: number }; data: Answer["body"] };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }

  // Each booking on its own days, so the one car is free for all of them.
  let slot = 0;
  const payload = (extra: Record<string, unknown> = {}) => ({
    trip_type: "roundTrip",
    pickup_location: "Antalya Havalimanı (AYT)",
    pickup_place_id: "ayt-airport",
    dropoff_location: "Belek",
    pickup_date: inDays(10 + slot),
    return_pickup_location: "Belek",
    return_dropoff_location: "Antalya Havalimanı (AYT)",
    return_pickup_place_id: "",
    return_dropoff_place_id: "ayt-airport",
    return_date: inDays(40 + slot++, "12:00"),
    passengers: 2,
    car_id: carId,
    full_name: "Jana Schröder",
    email: "jana@example.com",
    phone: "+49 170 1234567",
    flight_number: "TK 2412",
    ...extra,
  });

  beforeAll(async () => {
    db = await testDb(engine);
    google = await fakeGoogle();
    const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    carId = (await createCar(db.kysely, buildCar({ name: "Mercedes V-Class", seats: 6, luggage: 6 }))).id;
  });
  afterAll(async () => {
    await google.close();
    await db.destroy();
  });

  let bookingId: string;

  it("stores the hotel or address at each leg end and answers with them", async () => {
    const made = await call(bookingsRoute.action, "POST", "/api/bookings?lng=de", {
      body: payload({ dropoff_address: "  Kempinski Hotel\nThe Dome  ", return_pickup_address: "Kempinski Hotel The Dome, Lobby", pickup_address: "" }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      pickup_address: null,
      dropoff_address: "Kempinski Hotel The Dome",
      return_pickup_address: "Kempinski Hotel The Dome, Lobby",
      return_dropoff_address: null,
    });
    bookingId = made.body.data!.id as string;

    const read = await call(bookingRoute.loader, "GET", `/api/bookings/${bookingId}`, { auth: true, params: { id: bookingId } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ dropoff_address: "Kempinski Hotel The Dome", return_pickup_address: "Kempinski Hotel The Dome, Lobby", pickup_address: null });
  });

  it("keeps no return addresses on a one-way booking", async () => {
    const made = await call(bookingsRoute.action, "POST", "/api/bookings", {
      body: payload({ trip_type: "oneWay", dropoff_address: "Regnum Carya", return_pickup_address: "ignored" }),
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ dropoff_address: "Regnum Carya", return_pickup_address: null, return_dropoff_address: null });
  });

  it("puts them in the confirmation mail, in the customer's language, and in the office's", async () => {
    const mails = await db.kysely.selectFrom("mail_outbox").select(["kind", "text_body", "html_body"]).where("related_id", "=", bookingId).execute();
    const customer = mails.find((m) => m.kind === "booking-confirmation")!;
    expect(customer.text_body).toContain("Hotel oder Adresse — Belek, Hinfahrt");
    expect(customer.text_body).toContain("Hotel oder Adresse — Belek, Rückfahrt");
    expect(customer.text_body).toContain("Kempinski Hotel The Dome");
    expect(customer.html_body).toContain("Kempinski Hotel The Dome, Lobby");
    const office = mails.find((m) => m.kind === "office-new-booking")!;
    expect(office.text_body).toContain("Otel veya adres — Belek, gidiş");
  });

  it("lets the office find the booking by the hotel's name, Turkish letters folded", async () => {
    const found = await listBookings(db.kysely, { q: "KEMPİNSKİ HOTEL the dome" });
    expect(found.bookings.map((b) => b.id)).toContain(bookingId);
    const api = await call(bookingsRoute.loader, "GET", "/api/bookings?q=kempinski", { auth: true });
    expect((api.body.data as unknown as Array<{ id: string }>).map((b) => b.id)).toContain(bookingId);
  });

  it("exports them in the CSV, one column per leg end", async () => {
    const bytes = await new Response(bookingsCsvStream(db.kysely, { q: "kempinski" })).arrayBuffer();
    const [header, ...rows] = parseExcelCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const row = rows.find((r) => cell(r, "Müşteri") === "Jana Schröder")!;
    expect(cell(row, "Gidiş Alış Oteli / Adresi")).toBe("");
    expect(cell(row, "Gidiş Bırakış Oteli / Adresi")).toBe("Kempinski Hotel The Dome");
    expect(cell(row, "Dönüş Alış Oteli / Adresi")).toBe("Kempinski Hotel The Dome, Lobby");
    expect(cell(row, "Dönüş Bırakış Oteli / Adresi")).toBe("");
  });

  it("lets the office change them through the one edit rule; search follows", async () => {
    const edit = parseBookingEdit({ dropoff_address: "Susesi Luxury Resort", return_pickup_address: " " });
    expect(edit.ok).toBe(true);
    const saved = await updateBooking(await testBookingDeps({ db: db.kysely }), bookingId, edit.ok ? edit.value : {}, { actor: OFFICE });
    expect(saved).toMatchObject({ ok: true, booking: { dropoff_address: "Susesi Luxury Resort", return_pickup_address: null } });
    expect((await listBookings(db.kysely, { q: "susesi" })).bookings.map((b) => b.id)).toEqual([bookingId]);
    expect((await listBookings(db.kysely, { q: "kempinski" })).bookings.map((b) => b.id)).not.toContain(bookingId);
    expect(parseBookingEdit({ pickup_address: "x".repeat(201) })).toEqual({ ok: false, fields: { pickup_address: [{ code: "admin:bookingEdit.messages.address" }] } });

    // A return dropped takes its addresses with it; a return added runs back from the drop-off's hotel.
    await updateBooking(await testBookingDeps({ db: db.kysely }), bookingId, { trip_type: "oneWay" }, { actor: OFFICE });
    expect(await getAdminBooking(db.kysely, bookingId)).toMatchObject({ return_pickup_address: null, return_dropoff_address: null });
    const back = await updateBooking(await testBookingDeps({ db: db.kysely }), bookingId, { trip_type: "roundTrip", return_date: inDays(20).slice(0, 10), return_time: "09:00" }, { actor: OFFICE });
    expect(back, JSON.stringify(back)).toMatchObject({ ok: true });
    expect(await getAdminBooking(db.kysely, bookingId)).toMatchObject({ return_pickup_address: "Susesi Luxury Resort", return_dropoff_address: null });

    // The status mail names the hotel too, in the customer's language.
    const changed = await changeBookingStatus(db.kysely, createMailer({ from: "office@example.com", log }), { id: bookingId, to: "confirmed", actor: { id: null, label: "Ofis", kind: "office" } });
    expect(changed).toMatchObject({ ok: true, mailed: true });
    const mail = await db.kysely.selectFrom("mail_outbox").select("text_body").where("related_id", "=", bookingId).where("kind", "=", "booking-status").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Hotel oder Adresse");
    expect(mail.text_body).toContain("Susesi Luxury Resort");
  });

  it("refuses an address too long or not text, with a code per field, and books nothing", async () => {
    const before = await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const bad = await call(bookingsRoute.action, "POST", "/api/bookings", {
      body: payload({ dropoff_address: "K".repeat(201), return_pickup_address: 42, pickup_address: ["a"] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: "validation_failed",
      fieldCodes: {
        dropoff_address: ["booking:errors.address"],
        return_pickup_address: ["booking:errors.address"],
        pickup_address: ["booking:errors.address"],
      },
    });
    expect(bad.body.error!.fields!.dropoff_address![0]).toContain("200");
    const exactly = await call(bookingsRoute.action, "POST", "/api/bookings", { body: payload({ dropoff_address: "K".repeat(200) }) });
    expect(exactly.status).toBe(201);
    const after = await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it("refuses notes over 1000 characters with their own code, cutting nothing, and books nothing", async () => {
    const count = async () => Number((await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const long = `${"Bitte einen Kindersitz. ".repeat(50)}Ende`;
    expect(long.length).toBeGreaterThan(1000);
    const bad = await call(bookingsRoute.action, "POST", "/api/bookings", { body: payload({ notes: long }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "validation_failed", fieldCodes: { notes: ["booking:errors.notesTooLong"] } });
    expect(bad.body.error!.fields!.notes![0]).toContain("1000");
    expect(await count()).toBe(before);
    const exactly = await call(bookingsRoute.action, "POST", "/api/bookings", { body: payload({ notes: "n".repeat(1000) }) });
    expect(exactly.status).toBe(201);
    const id = (exactly.body.data as { id: string }).id;
    const row = await db.kysely.selectFrom("bookings").select("notes").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.notes).toBe("n".repeat(1000));
  });

  it("with a Google key, finds a hotel by its name and books it directly", async () => {
    const found = await call(placesRoute.loader, "GET", "/api/places?q=Rixos&lng=en", { env: googleEnv() });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const suggestions = found.body.data as unknown as Array<{ id: string; label: string; kind: string }>;
    const hotel = suggestions.find((s) => s.label.startsWith("Rixos Premium Belek"));
    expect(hotel).toMatchObject({ id: "g:ChIJ_rixos", kind: "address" });
    // Google was asked for every kind of place in Turkey, establishments (lodging) included.
    const asked = google.requests.find((r) => r.path === "/v1/places:autocomplete")!;
    expect(asked.body).not.toHaveProperty("includedPrimaryTypes");

    const made = await call(bookingsRoute.action, "POST", "/api/bookings?lng=en", {
      env: googleEnv(),
      body: payload({ trip_type: "oneWay", dropoff_location: hotel!.label, dropoff_place_id: hotel!.id, dropoff_address: "Room 214" }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ dropoff_location: hotel!.label, dropoff_address: "Room 214" });
    const row = await db.kysely.selectFrom("bookings").select(["dropoff_lat", "dropoff_lng", "route_source"]).where("id", "=", made.body.data!.id as string).executeTakeFirstOrThrow();
    expect(row).toEqual({ dropoff_lat: 36.8513, dropoff_lng: 31.0327, route_source: "google" });
  });

  it("PATCH refuses moving a booking onto its car's taken time (409 car_unavailable, conflicts listed); override_reason saves and records it", async () => {
    const first = await call(bookingsRoute.action, "POST", "/api/bookings", { body: payload() });
    const second = await call(bookingsRoute.action, "POST", "/api/bookings", { body: payload() });
    expect([first.status, second.status]).toEqual([201, 201]);
    type Made = { id: string; reference: string; pickup_date: string };
    const a = first.body.data as Made;
    const b = second.body.data as Made;
    const when = new Date(Date.parse(a.pickup_date) + 3 * 3_600_000).toISOString();
    const move = { pickup_date: when.slice(0, 10), pickup_time: when.slice(11, 16) };
    const refused = await call(bookingRoute.action, "PATCH", `/api/bookings/${b.id}`, { auth: true, params: { id: b.id }, body: move });
    expect(refused.status).toBe(409);
    const error = refused.body.error as { code: string; message: string; conflicts?: Array<{ kind: string; reference?: string }> };
    expect(error.code).toBe("car_unavailable");
    expect(error.message).toContain(a.reference);
    expect(error.conflicts).toEqual([expect.objectContaining({ kind: "booking", reference: a.reference })]);
    const bad = await call(bookingRoute.action, "PATCH", `/api/bookings/${b.id}`, { auth: true, params: { id: b.id }, body: { ...move, override_reason: "" } });
    expect(bad.status).toBe(400);
    const saved = await call(bookingRoute.action, "PATCH", `/api/bookings/${b.id}`, { auth: true, params: { id: b.id }, body: { ...move, override_reason: "VIP müşteri, ikinci şoför ayarlandı" } });
    expect(saved.status).toBe(200);
    const events = (saved.body.data as { events: Array<{ changes: { override: string | null; fields: Array<{ field: string }> } | null }> }).events;
    expect(events.at(-1)!.changes).toMatchObject({ override: "VIP müşteri, ikinci şoför ayarlandı", fields: expect.arrayContaining([expect.objectContaining({ field: "pickup_date" })]) });
  });
});

describe.each(engines)("migration 0029 on %s", (engine) => {
  it("adds the four address columns, and takes them away again", async () => {
    const db = await testDb(engine);
    try {
      const row = () => db.kysely.selectFrom("bookings").select(["pickup_address", "dropoff_address", "return_pickup_address", "return_dropoff_address"]).limit(1).execute();
      await expect(row()).resolves.toEqual([]);
      await m0029.down(db.kysely as never);
      await expect(row()).rejects.toThrow();
      await m0029.up(db.kysely as never);
      await expect(row()).resolves.toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
