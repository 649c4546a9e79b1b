/**
 * The guest manages their booking from the private link (issue 16), through the office's write
 * paths: the cut-offs at their edges in Istanbul time (one minute either side), the new time
 * re-priced by the one pricing function (into the night window: the night surcharge), previewed
 * without writing, refused when the car is taken or the price moved; the free cancellation at its
 * edge; every change recorded as the customer's, flagged for the office until "Gördüm", and mailed
 * to the guest (their language) and the office (Turkish) through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { seedPricing } from "../../db/seed/pricing";
import { listBookingEvents } from "~/booking/index.server";
import { getAdminBooking } from "~/routes/admin/booking-view.server";
import { readPriceLines } from "~/booking/rules/booked-extras";
import type { BookingDeps } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { acknowledgeGuestChange, guestCancel, guestChangeDetails, guestChangeTimes } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import type { BookingRow } from "~/server/db/schema";
import { readSection } from "~/settings/settings";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";
import { engines, testDb, type TestDb } from "../setup/db";

const DAY = 86_400_000;
const MINUTE = 60_000;
/** An Istanbul wall-clock time `days` from today, as the stored UTC instant. */
const istanbul = (days: number, time: string) => new Date(`${toBusinessParts(new Date(Date.now() + days * DAY)).date}T${time}:00+03:00`).toISOString();
const shift = (instant: string, ms: number) => new Date(Date.parse(instant) + ms);

