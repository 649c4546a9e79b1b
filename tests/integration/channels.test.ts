/**
 * Where bookings come from (issue 29 part 2): every booking records its channel — the site, the
 * API, or the office's phone, WhatsApp, e-mail and desk — the list and the admin API filter by it
 * (an unknown one is named, never silently ignored), the CSV exports it in the admin language and
 * the dashboard counts this month's bookings by it. Bookings are made through the production write
 * path; requests go through React Router's handler with real sessions.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/admin/stats.server";
import { createSession } from "~/auth/session.server";
import { checkBookingQuery, listBookings, parseBookingQuery } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { createMailer } from "~/server/mail.server";
import { buildCar, createTestBooking, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { parseExcelCsv } from "../setup/excel-csv";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const log = pino({ level: "silent" });
/** The export's text with its byte-order mark kept (Response.text() would drop it). */
const csvText = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
const SESSION_SECRET = "channels-test-session-secret-0123456789abcdef";

describe.each(engines)("booking channels on %s", (engine) => {
  let db: TestDb;
  let admin: string;
  const ids: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });

  beforeAll(async () => {
    db = await testDb(engine);
    admin = (await createTestUser(db.kysely, { role: "admin" })).id;
    const car = (await createCar(db.kysely, buildCar({ name: "Kanal Vito" }))).id;
    const deps = { db: db.kysely, mailer };
    ids.site = (await createTestBooking(deps, { carId: car, fullName: "Site Misafir" })).id;
    ids.phone = (await createTestBooking(deps, { carId: car, fullName: "Telefon Misafir" }, { channel: "phone" })).id;
    ids.phone2 = (await createTestBooking(deps, { carId: car, fullName: "Telefon İki" }, { channel: "phone" })).id;
    ids.whatsapp = (await createTestBooking(deps, { carId: car, fullName: "WhatsApp Misafir" }, { channel: "whatsapp" })).id;
  });
  afterAll(() => db.destroy());

  /** As the admin, or (`visitor`) as anyone: a staff session's POST /api/bookings is the office's entry. */
  async function send(method: string, path: string, body?: object, as: "admin" | "visitor" = "admin") {
    const headers: Record<string, string> = {};
    if (as === "admin") headers.authorization = `Bearer ${(await createSession(db.kysely, admin, { remember: false })).token}`;
    if (body) headers["content-type"] = "application/json";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET }, mailer, clientIp: "10.29.0.1" });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined }), context);
    return { status: response.status, body: (await response.json()) as { data?: unknown; error?: { fields?: Record<string, string[]> } } };
  }

  const list = async (qs: string) => {
    const query = await checkBookingQuery(db.kysely, parseBookingQuery(new URLSearchParams(qs)));
    const page = await listBookings(db.kysely, query, 1, 50);
    return { problems: query.problems, ids: page.bookings.map((b) => b.id).sort() };
  };

  it("records the site when nothing else is said, and the channel the caller names", async () => {
    const rows = await db.kysely.selectFrom("bookings").select(["id", "channel"]).where("id", "in", Object.values(ids)).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.channel]));
    expect(byId).toEqual({ [ids.site!]: "site", [ids.phone!]: "phone", [ids.phone2!]: "phone", [ids.whatsapp!]: "whatsapp" });
  });

  it("records a booking through the public API as api, and answers with it", async () => {
    const car = (await createCar(db.kysely, buildCar({ name: "API Vito" }))).id;
    const made = await send("POST", "/api/bookings", {
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${tripDay(40)}T10:00:00+03:00`,
      passengers: 2,
      car_id: car,
      full_name: "API Misafir",
      email: "api@example.com",
      phone: "+49 151 2345678",
      flight_number: "DE 1234",
    }, "visitor");
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const booking = made.body.data as { id: string; channel: string };
    expect(booking.channel).toBe("api");
    ids.api = booking.id;
  });

  it("filters the list by channel, alone and with a search, and names an unknown channel", async () => {
    expect((await list("view=all&channel=phone")).ids).toEqual([ids.phone, ids.phone2].sort());
    expect((await list("view=all&channel=whatsapp&q=misafir")).ids).toEqual([ids.whatsapp]);
    expect((await list("view=all&channel=desk")).ids).toEqual([]);
    const unknown = await list("view=all&channel=fax");
    expect(unknown.problems.channel?.map((p) => p.code)).toEqual(["admin:worklist.errors.channel"]);
    // the unreadable filter is left out, not applied as "nothing"
    expect(unknown.ids.length).toBeGreaterThanOrEqual(4);
  });

  it("answers the admin API's list by channel with each booking's channel, and a 400 for an unknown one", async () => {
    const phone = await send("GET", "/api/bookings?view=all&channel=phone");
    expect(phone.status).toBe(200);
    const rows = phone.body.data as Array<{ id: string; channel: string }>;
    expect(rows.map((b) => b.id).sort()).toEqual([ids.phone, ids.phone2].sort());
    expect(new Set(rows.map((b) => b.channel))).toEqual(new Set(["phone"]));
    const one = await send("GET", `/api/bookings/${ids.whatsapp}`);
    expect((one.body.data as { channel: string }).channel).toBe("whatsapp");
    const bad = await send("GET", "/api/bookings?channel=fax");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.channel).toBeDefined();
  });

  it("exports the channel in the admin language, and follows the filter", async () => {
    const text = await csvText(bookingsCsvStream(db.kysely, parseBookingQuery(new URLSearchParams("view=all&channel=phone"))));
    const [header, ...rows] = parseExcelCsv(text);
    const column = header!.indexOf("Kanal");
    expect(column).toBeGreaterThan(0);
    expect(rows.map((r) => r[column])).toEqual(["Telefon", "Telefon"]);
    const english = await csvText(bookingsCsvStream(db.kysely, parseBookingQuery(new URLSearchParams("view=all&channel=whatsapp")), 1000, "en"));
    const [enHeader, ...enRows] = parseExcelCsv(english);
    expect(enRows.map((r) => r[enHeader!.indexOf("Channel")])).toEqual(["WhatsApp"]);
  });

  it("counts this month's bookings by channel on the dashboard and in its API", async () => {
    const { channels } = await getDashboard(db.kysely);
    expect(channels).toEqual({ site: 1, api: 1, phone: 2, whatsapp: 1, email: 0, desk: 0, partner: 0 });
    const api = await send("GET", "/api/stats/dashboard");
    expect((api.body.data as { channels: unknown }).channels).toEqual(channels);
    expect(Object.keys((api.body.data as { operations: Record<string, unknown> }).operations).sort()).toEqual(["openQuotes", "pending", "today", "tomorrow"]);
  });
});
