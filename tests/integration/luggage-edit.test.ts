/**
 * The office changes a booking's special luggage (issue 32's prams, wheelchairs, golf bags, skis and
 * bicycles): through the front door, the admin edit form (as a browser without JavaScript posts it)
 * and PATCH /api/bookings/{id}. The car's capacity rule binds with the booking's own refusal codes,
 * nothing is written on a refusal and what was typed comes back; a save is one history event that
 * the office reads in Turkish ("Özel bagaj: — → 1 bebek arabası").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { getBooking, listBookingEvents, updateBooking, type BookingDeps } from "~/booking/index.server";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { presentChanges } from "~/admin/conflicts.server";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { liraToKurus } from "~/utils/money";
import * as bookingRoute from "~/routes/api/bookings.$id";
import { openApiDocument } from "~/routes/api/openapi.document";
import { buildCar, createTestBooking, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { seedPricing } from "../../db/seed/pricing";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDate } from "../setup/trip-date";

const actor = { id: null, label: "Ofis Ayşe", kind: "office" as const };
const SESSION_SECRET = "luggage-edit-test-session-secret-0123456789";

describe.each(engines)("the office's edit of special luggage on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  /** seats 4, room for 3 suitcases; a van with room for 8 */
  let sedan: string;
  let van: string;
  let dispatcher: string;
  let day = 80;
  let ip = 0;
  const handler = appRequestHandler();

  beforeAll(async () => {
    db = await testDb(engine);
    await seedPricing(db.kysely);
    deps = await testBookingDeps({ db: db.kysely });
    sedan = (await createCar(db.kysely, buildCar({ name: "Bagaj Sedan", category: "Sedan", seats: 4, luggage: 3, price_per_km: liraToKurus(25), price_per_day: null }))).id;
    van = (await createCar(db.kysely, buildCar({ name: "Bagaj Van", category: "Minivan", seats: 7, luggage: 8, price_per_km: liraToKurus(35), price_per_day: null }))).id;
    dispatcher = (await createTestUser(db.kysely, { role: "admin" })).id;
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  const book = (carId: string, luggage: number | null = 1) => createTestBooking(deps, { carId, luggage, pickupAt: tripDate(day++, "10:00"), passengers: 2 });
  const stored = async (id: string) => {
    const row = (await getBooking(db.kysely, id))!;
    return { luggage: row.luggage, items: storedLuggageItems(row.luggage_items), total: row.total_price };
  };
  const edits = async (id: string) => (await listBookingEvents(db.kysely, id)).filter((e) => e.changes?.fields.length);

  /** A request as a signed-in browser sends it, through React Router's handler. */
  async function send(method: string, path: string, form?: Record<string, string>) {
    const { token } = await createSession(db.kysely, dispatcher, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, OFFICE_EMAIL: "office@example.com" }, mailer: deps.mailer, clientIp: `10.32.${engine === "sqlite" ? 3 : 4}.${++ip}` });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }

  /** PATCH /api/bookings/{id} as the route runs it, behind the language middleware, with a bearer token. */
  async function patch(id: string, body: unknown) {
    const { token } = await createSession(db.kysely, dispatcher, { remember: false });
    const req = new Request(`http://localhost/api/bookings/${id}`, { method: "PATCH", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com" }, mailer: deps.mailer, clientIp: `10.32.${engine === "sqlite" ? 5 : 6}.${++ip}` });
    let result: unknown;
    await i18nextMiddleware({ request: req, context, params: { id }, unstable_pattern: "/api/bookings/:id" } as never, async () => {
      try {
        result = await bookingRoute.action({ request: req, context, params: { id } } as never);
      } catch (thrown) {
        result = thrown;
      }
      return new Response();
    });
    const answer = result as { init?: { status?: number }; data: { data?: Record<string, unknown>; error?: { code: string; fieldCodes?: Record<string, string[]> } } };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }

  it("adds a pram and golf bags through the front door, one history event the office reads in Turkish", async () => {
    const booking = await book(van);
    const result = await updateBooking(deps, booking.id, { luggage_items: { prams: 1, golfBags: 2 } }, { actor });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await stored(booking.id)).toEqual({ luggage: 1, items: { prams: 1, golfBags: 2 }, total: booking.total_price });
    const [event, ...more] = await edits(booking.id);
    expect(more).toEqual([]);
    expect(event!.changes!.fields).toEqual([{ field: "luggage_items", from: null, to: '{"prams":1,"golfBags":2}' }]);
    expect(presentChanges("tr", event!.changes).lines).toEqual([{ label: "Özel bagaj", from: "—", to: "1 bebek arabası, 2 golf çantası" }]);
    expect(presentChanges("en", event!.changes).lines).toEqual([{ label: "Special luggage", from: "—", to: "1 pram, 2 golf bags" }]);
    // the same set again changes nothing; null takes it all away
    expect(await updateBooking(deps, booking.id, { luggage_items: { golfBags: 2, prams: 1, skis: 0 } }, { actor })).toMatchObject({ ok: true });
    expect(await edits(booking.id)).toHaveLength(1);
    expect(await updateBooking(deps, booking.id, { luggage_items: {} }, { actor })).toMatchObject({ ok: true });
    expect((await stored(booking.id)).items).toBeNull();
    expect(presentChanges("tr", (await edits(booking.id))[1]!.changes).lines).toEqual([{ label: "Özel bagaj", from: "1 bebek arabası, 2 golf çantası", to: "—" }]);
  });

  it("refuses luggage the car has no room for, with the booking's codes, writing nothing", async () => {
    const booking = await book(sedan);
    const tooMuch = await updateBooking(deps, booking.id, { luggage_items: { bicycles: 1 } }, { actor });
    expect(tooMuch).toMatchObject({ ok: false, reason: "invalid", fields: { luggage: [{ code: "booking:errors.tooMuchSpecialLuggage", params: { luggage: 3, places: 4 } }] } });
    // a new car in the same save: the refusal is the car's
    const moved = await book(van, 2);
    const toSedan = await updateBooking(deps, moved.id, { car_id: sedan, luggage_items: { wheelchairs: 1 } }, { actor });
    expect(toSedan.ok).toBe(false);
    if (!toSedan.ok && toSedan.reason === "invalid") expect(toSedan.fields.car_id?.map((p) => p.code)).toContain("booking:errors.tooMuchSpecialLuggage");
    expect(await stored(booking.id)).toMatchObject({ luggage: 1, items: null });
    expect(await stored(moved.id)).toMatchObject({ luggage: 2, items: null });
    expect(await edits(booking.id)).toEqual([]);
    // fewer suitcases make room: 0 + a wheelchair's 2 places fit the sedan's 3
    expect(await updateBooking(deps, moved.id, { car_id: sedan, luggage: 0, luggage_items: { wheelchairs: 1 } }, { actor })).toMatchObject({ ok: true });
    expect(await stored(moved.id)).toMatchObject({ luggage: 0, items: { wheelchairs: 1 } });
  });

  it("takes the special luggage in the admin edit form; a refusal keeps what was typed", async () => {
    const booking = await book(sedan);
    const form = (kinds: Record<string, string>) => ({ intent: "edit", passengers: "2", car_id: sedan, luggage_shown: "1", luggage: "1", prams: "", wheelchairs: "", golfBags: "", skis: "", bicycles: "", ...kinds });
    const page = await send("GET", `/admin/bookings/${booking.id}?edit=1`);
    expect(page.status).toBe(200);
    for (const label of ["Valiz sayısı", "Bebek arabası", "Tekerlekli sandalye", "Golf çantası", "Kayak / snowboard", "Bisiklet"]) expect(page.text).toContain(label);
    const refused = await send("POST", `/admin/bookings/${booking.id}`, form({ golfBags: "2", prams: "1" }));
    expect(refused.status).toBe(200);
    expect(refused.text).toContain("Bu aracın bagajı 3 valizlik; bagajınız 6 valizlik yer istiyor.");
    expect(refused.text).toMatch(/name="golfBags"[^>]*value="2"|value="2"[^>]*name="golfBags"/);
    expect(refused.text).toMatch(/name="prams"[^>]*value="1"|value="1"[^>]*name="prams"/);
    const bad = await send("POST", `/admin/bookings/${booking.id}`, form({ skis: "9" }));
    expect(bad.text).toContain("Lütfen 0 ile 6 arasında seçin.");
    expect(bad.text).toMatch(/name="skis"[^>]*value="9"|value="9"[^>]*name="skis"/);
    expect(await stored(booking.id)).toMatchObject({ items: null });
    const saved = await send("POST", `/admin/bookings/${booking.id}`, form({ prams: "1", luggage: "2" }));
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ luggage: 2, items: { prams: 1 } });
    const after = await send("GET", `/admin/bookings/${booking.id}`);
    expect(after.text).toContain("Özel bagaj");
    expect(after.text).toContain("1 bebek arabası");
    // emptied, the pram is gone; a form without the luggage fields leaves it alone
    expect((await send("POST", `/admin/bookings/${booking.id}`, { intent: "edit", notes: "Geç gelecek" })).status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ luggage: 2, items: { prams: 1 } });
    expect((await send("POST", `/admin/bookings/${booking.id}`, form({ luggage: "2" }))).status).toBe(302);
    expect(await stored(booking.id)).toMatchObject({ items: null });
  });

  describe("through PATCH /api/bookings/{id}", () => {
    it("is described in the OpenAPI document's BookingEdit", () => {
      type Schema = { description?: string; properties?: object; anyOf?: Schema[]; type?: string };
      const items = (openApiDocument.components.schemas as Record<string, { properties: Record<string, Schema> }>).BookingEdit!.properties.luggage_items!;
      expect(items.description).toContain("tooMuchSpecialLuggage");
      expect(items.anyOf?.map((s) => s.type)).toEqual(["object", "null"]);
      expect(Object.keys(items.anyOf![0]!.properties!)).toEqual(["prams", "wheelchairs", "golfBags", "skis", "bicycles"]);
    });

    it("changes the special luggage and answers it", async () => {
      const booking = await book(van);
      const answer = await patch(booking.id, { luggage_items: { skis: 2, bicycles: 1 } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({ luggage: 1, luggage_items: { skis: 2, bicycles: 1 } });
      const events = answer.body.data!.events as Array<{ changes: { fields: Array<{ field: string }> } | null }>;
      expect(events.flatMap((e) => e.changes?.fields ?? []).map((c) => c.field)).toEqual(["luggage_items"]);
      const cleared = await patch(booking.id, { luggage_items: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ luggage_items: null });
    });

    it("refuses bad counts and a car too small with the codes POST uses, writing nothing", async () => {
      const booking = await book(sedan);
      const refused = async (body: unknown) => {
        const answer = await patch(booking.id, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.error?.code).toBe("validation_failed");
        return answer.body.error!.fieldCodes;
      };
      expect(await refused({ luggage_items: { prams: -1 } })).toEqual({ luggage_items: ["booking:errors.luggageItem"] });
      expect(await refused({ luggage_items: { prams: 7 } })).toEqual({ luggage_items: ["booking:errors.luggageItem"] });
      expect(await refused({ luggage_items: { prams: 1.5 } })).toEqual({ luggage_items: ["booking:errors.luggageItem"] });
      expect(await refused({ luggage_items: { rockets: 1 } })).toEqual({ luggage_items: ["booking:errors.luggageItemsFormat"] });
      expect(await refused({ luggage_items: { prams: "one" } })).toEqual({ luggage_items: ["booking:errors.luggageItemsFormat"] });
      expect(await refused({ luggage_items: [1] })).toEqual({ luggage_items: ["booking:errors.luggageItemsFormat"] });
      expect(await refused({ luggage_items: { prams: 1, golfBags: 1 } })).toEqual({ luggage: ["booking:errors.tooMuchSpecialLuggage"] });
      expect(await stored(booking.id)).toMatchObject({ luggage: 1, items: null });
      expect(await edits(booking.id)).toEqual([]);
    });
  });
});
