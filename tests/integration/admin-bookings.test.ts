import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kurus, kurusToLira } from "~/utils/money";
import { quoteForCar } from "~/booking/rules/pricing";
import { km } from "~/booking/rules/units";
import { rulesOf } from "~/pricing/pricing.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { changeBookingStatus, countBookings, deleteBooking, listBookingEvents, listBookings, parseBookingQuery } from "~/booking/index.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { getAdminBooking, listAdminBookings, toAdminBooking } from "~/routes/admin/booking-view.server";
import { parseBookingEdit } from "~/booking/rules/admin-edit";
import { updateBooking } from "~/booking/index.server";
import { MAX_PASSENGERS } from "~/booking/rules/capacity";
import { toBusinessParts } from "~/booking/rules/datetime";
import { BOOKING_STATUSES } from "~/booking/rules/status";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { saveSettings, getSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDay } from "../setup/trip-date";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const actor = { id: null, label: "Ofis", kind: "office" as const };
/** A clock after every trip of this file: the office marks a trip completed only from its pickup on (rules/lifecycle.ts). */
const AFTER_THE_TRIPS = new Date("2100-01-01T00:00:00Z");

/** The whole stream's bytes. */
const readAll = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

/** What the one price function charges, in lira, under the default rules: [km, start] per leg, distance-priced. */
function priceLira(category: string, ratePerKm: number, legs: Array<[number, string | null]>): number {
  const rules = rulesOf(DEFAULT_SETTINGS.pricing);
  const priced = legs.map(([k, at], i) => ({ leg: i === 0 ? ("outbound" as const) : ("return" as const), km: km(k), startsAt: at, fare: null }));
  return kurusToLira(quoteForCar({ car: { price_per_km: kurus(ratePerKm), price_per_day: null, category }, legs: priced, rules }).total);
}

