/**
 * Issue 27: the dispatch assignment is not a second write path. Changing a leg's car from the
 * booking page, the board or the API goes through the office's edit: the same capacity rule and
 * refusal codes, the same availability check, the same price (the one price function), the same
 * history and audit, the same message to the guest.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { listBookingEvents } from "~/booking/index.server";
import { updateBooking } from "~/booking/index.server";
import { assignAndNotify, assignedProblems, refusalProblem } from "~/admin/leg-assignments.server";
import { createCar, type CarInput } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { translate } from "~/i18n/translate.server";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as legRoute from "~/routes/api/bookings.$id.legs.$leg";
import { appContext } from "~/server/context";
import { createMailer } from "~/server/mail.server";
import { localStorage } from "~/server/storage.server";
import { formatMoney, kurus } from "~/utils/money";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "assignment-rules-test-secret-long-enough";
const PUBLIC_URL = "https://vip.example.com";
const actor = { id: null, label: "Ofis" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(engines)("a leg's car assigned as the office's edit on %s", (engine) => {
  let db: TestDb;
  let deps: Awaited<ReturnType<typeof testBookingDeps>> & { log: typeof log };
  let adminToken: string;
  // three weeks ahead at 10:00 Istanbul (07:00 UTC): inside the booking window, outside the night window
  const base = Math.floor(Date.now() / DAY) * DAY + 21 * DAY + 7 * HOUR;
  const at = (days: number, hours = 0) => new Date(base + days * DAY + hours * HOUR).toISOString();
  const car = async (name: string, seats: number, perKm: number, more: Partial<CarInput> = {}) =>
    (
      await createCar(
        db.kysely,
        buildCar({
          name,
          make: "Mercedes-Benz",
          model: name,
          category: "VIP",
          seats,
          luggage: 8,
          price_per_km: kurus(perKm),
          price_per_day: null,
          ...more,
        }),
      )
    ).id;
  const assign = (bookingId: string, input: Parameters<typeof assignAndNotify>[2]) =>
    assignAndNotify(deps, bookingId, input, { actor, secret: SECRET });
  const stored = (id: string) =>
    db.kysely.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const changeMails = (id: string) =>
    db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("related_id", "=", id)
      .where("kind", "=", "booking-change")
      .execute();

  beforeAll(async () => {
    db = await testDb(engine);
    deps = { ...(await testBookingDeps({ db: db.kysely, mailer, log })), log };
    const admin = await createUser(db.kysely, {
      email: "rules-admin@example.com",
      password: "secret-123",
      role: "admin",
      name: "Ofis",
    });
    adminToken = (await createSession(db.kysely, admin.id, { remember: false })).token;
  });
  afterAll(() => db.destroy());

  /** A route module called as the router calls it, signed in as the admin: its status and JSON body. */
  async function call(
    handler: (args: never) => unknown,
    method: string,
    params: Record<string, string>,
    body: unknown,
  ) {
    const request = new Request(`http://localhost/api/bookings/${params.id}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(body),
    });
    const context = new RouterContextProvider();
    context.set(appContext, {
      db,
      env: {
        NODE_ENV: "test",
        SESSION_SECRET: SECRET,
        PUBLIC_URL,
        OFFICE_EMAIL: "office@example.com",
        ROUTING_PROVIDER: "builtin",
      } as never,
      log,
      mailer,
      storage: localStorage("/tmp/vt-assignment-rules-test"),
      requestId: "t",
      clientIp: "127.0.0.1",
    });
    let result: unknown;
    await i18nextMiddleware({ request, context, params, unstable_pattern: "/api/bookings/:id" } as never, async () => {
      try {
        result = await handler({ request, context, params } as never);
      } catch (thrown) {
        result = thrown;
      }
      return new Response();
    });
    const r = result as {
      init?: { status?: number };
      data: { success: boolean; data?: Record<string, unknown>; error?: Record<string, unknown> };
    };
    return { status: r.init?.status ?? 200, body: r.data };
  }

  it("refuses a 3-seat car for 7 passengers with the edit's code, through the function and through the API, and changes nothing", async () => {
    const big = await car("V-Class 8", 8, 3000);
    const small = await car("E-Class 3", 3, 2000);
    const booking = await createTestBooking(deps, { carId: big, pickupAt: at(0), passengers: 7 });

    // the office's edit to the same car: the refusal the assignment must give
    const edited = await updateBooking(deps, booking.id, { car_id: small }, { actor });
    expect(edited).toMatchObject({
      ok: false,
      reason: "invalid",
      fields: { car_id: [{ code: "booking:errors.tooManyPassengers", params: { seats: 3 } }] },
    });

    const refused = await assign(booking.id, { leg: "outbound", carId: small });
    expect(refused).toMatchObject({
      ok: false,
      reason: "car_refused",
      fields: { car_id: [{ code: "booking:errors.tooManyPassengers", params: { seats: 3 } }] },
    });
    if (refused.ok) throw new Error("expected a refusal");
    // the booking page and the board show the reason in the admin language
    const shown = translate("tr", refusalProblem("tr", refused));
    expect(shown).toContain("Bu araç rezervasyona uygun değil");
    expect(shown).toContain("Bu araç bu kadar yolcu almıyor.");
    expect(translate("en", refusalProblem("en", refused))).toContain("does not seat that many passengers");

    // the API answers as the edit's PATCH answers the same refusal: 400 validation_failed, the same code for the car
    const patch = await call(bookingRoute.action, "PATCH", { id: booking.id }, { car_id: small });
    expect(patch.status).toBe(400);
    expect(patch.body.error).toMatchObject({
      code: "validation_failed",
      fieldCodes: { car_id: ["booking:errors.tooManyPassengers"] },
    });
    const put = await call(legRoute.action, "PUT", { id: booking.id, leg: "outbound" }, { carId: small });
    expect(put.status).toBe(400);
    expect(put.body.error).toMatchObject({
      code: "validation_failed",
      reason: "admin:assign.messages.carRefused",
      fieldCodes: { carId: ["booking:errors.tooManyPassengers"] },
      fields: { carId: ["Bu araç bu kadar yolcu almıyor."] },
    });
    expect(String(put.body.error!.message)).toContain("Bu araç bu kadar yolcu almıyor.");

    const after = await stored(booking.id);
    expect({ car: after.car_id, total: after.total_price, lines: after.price_lines }).toEqual({
      car: big,
      total: booking.total_price,
      lines: booking.price_lines,
    });
    // nothing was recorded: only the customer's "created"
    expect(await listBookingEvents(db.kysely, booking.id)).toHaveLength(1);
  });

  it("refuses a return leg's own car that does not seat the passengers, with the same code", async () => {
    const big = await car("V-Class R", 8, 3000);
    const small = await car("E-Class R", 3, 2000);
    const trip = await createTestBooking(deps, {
      carId: big,
      passengers: 5,
      tripType: "roundTrip",
      pickupAt: at(1),
      returnAt: at(1, 6),
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    });
    expect(await assign(trip.id, { leg: "return", carId: small })).toMatchObject({
      ok: false,
      reason: "car_refused",
      fields: { car_id: [{ code: "booking:errors.tooManyPassengers" }] },
    });
    expect((await stored(trip.id)).return_car_id).toBeNull();
  });

  it("re-prices a new outbound car exactly as an edit to that car does, records it as an edit and tells the guest", async () => {
    const dear = await car("S-Class", 4, 4000);
    const cheap = await car("Vito Tourer", 7, 1500);
    const assigned = await createTestBooking(deps, { carId: dear, pickupAt: at(2), passengers: 3 });
    const edited = await createTestBooking(deps, { carId: dear, pickupAt: at(3), passengers: 3 });
    expect(assigned.total_price).toBe(edited.total_price);

    const byEdit = await updateBooking(deps, edited.id, { car_id: cheap }, { actor });
    expect(byEdit).toMatchObject({ ok: true, repriced: true });
    const result = await assign(assigned.id, { leg: "outbound", carId: cheap });
    expect(result).toMatchObject({
      ok: true,
      guestMailed: true,
      edit: { repriced: true, price: { from: assigned.total_price } },
    });

    const [a, e] = [await stored(assigned.id), await stored(edited.id)];
    expect(a.car_id).toBe(cheap);
    expect(a.total_price).toBeLessThan(assigned.total_price);
    // the same price, line by line, as the edit gives
    const priceOf = (row: typeof a) => ({
      total: row.total_price,
      lines: row.price_lines,
      rate: row.rate_per_km,
      currency: row.currency_total,
      minimum: row.minimum_applied,
      car: row.car_name,
    });
    expect(priceOf(a)).toEqual(priceOf(e));

    // one history event, as the edit writes it (its field changes), with the assignment in it
    const events = (await listBookingEvents(db.kysely, assigned.id)).slice(1);
    expect(events).toHaveLength(1);
    const fields = events[0]!.changes!.fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: "car_name", from: "S-Class", to: "Vito Tourer" },
        { field: "total_price", from: assigned.total_price, to: a.total_price },
      ]),
    );
    const editFields = (await listBookingEvents(db.kysely, edited.id)).slice(1)[0]!.changes!.fields;
    expect(fields).toEqual(editFields);
    expect(events[0]!.changes!.assignment).toEqual({ leg: "outbound", car: { from: "S-Class", to: "Vito Tourer" } });
    const audit = await db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", assigned.id)
      .execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(["booking.update", "booking.assign"]));

    // the guest gets the change mail an edit sends (the new car and price)
    const [mail] = await changeMails(assigned.id);
    const [editMail] = await changeMails(edited.id);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(editMail!.subject.replace(edited.reference, assigned.reference));
    expect(mail!.text_body).toContain("Vito Tourer");

    // the office reads the new price in the message of the form
    const again = await assign(assigned.id, { leg: "outbound", carId: dear });
    expect(again).toMatchObject({ ok: true, edit: { price: { from: a.total_price, to: assigned.total_price } } });
    expect((await stored(assigned.id)).total_price).toBe(assigned.total_price);
    if (!again.ok) throw new Error("expected the car back");
    const message = assignedProblems("tr", again)
      .map((p) => translate("tr", p))
      .join(" ");
    expect(message).toBe(
      `Atama kaydedildi. Araç değiştiği için ücret yeniden hesaplandı: ${formatMoney(kurus(a.total_price), "tr")} → ${formatMoney(kurus(assigned.total_price), "tr")}. Müşteriye değişiklik e-postayla bildiriliyor.`,
    );
  });

  it("refuses a new car that is busy or in maintenance as before, through the function and through the API, keeping the price", async () => {
    const own = await car("Own Vito", 7, 3000);
    const taken = await car("Taken Vito", 7, 1500);
    const first = await createTestBooking(deps, { carId: taken, pickupAt: at(4) });
    const end = Date.parse(first.pickup_end!);
    // 10 minutes after the other booking's drop-off: inside the office's 30-minute buffer
    const second = await createTestBooking(deps, { carId: own, pickupAt: new Date(end + 10 * 60_000).toISOString() });
    const refused = await assign(second.id, { leg: "outbound", carId: taken });
    expect(refused).toMatchObject({
      ok: false,
      reason: "car_unavailable",
      conflicts: [expect.objectContaining({ kind: "booking", reference: first.reference })],
    });
    if (refused.ok) throw new Error("expected a refusal");
    expect(translate("tr", refusalProblem("tr", refused))).toContain(first.reference);
    const put = await call(legRoute.action, "PUT", { id: second.id, leg: "outbound" }, { carId: taken });
    expect(put.status).toBe(409);
    expect(put.body.error).toMatchObject({
      code: "car_unavailable",
      conflicts: [expect.objectContaining({ reference: first.reference })],
    });

    // a maintenance window over the leg refuses it too
    const resting = await car("Resting Vito", 7, 1500, { maintenance_from: at(4, -2), maintenance_to: at(4, 12) });
    expect(await assign(second.id, { leg: "outbound", carId: resting })).toMatchObject({
      ok: false,
      reason: "car_unavailable",
      conflicts: [{ kind: "maintenance" }],
    });

    const after = await stored(second.id);
    expect({ car: after.car_id, total: after.total_price }).toEqual({ car: own, total: second.total_price });
    expect(await listBookingEvents(db.kysely, second.id)).toHaveLength(1);
  });

  it("checks each leg against its own car: a new outbound car is not refused for the return leg another car drives", async () => {
    const outbound = await car("Out Vito", 7, 3000);
    const back = await car("Back Vito", 7, 3000);
    const other = await car("Other Vito", 7, 3000);
    const trip = await createTestBooking(deps, {
      carId: outbound,
      tripType: "roundTrip",
      pickupAt: at(5),
      returnAt: at(5, 8),
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    });
    expect(await assign(trip.id, { leg: "return", carId: back })).toMatchObject({ ok: true });
    // the other car is busy at the return's times only
    await createTestBooking(deps, { carId: other, pickupAt: at(5, 8.25) });
    expect(await assign(trip.id, { leg: "outbound", carId: other })).toMatchObject({
      ok: true,
      edit: { repriced: true },
    });
    const row = await stored(trip.id);
    expect([row.car_id, row.return_car_id]).toEqual([other, back]);
  });
});
