/**
 * Taken while choosing (issue 32 part 2): a visitor confirms a car that another guest booked a
 * moment earlier. The results page answers once that it was taken (not the generic error), keeps
 * everything typed, and offers the cheapest free car of the same class or higher, which a form of
 * hidden fields (no JavaScript needed) books in one click. Requests go through React Router's own
 * handler as a browser's form posts would; the first booking is made through the production path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCar } from "~/fleet/cars.server";
import { createExtra } from "~/pricing/tables.server";
import { SEED_EXTRAS } from "../../db/seed/pricing";
import { liraToKurus } from "~/utils/money";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext, testMailer } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const env = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: "taken-car-test-secret-0123456789abcdef" };

/** The hidden fields of the offer's one-click form, in order, decoded. */
function offerFields(html: string): Array<[string, string]> {
  const section = /data-testid="car-taken"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return [...section.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/?>/g)].map((m) => [decode(m[1]!), decode(m[2]!)]);
}

describe.each(engines)("a car taken while the visitor chose it, on %s", (engine) => {
  let db: TestDb;
  const cars: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = testMailer();
  const day = tripDay(45);

  beforeAll(async () => {
    db = await testDb(engine);
    const make = async (key: string, name: string, category: string, perKm: number) =>
      (cars[key] = (await createCar(db.kysely, buildCar({ name, category, seats: 3, luggage: 3, price_per_km: liraToKurus(perKm) }))).id);
    await make("chosen", "Seçilen Sedan", "Sedan", 40);
    await make("hatch", "Ucuz Hatchback", "Hatchback", 10);
    await make("sedan", "Diğer Sedan", "Sedan", 45);
    await make("luxury", "Lüks Sedan", "Luxury", 90);
    await createExtra(db.kysely, SEED_EXTRAS.find((e) => e.code === "child-seat")!);
  });
  afterAll(() => db.destroy());

  const query = () => new URLSearchParams({ tripType: "oneWay", pickup: "AYT", dropoff: "Belek", date: day, time: "14:30", passengers: "2", lng: "de" }).toString();

  async function post(path: string, fields: Array<[string, string]>) {
    const context = testAppContext(db, { env, mailer, log: silentLog, clientIp: `10.32.${engine === "sqlite" ? 3 : 4}.${Math.floor(Math.random() * 200) + 1}` });
    const body = new URLSearchParams(fields).toString();
    const response = await handler(new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body }), context);
    return { status: response.status, html: await response.text() };
  }

  it("says once that the car was taken, keeps what was typed and books the offered car in one click", async () => {
    // another guest takes the chosen car for the same time, a moment before
    await createTestBooking({ db: db.kysely, mailer, env }, { carId: cars.chosen!, pickupAt: `${day}T14:30:00+03:00`, dropoff: { text: "Belek" } });
    const typed: Array<[string, string]> = [
      ["carId", cars.chosen!],
      ["idempotencyKey", crypto.randomUUID()],
      ["fullName", "Jürgen Müller"],
      ["email", "juergen@example.de"],
      ["phone", "+49 170 1234567"],
      ["flightNumber", "DE 1234"],
      ["notes", "Wir reisen mit Kinderwagen & Hund"],
      ["extra.child-seat", "1"],
      ["consent", "on"],
    ];
    const refused = await post(`/booking-results?${query()}&car=${cars.chosen}`, typed);
    expect(refused.status).toBe(200);
    // said once, as what it is: no generic error
    expect(refused.html).toContain('data-testid="car-taken"');
    expect(refused.html).toContain("Seçilen Sedan");
    expect(refused.html).not.toContain("Bei der Reservierung ist ein Fehler aufgetreten");
    // the cheapest free car of the same class or higher: the other sedan, not the cheaper hatchback
    expect(refused.html).toMatch(new RegExp(`data-alternative="${cars.sedan}"`));
    const fields = offerFields(refused.html);
    const byName = Object.fromEntries(fields);
    expect(byName).toMatchObject({ carId: cars.sedan, fullName: "Jürgen Müller", email: "juergen@example.de", notes: "Wir reisen mit Kinderwagen & Hund", "extra.child-seat": "1", consent: "on" });
    // the contact form below keeps the typed values too
    expect(refused.html).toContain('value="Jürgen Müller"');

    const booked = await post(`/booking-results?${query()}&car=${cars.sedan}`, fields);
    expect(booked.status).toBe(200);
    expect(booked.html).toContain('id="booking-success-title"');
    const row = await db.kysely.selectFrom("bookings").select(["car_id", "notes", "extras", "full_name"]).where("email", "=", "juergen@example.de").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ car_id: cars.sedan, notes: "Wir reisen mit Kinderwagen & Hund", full_name: "Jürgen Müller" });
    expect(JSON.parse(row.extras)).toEqual([expect.objectContaining({ code: "child-seat", quantity: 1 })]);
  });

  it("offers no car of a lower class, and says so when none of the same class or higher is free", async () => {
    const at = tripDay(46);
    for (const key of ["chosen", "sedan", "luxury"]) await createTestBooking({ db: db.kysely, mailer, env }, { carId: cars[key]!, pickupAt: `${at}T09:00:00+03:00` });
    const q = new URLSearchParams({ tripType: "oneWay", pickup: "AYT", dropoff: "Belek", date: at, time: "09:00", passengers: "2", lng: "en" }).toString();
    const refused = await post(`/booking-results?${q}&car=${cars.chosen}`, [
      ["carId", cars.chosen!],
      ["idempotencyKey", crypto.randomUUID()],
      ["fullName", "Emily Carter"],
      ["email", "emily@example.com"],
      ["phone", "+44 7700 900123"],
      ["flightNumber", "BA 680"],
      ["consent", "on"],
    ]);
    expect(refused.html).toContain('data-testid="car-taken"');
    expect(refused.html).not.toContain("data-alternative=");
    expect(refused.html).toContain("No other car of the same class or higher is free at these times");
    expect(refused.html).not.toContain("An error occurred during the reservation");
  });
});
