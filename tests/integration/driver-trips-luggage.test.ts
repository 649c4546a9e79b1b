/**
 * The driver's list of trips (/driver) names each trip's special luggage (issue 32) as the job
 * sheet does: "Özel bagaj: 1 bebek arabası, 2 golf çantası", in the driver's language; a trip
 * without any says nothing of it. The page as React Router renders it for a signed-in driver.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { assignLeg, type BookingDeps } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDate } from "../setup/trip-date";

const SESSION_SECRET = "driver-trips-luggage-secret-0123456789abcdef";
const actor = { id: null, label: "Ofis", kind: "office" as const };

describe.each(engines)("the driver's trips with special luggage on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let cookie: string;
  let driverId: string;
  let van: string;
  const handler = appRequestHandler();

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely });
    van = (await createCar(db.kysely, buildCar({ name: "Liste Vito", seats: 7, luggage: 8 }))).id;
    const user = await createTestUser(db.kysely, { role: "driver" });
    driverId = (await createTestDriver(db.kysely, { name: "Liste Şoför", userId: user.id })).id;
    const { token } = await createSession(db.kysely, user.id, { remember: false });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  async function tripsPage(lng: string) {
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, clientIp: `10.34.${engine === "sqlite" ? 1 : 2}.1` });
    const response = await handler(new Request(`http://localhost/driver?lng=${lng}`, { headers: { cookie } }), context);
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The list item of the trip of `name` (each trip is its own <li>), without React's text separators. */
  const tripOf = (html: string, name: string) => [...html.matchAll(/<li[^>]*data-testid="driver-trip"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!.replaceAll("<!-- -->", "")).find((li) => li.includes(name));

  it("names each trip's special luggage in the driver's language, and none for a trip without", async () => {
    const family = await createTestBooking(deps, { carId: van, pickupAt: tripDate(2, "09:00"), fullName: "Familie Pram", passengers: 4, luggage: 2, luggageItems: { prams: 1, golfBags: 2 } });
    const plain = await createTestBooking(deps, { carId: van, pickupAt: tripDate(2, "15:00"), fullName: "Plain Traveller", passengers: 2, luggage: 1 });
    for (const booking of [family, plain]) expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId }, { actor, secret: SESSION_SECRET })).ok).toBe(true);

    const tr = await tripsPage("tr");
    expect(tripOf(tr, "Familie Pram")).toContain("Özel bagaj: 1 bebek arabası, 2 golf çantası");
    expect(tripOf(tr, "Plain Traveller")).toBeDefined();
    expect(tripOf(tr, "Plain Traveller")).not.toContain("data-luggage-items");
    const en = await tripsPage("en");
    expect(tripOf(en, "Familie Pram")).toContain("Special luggage: 1 pram, 2 golf bags");
  });
});