describe.each(engines)("guest manages the booking on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let carId: string;
  let otherCar: string;
  let day = 12;

  beforeAll(async () => {
    db = await testDb(engine);
    await seedPricing(db.kysely);
    deps = await testBookingDeps({ db: db.kysely });
    carId = (await createCar(db.kysely, buildCar({ name: "Guest Sedan", category: "Sedan", seats: 4, luggage: 3, price_per_km: kurus(2500), price_per_day: null }))).id;
    otherCar = (await createCar(db.kysely, buildCar({ name: "Guest Van", category: "Minivan", seats: 7, luggage: 7, price_per_km: kurus(3000), price_per_day: null }))).id;
    // Cut-offs of their own, so each edge is the settings' and not the defaults'.
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, changeCutoffHours: 24, cancelCutoffHours: 48 } }, null);
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  /** A booking at 14:00 Istanbul, a few days apart from the others, in Russian. */
  const book = (overrides: Parameters<typeof createTestBooking>[1] extends infer R ? Partial<R> : never = {}) =>
    createTestBooking(deps, { carId, pickupAt: istanbul(day++ * 3, "14:00"), fullName: "Ольга Иванова", email: "olga@example.com", luggage: 2, ...overrides }, { locale: "ru" });
  const mails = (id: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).orderBy("created_at").execute();
  const row = (id: string) => db.kysely.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const newTime = (b: BookingRow, time: string) => ({ date: toBusinessParts(b.pickup_date).date, time });
  /** The instant of `time` on the booking's pickup day, Istanbul time. */
  const sameDay = (b: BookingRow, time: string) => new Date(`${toBusinessParts(b.pickup_date).date}T${time}:00+03:00`).toISOString();

  it("reads stored settings without the new keys with their defaults (24 h)", () => {
    expect(readSection("booking", { leadTimeHours: 6 })).toMatchObject({ leadTimeHours: 6, changeCutoffHours: 24, cancelCutoffHours: 24 });
    expect(readSection("booking", { changeCutoffHours: 169, cancelCutoffHours: 1.5 })).toMatchObject({ changeCutoffHours: 24, cancelCutoffHours: 24 });
  });

  it("previews a move into the night window with the night surcharge, writes nothing, then confirms it as the customer", async () => {
    const booking = await book();
    const justBefore = shift(booking.pickup_date, -24 * 60 * MINUTE - MINUTE);
    const previewed = await guestChangeTimes(deps, booking, newTime(booking, "23:00"), null, justBefore);
    expect(previewed.ok && "preview" in previewed).toBe(true);
    if (!previewed.ok || !("preview" in previewed)) return;
    const { preview } = previewed;
    expect(preview.oldTotal).toBe(booking.total_price);
    expect(preview.newTotal).toBeGreaterThan(preview.oldTotal);
    expect(preview.pickupAt).toBe(sameDay(booking, "23:00"));
    // Nothing written by the preview: time, price, history, flag, mails.
    const unchanged = await row(booking.id);
    expect(unchanged).toMatchObject({ pickup_date: booking.pickup_date, total_price: booking.total_price, guest_change: null });
    expect((await listBookingEvents(db.kysely, booking.id)).filter((e) => e.changes)).toHaveLength(0);
    const before = (await mails(booking.id)).length;

    const done = await guestChangeTimes(deps, booking, newTime(booking, "23:00"), { expectedTotal: preview.newTotal }, justBefore);
    expect(done).toEqual({ ok: true, changed: true });
    const after = await row(booking.id);
    expect(after.total_price).toBe(preview.newTotal);
    expect(readPriceLines(after).some((l) => l.kind === "night")).toBe(true);
    expect(after.guest_change).toBe("changed");
    expect(after.guest_changed_at).not.toBeNull();
    const events = (await listBookingEvents(db.kysely, booking.id)).filter((e) => e.changes);
    expect(events).toHaveLength(1);
    expect(events[0]!.by_label).toBe("customer");
    expect(events[0]!.changes!.fields.map((c) => c.field)).toEqual(expect.arrayContaining(["pickup_date", "total_price"]));

    const queued = (await mails(booking.id)).slice(before);
    const guest = queued.find((m) => m.kind === "guest-change");
    const office = queued.find((m) => m.kind === "office-guest-change");
    expect(guest).toMatchObject({ to_address: "olga@example.com", locale: "ru" });
    expect(guest!.subject).toContain("Вы изменили бронирование");
    expect(guest!.text_body).toContain("Время подачи");
    expect(office).toMatchObject({ to_address: "office@example.com", locale: "tr" });
    expect(office!.subject).toContain("Müşteri rezervasyonu değiştirdi");
    expect(office!.text_body).toContain("Alış zamanı");
    // The office's own change mail ("Our office has made…") is not sent for the guest's change.
    expect(queued.some((m) => m.kind === "booking-change")).toBe(false);

    // The office sees it and clears the flag.
    expect((await getAdminBooking(db.kysely, booking.id))!.guest_change).toBe("changed");
    await acknowledgeGuestChange(db.kysely, booking.id);
    expect(await getAdminBooking(db.kysely, booking.id)).toMatchObject({ guest_change: null, guest_changed_at: null });
  });

  it("refuses a time change from the cut-off's minute on (Istanbul time), and the details stay open", async () => {
    const booking = await book();
    const justAfter = shift(booking.pickup_date, -24 * 60 * MINUTE + MINUTE);
    const refused = await guestChangeTimes(deps, booking, newTime(booking, "16:00"), null, justAfter);
    expect(refused).toMatchObject({ ok: false, problem: { code: "booking:manage.errors.changeClosed" } });
    const details = await guestChangeDetails(deps, booking, { flightNumber: "TK 1", signText: "", passengers: 3, luggage: 1, notes: "Детское кресло" }, justAfter);
    expect(details).toEqual({ ok: true, changed: true });
    const after = await row(booking.id);
    expect(after).toMatchObject({ pickup_date: booking.pickup_date, passengers: 3, luggage: 1, flight_number: "TK 1", notes: "Детское кресло", guest_change: "changed" });
    const event = (await listBookingEvents(db.kysely, booking.id)).find((e) => e.changes);
    expect(event!.by_label).toBe("customer");
    expect(event!.changes!.fields.map((c) => c.field)).toEqual(expect.arrayContaining(["passengers", "luggage", "flight_number", "notes"]));
    // After the pickup nothing is open.
    const afterPickup = await guestChangeDetails(deps, booking, { flightNumber: "TK 2", signText: "", passengers: 2, luggage: 1, notes: "" }, shift(booking.pickup_date, MINUTE));
    expect(afterPickup).toMatchObject({ ok: false, problem: { code: "booking:manage.errors.detailsClosed" } });
  });

  it("keeps the car's capacity and the airport's flight rule on the details", async () => {
    const booking = await book();
    const now = shift(booking.pickup_date, -3 * DAY);
    const tooMany = await guestChangeDetails(deps, booking, { flightNumber: "TK 1", signText: "", passengers: 5, luggage: 5, notes: "" }, now);
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) {
      expect(tooMany.fields.passengers?.[0]?.code).toBe("booking:errors.tooManyPassengers");
      expect(tooMany.fields.luggage?.[0]?.code).toBe("booking:errors.tooMuchLuggage");
    }
    const noFlight = await guestChangeDetails(deps, booking, { flightNumber: " ", signText: "", passengers: 2, luggage: 1, notes: "" }, now);
    expect(noFlight).toMatchObject({ ok: false, fields: { flightNumber: [{ code: "booking:errors.flightRequired" }] } });
    expect(await row(booking.id)).toMatchObject({ passengers: 2, luggage: 2, guest_change: null });
  });

  it("changes the name on the sign through the booked extras", async () => {
    const booking = await book({ extras: [{ code: "name-sign", quantity: 1, text: "Olga" }] });
    const result = await guestChangeDetails(deps, booking, { flightNumber: "XQ 9001", signText: "Olga Ivanova", passengers: 2, luggage: 2, notes: "" }, shift(booking.pickup_date, -DAY));
    expect(result).toEqual({ ok: true, changed: true });
    expect(JSON.parse((await row(booking.id)).extras)).toEqual([expect.objectContaining({ code: "name-sign", text: "Olga Ivanova" })]);
    const empty = await guestChangeDetails(deps, booking, { flightNumber: "XQ 9001", signText: "", passengers: 2, luggage: 2, notes: "" }, shift(booking.pickup_date, -DAY));
    expect(empty).toMatchObject({ ok: false, fields: { signText: [{ code: "booking:errors.extraText" }] } });
  });

  it("refuses a new time when the car is taken then, and a confirmation at a price that moved, writing nothing", async () => {
    const booking = await book();
    await createTestBooking(deps, { carId, pickupAt: sameDay(booking, "18:00") });
    const now = shift(booking.pickup_date, -5 * DAY);
    const taken = await guestChangeTimes(deps, booking, newTime(booking, "18:00"), null, now);
    expect(taken).toMatchObject({ ok: false, problem: { code: "booking:errors.carBusy" }, fields: { date: [{ code: "booking:errors.carBusy" }] } });
    const moved = await guestChangeTimes(deps, booking, newTime(booking, "10:00"), { expectedTotal: booking.total_price + 100 }, now);
    expect(moved).toMatchObject({ ok: false, priceChanged: true, problem: { code: "booking:manage.errors.priceChanged" } });
    expect(await row(booking.id)).toMatchObject({ pickup_date: booking.pickup_date, guest_change: null });
    // A new pickup sooner than the change cut-off from now is refused too.
    const soon = await guestChangeTimes(deps, booking, { date: toBusinessParts(shift(now.toISOString(), 2 * 3_600_000)).date, time: toBusinessParts(shift(now.toISOString(), 2 * 3_600_000)).time }, null, now);
    expect(soon).toMatchObject({ ok: false, fields: { date: [{ code: "booking:manage.errors.newTimeTooSoon", params: { hours: 24 } }] } });
    expect(otherCar).toBeTruthy();
  });

  it("moves both legs of a round trip, its cut-off counting from the first pickup", async () => {
    const booking = await book({
      tripType: "roundTrip",
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
      returnAt: istanbul(day * 3 + 5, "10:00"),
    });
    const returnDay = toBusinessParts(booking.return_date!).date;
    const times = { ...newTime(booking, "15:00"), returnDate: returnDay, returnTime: "12:00" };
    // A day before the first pickup (the return is days later): closed.
    expect(await guestChangeTimes(deps, booking, times, null, shift(booking.pickup_date, -23 * 3_600_000))).toMatchObject({ ok: false, problem: { code: "booking:manage.errors.changeClosed" } });
    const now = shift(booking.pickup_date, -3 * DAY);
    const previewed = await guestChangeTimes(deps, booking, times, null, now);
    expect(previewed).toMatchObject({ ok: true, preview: { pickupAt: sameDay(booking, "15:00"), returnAt: new Date(`${returnDay}T12:00:00+03:00`).toISOString() } });
    const backwards = await guestChangeTimes(deps, booking, { ...times, returnDate: toBusinessParts(booking.pickup_date).date, returnTime: "09:00" }, null, now);
    expect(backwards).toMatchObject({ ok: false, fields: { returnDate: [{ code: "booking:errors.returnBeforePickup" }] } });
    if (previewed.ok && "preview" in previewed) {
      expect(await guestChangeTimes(deps, booking, times, { expectedTotal: previewed.preview.newTotal }, now)).toEqual({ ok: true, changed: true });
      const legs = await db.kysely.selectFrom("booking_legs").select(["leg", "pickup_at"]).where("booking_id", "=", booking.id).execute();
      expect(await row(booking.id)).toMatchObject({ pickup_date: sameDay(booking, "15:00"), return_date: new Date(`${returnDay}T12:00:00+03:00`).toISOString() });
      for (const leg of legs) expect(leg.pickup_at).toBe(leg.leg === "outbound" ? sameDay(booking, "15:00") : new Date(`${returnDay}T12:00:00+03:00`).toISOString());
    }
  });

  it("cancels free of charge one minute before the cancellation cut-off, as the customer, and mails both", async () => {
    const booking = await book();
    const result = await guestCancel(deps, booking, shift(booking.pickup_date, -48 * 60 * MINUTE - MINUTE));
    expect(result).toEqual({ ok: true, changed: true });
    expect(await row(booking.id)).toMatchObject({ status: "cancelled", guest_change: "cancelled" });
    const events = await listBookingEvents(db.kysely, booking.id);
    expect(events.at(-1)).toMatchObject({ from_status: "pending", to_status: "cancelled", by_label: "customer", note: "Müşteri tarafından özel bağlantıdan çevrimiçi iptal edildi" });
    const queued = await mails(booking.id);
    expect(queued.find((m) => m.kind === "guest-cancellation")).toMatchObject({ locale: "ru", to_address: "olga@example.com" });
    expect(queued.find((m) => m.kind === "guest-cancellation")!.subject).toContain("отменено");
    expect(queued.find((m) => m.kind === "office-guest-cancellation")!.subject).toContain("Müşteri rezervasyonu iptal etti");
    // The status mail with the office's Turkish note is not sent to the guest.
    expect(queued.some((m) => m.kind === "booking-status")).toBe(false);
    // Cancelled: nothing more is open.
    expect(await guestCancel(deps, (await row(booking.id)), shift(booking.pickup_date, -10 * DAY))).toMatchObject({ ok: false, problem: { code: "booking:lifecycle.refused.closed" } });
  });

  it("refuses the free cancellation one minute after its cut-off, leaving the booking as it was", async () => {
    const booking = await book();
    const result = await guestCancel(deps, booking, shift(booking.pickup_date, -48 * 60 * MINUTE + MINUTE));
    expect(result).toMatchObject({ ok: false, problem: { code: "booking:manage.errors.cancelClosed" } });
    expect(await row(booking.id)).toMatchObject({ status: "pending", guest_change: null });
  });
});
