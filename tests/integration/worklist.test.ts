/**
 * The bookings list as a work list (issue 13 parts 2, 5, 6): trip dates on either leg, car,
 * status, quick views as of a given moment, upcoming-first order, phone numbers in any format and
 * flight numbers found, the CSV following the filters and read back as Turkish Excel reads it,
 * and the admin API answering the same query (400 for what it cannot read). Bookings are made
 * through the production write path.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { Migrator } from "kysely";
import { checkBookingQuery, listBookings, parseBookingQuery } from "~/booking/index.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { bookingSearchText } from "~/booking/rules/booking-row";
import { toBusinessParts } from "~/booking/rules/datetime";
import { migrateToLatest } from "~/server/db/connection.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import * as bookingsRoute from "~/routes/api/bookings";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { migrations } from "../../db/migrations";
import { engines, testDb, type TestDb } from "../setup/db";
import { parseExcelCsv } from "../setup/excel-csv";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const DAY = 86_400_000;
/** 10:00 Istanbul on the day `days` from today: a time of day fixed in Istanbul. */
function at(days: number, hour = 10, minute = 0): string {
  const date = toBusinessParts(new Date(Date.now() + days * DAY)).date;
  return new Date(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00+03:00`).toISOString();
}
const dayOf = (iso: string) => toBusinessParts(iso).date;
/** The export's text with its byte-order mark kept (Response.text() would drop it). */
const csvText = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe.each(engines)("work list on %s", (engine) => {
  let db: TestDb;
  let token: string;
  let vito: string;
  let egea: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    vito = (await createCar(db.kysely, buildCar({ name: "Mercedes Vito" }))).id;
    egea = (await createCar(db.kysely, buildCar({ name: "Fiat Egea" }))).id;
    const deps = { db: db.kysely, mailer };
    ids.d10 = (await createTestBooking(deps, { carId: vito, fullName: "On Gün", pickupAt: at(10), phone: "05321112233", flightNumber: "TK 2412" })).id;
    ids.d11 = (await createTestBooking(deps, { carId: egea, fullName: "On Bir Gün", pickupAt: at(11), phone: "+90 532 111 22 44" })).id;
    ids.d12 = (await createTestBooking(deps, { carId: vito, fullName: "On İki Gün", pickupAt: at(12, 23, 30), phone: "532 111 2255", flightNumber: "pc1234" })).id;
    // a round trip: outbound on day 20, return on day 25
    ids.round = (
      await createTestBooking(deps, {
        carId: egea,
        fullName: "Gidiş Dönüş",
        tripType: "roundTrip",
        pickupAt: at(20),
        returnPickup: { text: "Belek" },
        returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        returnAt: at(25, 18),
        notes: 'Bebek koltuğu; "iki" adet\nkapıda karşılama',
      })
    ).id;
  });
  afterAll(() => db.destroy());

  /** GET /api/bookings as an admin API client calls it. */
  async function api(path: string): Promise<{ status: number; body: { data?: Array<{ id: string }>; error?: unknown } }> {
    const context = testAppContext(db, { mailer });
    const request = new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
    const result = (await bookingsRoute.loader({ request, context, params: {} } as never)) as unknown as { init?: { status?: number }; data: never };
    return { status: result.init?.status ?? 200, body: result.data };
  }

  const list = async (qs: string, now = new Date()) => {
    const query = await checkBookingQuery(db.kysely, parseBookingQuery(new URLSearchParams(qs), now));
    const page = await listBookings(db.kysely, query, query.page);
    return { query, ids: page.bookings.map((b) => b.id), total: page.total };
  };

  it("finds a booking by either leg's date", async () => {
    expect((await list(`from=${dayOf(at(25))}&to=${dayOf(at(25))}`)).ids).toEqual([ids.round]);
    expect((await list(`from=${dayOf(at(20))}&to=${dayOf(at(20))}`)).ids).toEqual([ids.round]);
    expect((await list(`from=${dayOf(at(21))}&to=${dayOf(at(24))}`)).ids).toEqual([]);
    // 23:30 in Istanbul on day 12 belongs to day 12, not to the next UTC day
    expect((await list(`from=${dayOf(at(12))}&to=${dayOf(at(12))}`)).ids).toEqual([ids.d12]);
    expect((await list(`from=${dayOf(at(11))}&to=${dayOf(at(20))}`)).ids).toEqual([ids.d11, ids.d12, ids.round]);
    expect((await list(`to=${dayOf(at(11))}`)).ids).toEqual([ids.d10, ids.d11]);
  });

  it("filters by car and status, and names an unknown car instead of ignoring it silently", async () => {
    expect((await list(`car=${vito}`)).ids).toEqual([ids.d10, ids.d12]);
    expect((await list(`car=${egea}&from=${dayOf(at(25))}`)).ids).toEqual([ids.round]);
    expect((await list("status=confirmed")).ids).toEqual([]);
    expect((await list("status=pending")).total).toBe(4);
    const unknown = await list("car=no-such-car");
    expect(unknown.query.problems).toEqual({ car: [{ code: "admin:worklist.errors.car" }] });
    expect(unknown.query.input.car).toBe("no-such-car");
  });

  it("opens on the upcoming trips, soonest first, as of now; the past view is newest first", async () => {
    expect((await list("")).ids).toEqual([ids.d10, ids.d11, ids.d12, ids.round]);
    // seen on day 11 at noon: day 10 and day 11's 10:00 trip are past
    const noon11 = new Date(at(11, 12));
    expect((await list("", noon11)).ids).toEqual([ids.d12, ids.round]);
    expect((await list("view=past", noon11)).ids).toEqual([ids.d11, ids.d10]);
    // during the round trip (day 22) it is both past (outbound) and upcoming (return)
    const day22 = new Date(at(22));
    expect((await list("", day22)).ids).toEqual([ids.round]);
    expect((await list("view=past", day22)).ids).toEqual([ids.round, ids.d12, ids.d11, ids.d10]);
    // quick views as the office sees them on day 11 / day 24
    expect((await list("view=today", noon11)).ids).toEqual([ids.d11]);
    expect((await list("view=tomorrow", noon11)).ids).toEqual([ids.d12]);
    expect((await list("view=tomorrow", new Date(at(24)))).ids).toEqual([ids.round]);
    expect((await list("view=all")).ids).toEqual([ids.round, ids.d12, ids.d11, ids.d10]);
  });

  it.each(["05321112233", "+90 532 111 22 33", "532 111 2233", "0532 111 22 33"])("finds a phone typed as %s", async (q) => {
    expect((await list(`q=${encodeURIComponent(q)}`)).ids).toEqual([ids.d10]);
  });

  it("finds each phone format by each of the three forms", async () => {
    for (const [id, digits] of [
      [ids.d11, "1112244"],
      [ids.d12, "1112255"],
    ] as const) {
      const [a, b] = [digits.slice(0, 3), digits.slice(3)];
      for (const q of [`0532${digits}`, `+90 532 ${a} ${b.slice(0, 2)} ${b.slice(2)}`, `532 ${a} ${b}`]) {
        expect((await list(`q=${encodeURIComponent(q)}`)).ids, q).toEqual([id]);
      }
    }
  });

  it("finds flight numbers however they are typed", async () => {
    for (const q of ["tk2412", "TK 2412", "TK2412", "tk 2412"]) expect((await list(`q=${encodeURIComponent(q)}`)).ids, q).toEqual([ids.d10]);
    for (const q of ["PC 1234", "pc1234"]) expect((await list(`q=${encodeURIComponent(q)}`)).ids, q).toEqual([ids.d12]);
  });

  it("exports what the list shows, as Turkish Excel reads it", async () => {
    const query = parseBookingQuery(new URLSearchParams(`car=${egea}`));
    const text = await csvText(bookingsCsvStream(db.kysely, query));
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseExcelCsv(text);
    const [header, ...body] = rows;
    expect(body.map((r) => r[0])).toHaveLength(2);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const round = body.find((r) => cell(r, "Müşteri") === "Gidiş Dönüş")!;
    expect(cell(round, "Notlar")).toBe('Bebek koltuğu; "iki" adet\nkapıda karşılama');
    expect(cell(round, "Gidiş Tarihi ve Saati")).toBe(`${dayOf(at(20)).split("-").reverse().join(".")} 10:00`);
    expect(cell(round, "Dönüş Tarihi ve Saati")).toBe(`${dayOf(at(25)).split("-").reverse().join(".")} 18:00`);
    expect(cell(round, "Dönüş Alış Noktası")).toMatch(/^Belek/);
    expect(cell(round, "Araç")).toBe("Fiat Egea");
    expect(cell(round, "Durum")).toBe("Beklemede");
    expect(cell(round, "Tutar (₺)")).toMatch(/^\d+,\d{2}$/);
    expect(cell(round, "Mesafe (km)")).toMatch(/^\d+(,\d+)?$/);
    // the filter is followed: the other car's bookings are not in it
    expect(body.some((r) => cell(r, "Araç") === "Mercedes Vito")).toBe(false);
    const byDate = parseExcelCsv(await csvText(bookingsCsvStream(db.kysely, parseBookingQuery(new URLSearchParams(`from=${dayOf(at(12))}&to=${dayOf(at(12))}`)))));
    expect(byDate.slice(1).map((r) => r[header!.indexOf("Müşteri")])).toEqual(["On İki Gün"]);
    const flight = parseExcelCsv(await csvText(bookingsCsvStream(db.kysely, parseBookingQuery(new URLSearchParams("q=tk2412")))));
    expect(flight[1]![header!.indexOf("Uçuş No")]).toBe("TK 2412");
  });

  it("answers the same query on GET /api/bookings, and a 400 naming what it cannot read", async () => {
    const ok = await api(`/api/bookings?from=${dayOf(at(25))}&to=${dayOf(at(25))}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data!.map((b) => b.id)).toEqual([ids.round]);
    const upcoming = await api(`/api/bookings?car=${vito}`);
    expect(upcoming.body.data!.map((b) => b.id)).toEqual([ids.d10, ids.d12]);
    const bad = await api("/api/bookings?from=2026-13-45&to=2020-01-01&car=nope&view=someday");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: {
        code: "validation_failed",
        fieldCodes: { from: ["admin:worklist.errors.date"], car: ["admin:worklist.errors.car"], view: ["admin:worklist.errors.view"] },
        fields: { from: ["Geçerli bir tarih girin (YYYY-AA-GG)."] },
      },
    });
    const reversed = await api("/api/bookings?from=2026-12-20&to=2026-12-15");
    expect(reversed.body).toMatchObject({ error: { fieldCodes: { to: ["admin:worklist.errors.order"] } } });
  });

  it("pages through round trips under way and trips starting in the range, in order either way", async () => {
    const deps = { db: db.kysely, mailer };
    const d23 = (await createTestBooking(deps, { carId: vito, fullName: "Yirmi Üç", pickupAt: at(23) })).id;
    const d27 = (await createTestBooking(deps, { carId: vito, fullName: "Yirmi Yedi", pickupAt: at(27) })).id;
    const from = dayOf(at(22));
    const pages = async (sort: "asc" | "desc", size: number) => {
      const query = parseBookingQuery(new URLSearchParams(`from=${from}&sort=${sort}`));
      const seen: string[] = [];
      for (let p = 1; p <= 4; p++) {
        const page = await listBookings(db.kysely, query, p, size);
        expect(page.total).toBe(3);
        if (p <= page.pageCount) seen.push(...page.bookings.map((b) => b.id));
      }
      return seen;
    };
    // the round trip's outbound (day 20) is before the range, its return (day 25) in it
    expect(await pages("asc", 1)).toEqual([ids.round, d23, d27]);
    expect(await pages("asc", 2)).toEqual([ids.round, d23, d27]);
    expect(await pages("desc", 1)).toEqual([d27, d23, ids.round]);
    expect(await pages("desc", 2)).toEqual([d27, d23, ids.round]);
    // a page beyond the last is the last
    const beyond = await listBookings(db.kysely, parseBookingQuery(new URLSearchParams(`from=${from}`)), 9, 2);
    expect(beyond).toMatchObject({ page: 2, pageCount: 2 });
    expect(beyond.bookings.map((b) => b.id)).toEqual([d27]);
    // the CSV reads the same range in one pass
    const rows = parseExcelCsv(await csvText(bookingsCsvStream(db.kysely, parseBookingQuery(new URLSearchParams(`from=${from}`)))));
    expect(rows.slice(1).map((r) => r[2])).toEqual(["Gidiş Dönüş", "Yirmi Üç", "Yirmi Yedi"]);
  });

  it("re-indexes existing rows with flight numbers and bare mobiles (migration 0035), and back on the way down", async () => {
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
    expect((await migrator.migrateTo("0033_bookings_car_legs_idx")).error).toBeUndefined();
    expect((await list("q=tk2412")).ids).toEqual([]);
    expect((await list("q=05321112255")).ids).toEqual([]);
    await migrateToLatest(db);
    const rows = await db.kysely.selectFrom("bookings").selectAll().execute();
    for (const row of rows) expect(row.search_text, row.id).toBe(bookingSearchText(row));
    expect((await list("q=tk2412")).ids).toEqual([ids.d10]);
    expect((await list("q=05321112255")).ids).toEqual([ids.d12]);
  });
});