describe.each(engines)("admin bookings on %s", (engine) => {
  let db: TestDb;
  let carId: string;
  let cheapCarId: string;
  let smallCarId: string;
  const N = 57;
  const NAMES = ["Ayşe Yılmaz", "Hans Müller", "Olga Ivanova", "John Smith", "Şule Çelik", "Günther Schmidt"];
  const PLACES = ["Belek", "Side", "Kemer", "Alanya", "Lara", "Kundu", "Manavgat", "Kaş"];

  beforeAll(async () => {
    db = await testDb(engine);
    carId = (await createCar(db.kysely, buildCar({ name: "Mercedes V-Class", seats: 6, luggage: 6, price_per_km: kurus(3000) }))).id;
    cheapCarId = (await createCar(db.kysely, buildCar({ name: "Fiat Egea", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(1000), price_per_day: null }))).id;
    smallCarId = (await createCar(db.kysely, buildCar({ name: "Mini Cooper", seats: 2, luggage: 1, price_per_km: kurus(1500), price_per_day: null }))).id;
    // Bookings made as customers make them, then moved through the statuses as the office does.
    const deps = { db: db.kysely, mailer };
    for (let i = 0; i < N; i++) {
      const booking = await createTestBooking(deps, {
        carId,
        fullName: i === 3 ? "=HYPERLINK(\"http://evil\")" : i === 4 ? "Çağrı Işık" : NAMES[i % NAMES.length]!,
        email: `guest.${i}@example.com`,
        phone: `+90 532 ${String(1_000_000 + i).slice(-7)}`,
        pickup: i === 3 ? { text: "istanbul havalimani", placeId: "ist-airport" } : { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        dropoff: { text: PLACES[i % PLACES.length]! },
        pickupAt: new Date(Date.now() + (3 + i) * 86_400_000 + i * 60_000).toISOString(),
        passengers: 1 + (i % 4),
      });
      const status = i === 4 ? "pending" : BOOKING_STATUSES[i % BOOKING_STATUSES.length]!;
      const path = { pending: [], confirmed: ["confirmed"], completed: ["completed"], cancelled: ["cancelled"] }[status] as Array<(typeof BOOKING_STATUSES)[number]>;
      for (const to of path) await changeBookingStatus(db.kysely, mailer, { id: booking.id, to, actor, note: to === "cancelled" ? "Müşteri vazgeçti" : "", now: AFTER_THE_TRIPS });
    }
  });
  afterAll(() => db.destroy());

  it("counts and pages 10 at a time, sorted by date either way", async () => {
    const first = await listBookings(db.kysely, {}, 1);
    expect(first.total).toBe(N);
    expect(first.pageCount).toBe(6);
    expect(first.bookings).toHaveLength(10);
    const dates = first.bookings.map((b) => b.pickup_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await listBookings(db.kysely, { sort: "asc" }, 6);
    expect(last.bookings).toHaveLength(N - 50);
    const lastDates = last.bookings.map((b) => b.pickup_date);
    expect([...lastDates].sort()).toEqual(lastDates);
    const beyond = await listBookings(db.kysely, {}, 99);
    expect(beyond.page).toBe(6);
  });

  it("counts only as far as asked past the page (the office's list shows \"1.000+\"), exactly below that", async () => {
    const ahead = { countAhead: 20 };
    const first = await listBookings(db.kysely, {}, 1, 10, ahead);
    expect(first).toMatchObject({ total: 20, more: true, page: 1, pageCount: 2 });
    // a later page counts further, and is the same page as with an exact count
    const third = await listBookings(db.kysely, {}, 3, 10, ahead);
    expect(third).toMatchObject({ total: 40, more: true, page: 3, pageCount: 4 });
    expect(third.bookings.map((b) => b.id)).toEqual((await listBookings(db.kysely, {}, 3)).bookings.map((b) => b.id));
    expect(await listBookings(db.kysely, {}, 5, 10, ahead)).toMatchObject({ total: N, more: false, pageCount: 6 });
    // a search alone (counted by its plan), a status, and a trip range (counted in two parts)
    expect(await listBookings(db.kysely, { q: "example.com" }, 1, 10, ahead)).toMatchObject({ total: 20, more: true });
    const searched = await listBookings(db.kysely, { q: "example.com", sort: "asc" }, 2, 10, ahead);
    expect(searched).toMatchObject({ total: 30, more: true, page: 2 });
    expect(searched.bookings.map((b) => b.id)).toEqual((await listBookings(db.kysely, { q: "example.com", sort: "asc" }, 2)).bookings.map((b) => b.id));
    expect(await listBookings(db.kysely, { q: "example.com", status: "confirmed" }, 1, 10, { countAhead: 10 })).toMatchObject({ total: 10, more: true });
    const upcoming = { trip: { from: new Date().toISOString() }, sort: "asc" as const };
    const soonest = await listBookings(db.kysely, upcoming, 2, 10, ahead);
    expect(soonest).toMatchObject({ total: 30, more: true, page: 2 });
    expect(soonest.bookings.map((b) => b.id)).toEqual((await listBookings(db.kysely, upcoming, 2)).bookings.map((b) => b.id));
    expect(await listBookings(db.kysely, { q: "nobody-like-this" }, 1, 10, ahead)).toMatchObject({ total: 0, more: false });
    // the admin API's count stays exact
    expect(await listBookings(db.kysely, {}, 1)).toMatchObject({ total: N, more: false });
  });

  it("filters by status in the database", async () => {
    const pending = await listBookings(db.kysely, { status: "pending" });
    expect(pending.bookings.every((b) => b.status === "pending")).toBe(true);
    expect(pending.total).toBe(await countBookings(db.kysely, { status: "pending" }));
    const counts = await Promise.all((["pending", "confirmed", "completed", "cancelled"] as const).map((s) => countBookings(db.kysely, { status: s })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(N);
  });

  it("searches name, e-mail, phone, reference and places with Turkish letters folded", async () => {
    for (const q of ["İSTANBUL HAVALİMANI", "istanbul havalimani", "Istanbul Havalimani"]) {
      const { bookings } = await listBookings(db.kysely, { q });
      // stored under the place's canonical name, not the typed text
      expect(bookings.map((b) => b.pickup_location), q).toContain("İstanbul Havalimanı (IST)");
    }
    expect((await listBookings(db.kysely, { q: "cagri isik" })).bookings.map((b) => b.full_name)).toEqual(["Çağrı Işık"]);
    const sample = (await listBookings(db.kysely, { sort: "asc" }, 2)).bookings[0]!;
    expect((await listBookings(db.kysely, { q: sample.email.toUpperCase() })).bookings.map((b) => b.id)).toContain(sample.id);
    expect((await listBookings(db.kysely, { q: sample.reference.toLowerCase() })).bookings.map((b) => b.id)).toContain(sample.id);
    const digits = sample.phone.replace(/\D/g, "");
    expect((await listBookings(db.kysely, { q: digits })).bookings.map((b) => b.id)).toContain(sample.id);
    expect((await listBookings(db.kysely, { q: "nobody-like-this" })).total).toBe(0);
    const both = await listBookings(db.kysely, { q: "cagri", status: "completed" });
    expect(both.total).toBe(0);
  });

  it("reads the query string into the work list's filter", () => {
    expect(parseBookingQuery(new URLSearchParams("q=%20Side%20&status=confirmed&page=3&sort=asc"))).toMatchObject({ q: "Side", status: "confirmed", page: 3, sort: "asc", problems: {} });
    expect(parseBookingQuery(new URLSearchParams("status=weird&page=-2&sort=x"))).toMatchObject({ q: undefined, status: undefined, page: 1, sort: "asc", view: "upcoming" });
  });

  it("confirms, completes and toggles back, recording each change and mailing the customer", async () => {
    const id = (await listBookings(db.kysely, { q: "cagri isik" })).bookings[0]!.id;
    const confirmed = await changeBookingStatus(db.kysely, mailer, { id, to: "confirmed", actor });
    expect(confirmed.ok).toBe(true);
    const completed = await changeBookingStatus(db.kysely, mailer, { id, to: "completed", actor, note: "Teslim edildi", now: AFTER_THE_TRIPS });
    expect(completed.ok && completed.booking.status).toBe("completed");
    const back = await changeBookingStatus(db.kysely, mailer, { id, to: "pending", actor });
    expect(back.ok && back.booking.status).toBe("pending");
    const events = await listBookingEvents(db.kysely, id);
    expect(events.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, "pending"],
      ["pending", "confirmed"],
      ["confirmed", "completed"],
      ["completed", "pending"],
    ]);
    expect(events[2]).toMatchObject({ by_label: "Ofis", note: "Teslim edildi" });
    const mails = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).where("kind", "=", "booking-status").execute();
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.kind === "booking-status")).toBe(true);
  });

  it("refuses changes the rules do not allow, and a cancel without a reason", async () => {
    const id = (await listBookings(db.kysely, { q: "cagri isik" })).bookings[0]!.id;
    const noReason = await changeBookingStatus(db.kysely, mailer, { id, to: "cancelled", actor, note: "  " });
    expect(noReason).toMatchObject({ ok: false, reason: "reason_required" });
    const cancelled = await changeBookingStatus(db.kysely, mailer, { id, to: "cancelled", actor, note: "Müşteri vazgeçti" });
    expect(cancelled.ok).toBe(true);
    for (const to of ["pending", "confirmed", "completed"] as const) {
      expect(await changeBookingStatus(db.kysely, mailer, { id, to, actor })).toMatchObject({ ok: false, reason: "not_allowed" });
    }
    expect(await changeBookingStatus(db.kysely, mailer, { id: "missing", to: "confirmed", actor })).toMatchObject({ ok: false, reason: "not_found" });
    const events = await listBookingEvents(db.kysely, id);
    expect(events.at(-1)).toMatchObject({ to_status: "cancelled", note: "Müşteri vazgeçti" });
  });

  it("mails nothing when status-change notifications are off", async () => {
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, notifications: { ...settings.notifications, bookingStatusChangeNotification: false } }, null);
    const target = (await listBookings(db.kysely, { status: "pending" })).bookings[0]!;
    const result = await changeBookingStatus(db.kysely, mailer, { id: target.id, to: "confirmed", actor });
    expect(result.ok && result.mailed).toBe(false);
    await saveSettings(db.kysely, settings, null);
  });

  it("edits contact, date and passengers, and reprices when the car or the distance changes", async () => {
    const target = (await listAdminBookings(db.kysely, { q: "cagri isik" })).bookings[0]!;
    const edited = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { phone: "+90 555 111 22 33", pickup_date: "2026-08-01", pickup_time: "14:30", passengers: 3 }, { actor });
    expect(edited.ok).toBe(true);
    if (!edited.ok) return;
    expect(edited.repriced).toBe(false);
    expect(toAdminBooking(edited.booking).pickup_date).toBe("2026-08-01T11:30:00.000Z");
    expect(toAdminBooking(edited.booking).total_price).toBe(target.total_price);
    expect((await listAdminBookings(db.kysely, { q: "5551112233" })).bookings.map((b) => b.id)).toEqual([target.id]);

    const outbound = target.distance_details.outbound!.distance_value!;
    const recar = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { car_id: cheapCarId }, { actor });
    expect(recar.ok && recar.repriced).toBe(true);
    // priced at the edited pickup (14:30, no night surcharge), whatever hour the seed gave the booking
    const legs = (outboundKm: number, returnKm: number | null): Array<[number, string | null]> =>
      target.trip_type === "roundTrip" ? [[outboundKm, toAdminBooking(edited.booking).pickup_date], [returnKm ?? outboundKm, target.return_date]] : [[outboundKm, toAdminBooking(edited.booking).pickup_date]];
    expect(recar.ok && toAdminBooking(recar.booking).total_price).toBe(priceLira("Sedan", 1000, legs(outbound, null)));
    expect(recar.ok && toAdminBooking(recar.booking).car?.name).toBe("Fiat Egea");

    const further = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { outbound_km: 200, ...(target.trip_type === "roundTrip" ? { return_km: 0 } : {}) }, { actor });
    expect(further.ok && toAdminBooking(further.booking).total_price).toBe(priceLira("Sedan", 1000, legs(200, 0)));
    expect(further.ok && toAdminBooking(further.booking).total_distance).toBe(200);

    const bad = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { car_id: "no-such-car" }, { actor });
    expect(bad).toMatchObject({ ok: false, reason: "invalid" });
    const far = tripDay(2 * 366 + 2);
    const tooFar = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { pickup_date: far }, { actor });
    expect(tooFar).toMatchObject({ ok: false, reason: "invalid", problem: { code: "admin:bookingEdit.messages.saveFailed" }, fields: { pickup_date: [{ code: "admin:bookingEdit.messages.dateTooFar" }] } });
    expect(await updateBooking(await testBookingDeps({ db: db.kysely }), "missing", { notes: "x" }, { actor })).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("adds a return leg to a one-way booking (back the way it came, repriced) and drops it again", async () => {
    const made = await createTestBooking({ db: db.kysely }, { carId, fullName: "Rückfahrt Später", pickupAt: new Date(Date.now() + 10 * 86_400_000).toISOString() });
    const before = (await getAdminBooking(db.kysely, made.id))!;
    expect(before.trip_type).toBe("oneWay");
    const outbound = before.distance_details.outbound!.distance_value!;
    const pickup = toBusinessParts(before.pickup_date);

    const missing = await updateBooking(await testBookingDeps({ db: db.kysely }), made.id, { trip_type: "roundTrip" }, { actor });
    expect(missing).toMatchObject({ ok: false, fields: { return_date: [{ code: "admin:bookingEdit.messages.returnLeg" }] } });

    const later = new Date(Math.floor((Date.parse(before.pickup_date) + 3 * 86_400_000) / 60_000) * 60_000).toISOString();
    const back = toBusinessParts(later);
    const round = await updateBooking(await testBookingDeps({ db: db.kysely }), made.id, { trip_type: "roundTrip", return_date: back.date, return_time: back.time }, { actor });
    expect(round.ok && round.repriced).toBe(true);
    if (!round.ok) return;
    expect(toAdminBooking(round.booking)).toMatchObject({
      trip_type: "roundTrip",
      return_pickup_location: before.dropoff_location,
      return_dropoff_location: before.pickup_location,
      return_date: later,
      total_distance: Math.round(outbound * 2 * 10) / 10,
      total_price: priceLira("VIP", 3000, [
        [outbound, before.pickup_date],
        [outbound, later],
      ]),
    });
    expect(toAdminBooking(round.booking).distance_details.return?.distance_value).toBe(outbound);

    const early = await updateBooking(await testBookingDeps({ db: db.kysely }), made.id, { return_date: pickup.date, return_time: "00:00" }, { actor });
    expect(early).toMatchObject({ ok: false, fields: { return_date: [{ code: "admin:bookingEdit.messages.returnBeforePickup" }] } });

    const oneWay = await updateBooking(await testBookingDeps({ db: db.kysely }), made.id, { trip_type: "oneWay" }, { actor });
    expect(oneWay.ok && toAdminBooking(oneWay.booking)).toMatchObject({ trip_type: "oneWay", return_date: null, return_pickup_location: null, total_distance: outbound, distance_details: { return: null } });
    expect(await deleteBooking(db.kysely, made.id)).toBe("deleted");
  });

  it("applies the customer's capacity rule to the office: the car's seats, one passenger bound", async () => {
    const target = (await listBookings(db.kysely, { q: "cagri isik" })).bookings[0]!;
    await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { car_id: carId, passengers: 3 }, { actor });
    const smaller = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { car_id: smallCarId }, { actor });
    expect(smaller).toMatchObject({ ok: false, reason: "invalid", fields: { car_id: [{ code: "booking:errors.tooManyPassengers", params: { seats: 2 } }] } });
    expect((await getAdminBooking(db.kysely, target.id))?.car?.name).toBe("Mercedes V-Class");
    const crowd = await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { passengers: 7 }, { actor });
    expect(crowd).toMatchObject({ ok: false, fields: { passengers: [{ code: "booking:errors.tooManyPassengers", params: { seats: 6 } }] } });
    expect(await updateBooking(await testBookingDeps({ db: db.kysely }), target.id, { passengers: 6 }, { actor })).toMatchObject({ ok: true, booking: { passengers: 6 } });
    const parsed = parseBookingEdit({ passengers: "61" });
    expect(parsed).toEqual({ ok: false, fields: { passengers: [{ code: "admin:bookingEdit.messages.passengers", params: { max: MAX_PASSENGERS } }] } });
  });

  it("exports the current filter as CSV with a BOM, the office's columns and formulas neutralised", async () => {
    const bytes = await readAll(bookingsCsvStream(db.kysely, {}, 7));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trimEnd().split("\r\n");
    // Semicolons for Turkish Excel; both legs, flight, passengers, luggage, amounts (csv.test.ts reads a row as Excel would).
    expect(lines[0]).toBe(
      "Rezervasyon No;Durum;Müşteri;E-posta;Telefon;Gidiş Alış Noktası;Gidiş Bırakış Noktası;Gidiş Tarihi ve Saati;" +
        "Gidiş Alış Oteli / Adresi;Gidiş Bırakış Oteli / Adresi;Dönüş Alış Noktası;Dönüş Bırakış Noktası;Dönüş Tarihi ve Saati;" +
        "Dönüş Alış Oteli / Adresi;Dönüş Bırakış Oteli / Adresi;Uçuş No;Yolcu;Bagaj;Araç;Hizmet;Saat;Ekstralar;Mesafe (km);Tutar (₺);Para birimi;Tutar (para birimi);Notlar;Oluşturulma Tarihi;Kanal;Ödeme durumu;Ödenen (TL);Kalan (TL);Özel bagaj",
    );
    expect(lines).toHaveLength(N + 1);
    const evil = lines.find((l) => l.includes("HYPERLINK"))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("Çağrı Işık");
    const ids = new Set(lines.slice(1).map((l) => l.split(";")[0]));
    expect(ids.size).toBe(N);
    const filtered = new TextDecoder().decode(await readAll(bookingsCsvStream(db.kysely, { status: "cancelled" })));
    const rows = filtered.trimEnd().split("\r\n").slice(1);
    expect(rows.length).toBe(await countBookings(db.kysely, { status: "cancelled" }));
    expect(rows.every((r) => r.includes("İptal Edildi"))).toBe(true);
  });

  it("deletes a booking with its history", async () => {
    const target = (await listBookings(db.kysely, { q: "cagri isik" })).bookings[0]!;
    expect(await deleteBooking(db.kysely, target.id)).toBe("deleted");
    expect(await getAdminBooking(db.kysely, target.id)).toBeUndefined();
    expect(await listBookingEvents(db.kysely, target.id)).toEqual([]);
    expect(await deleteBooking(db.kysely, target.id)).toBe("not_found");
  });
});
