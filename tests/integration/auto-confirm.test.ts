/**
 * Instant confirmation (issue 32 part 1): with the setting on, a booking whose car is free, whose
 * lead time is met and which no rule hands to a person is confirmed the moment it is made (the
 * system's transition, its history row, `auto_confirmed_at`), and the guest's mail and message say
 * "confirmed"; each rule that asks for a person keeps it pending, as does the setting off.
 * Bookings are made through the production write path (the factory, the API); settings are saved
 * as the office saves them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createCar } from "~/fleet/cars.server";
import { listBookingEvents } from "~/booking/index.server";
import { setPaymentProvider } from "~/payments/registry.server";
import { createIyzicoProvider } from "~/payments/iyzico.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestUser } from "../../db/seed/factories";
import { startIyzicoFake, type IyzicoFake } from "../fakes/iyzico";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext, testMailer } from "../setup/test-app";

const SESSION_SECRET = "auto-confirm-test-secret-0123456789abcdef";
const env = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET };
const IYZICO = { apiKey: "sandbox-api-key-auto", secretKey: "sandbox-secret-key-auto" };

let iyzicoFake: IyzicoFake;
beforeAll(async () => {
  iyzicoFake = await startIyzicoFake(IYZICO);
});
afterAll(async () => {
  setPaymentProvider(null);
  await iyzicoFake.close();
});

describe.each(engines)("instant confirmation on %s", (engine) => {
  let db: TestDb;
  let sedan: string;
  let van: string;
  let admin: string;
  const mailer = testMailer();
  const handler = appRequestHandler();
  const deps = () => ({ db: db.kysely, mailer, env, log: silentLog });

  beforeAll(async () => {
    db = await testDb(engine);
    sedan = (await createCar(db.kysely, buildCar({ name: "Anında Sedan", seats: 3 }))).id;
    van = (await createCar(db.kysely, buildCar({ name: "Anında Sprinter", seats: 16, luggage: 16, category: "Minibüs" }))).id;
    admin = (await createTestUser(db.kysely, { role: "admin" })).id;
    // test databases start with the office confirming (tests/setup/db.ts); the demo's default is on
    await setBooking({ autoConfirm: true });
  });
  afterAll(() => db.destroy());
  afterEach(async () => {
    setPaymentProvider(null);
    await setBooking({ autoConfirm: true, autoConfirmMaxPassengers: 8 });
  });

  async function setBooking(over: Partial<{ autoConfirm: boolean; autoConfirmMaxPassengers: number }>) {
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, ...over } }, admin);
  }

  const row = (id: string) =>
    db.kysely.selectFrom("bookings").select(["status", "auto_confirmed_at", "hold_until"]).where("id", "=", id).executeTakeFirstOrThrow();
  const guestMails = (id: string) =>
    db.kysely.selectFrom("mail_outbox").select(["subject", "kind"]).where("related_id", "=", id).where("kind", "=", "booking-confirmation").execute();

  it("confirms a booking whose car is free the moment it is made, says so in the history and to the guest", async () => {
    const b = await createTestBooking(deps(), { carId: sedan, email: "anna@example.com" }, { locale: "en" });
    expect(b.status).toBe("confirmed");
    expect(b.auto_confirmed_at).toBe(b.created_at);
    expect(await row(b.id)).toMatchObject({ status: "confirmed", auto_confirmed_at: b.created_at });
    const history = await listBookingEvents(db.kysely, b.id);
    const confirmed = history.find((e) => e.to_status === "confirmed");
    expect(confirmed).toMatchObject({ from_status: "pending", by_label: "system", note: "auto-confirmed" });
    const mails = await guestMails(b.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirmed/i);
    expect(mails[0]!.subject).not.toMatch(/received/i);
  });

  it("leaves every booking pending when the office switched it off", async () => {
    await setBooking({ autoConfirm: false });
    const b = await createTestBooking(deps(), { carId: sedan }, { locale: "en" });
    expect(b.status).toBe("pending");
    expect(b.auto_confirmed_at).toBeNull();
    expect((await guestMails(b.id))[0]!.subject).not.toMatch(/confirmed/i);
  });

  it("leaves a party above the passenger limit pending for a person", async () => {
    await setBooking({ autoConfirmMaxPassengers: 8 });
    const eight = await createTestBooking(deps(), { carId: van, passengers: 8 }, { locale: "en" });
    expect(eight.status).toBe("confirmed");
    const nine = await createTestBooking(deps(), { carId: van, passengers: 9 }, { locale: "en" });
    expect(nine).toMatchObject({ status: "pending", auto_confirmed_at: null });
  });

  it("leaves a booking with a payment due online pending until the payment confirms it", async () => {
    setPaymentProvider(createIyzicoProvider({ ...IYZICO, baseUrl: iyzicoFake.url, timeoutMs: 1_500 }));
    const b = await createTestBooking(deps(), { carId: sedan, payMode: "deposit" }, { locale: "en" });
    expect(b.status).toBe("pending");
    expect(b.hold_until).not.toBeNull();
    expect(b.auto_confirmed_at).toBeNull();
  });

  it("leaves the office's own entries as its form says: pending unless confirmed, an agreed price included", async () => {
    const token = (await createSession(db.kysely, admin, { remember: false })).token;
    const post = async (body: Record<string, unknown>) => {
      const context = testAppContext(db, { env, mailer });
      const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
      const response = await handler(new Request("http://localhost/api/bookings", { method: "POST", headers, body: JSON.stringify(body) }), context);
      return { status: response.status, body: (await response.json()) as { data: { id: string; status: string; auto_confirmed_at: string | null } } };
    };
    const base = {
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      dropoff_location: "Belek",
      pickup_date: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      passengers: 2,
      car_id: sedan,
      full_name: "Telefon Misafiri",
      email: "telefon@example.com",
      phone: "+90 532 765 43 21",
      flight_number: "TK 2412",
    };
    const plain = await post(base);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ status: "pending", auto_confirmed_at: null });
    const agreed = await post({ ...base, pickup_date: new Date(Date.now() + 41 * 86_400_000).toISOString(), price_override: 1234, override_reason: "Sadık müşteri" });
    expect(agreed.body.data).toMatchObject({ status: "pending", auto_confirmed_at: null });
    const confirmed = await post({ ...base, pickup_date: new Date(Date.now() + 42 * 86_400_000).toISOString(), confirm: true });
    expect(confirmed.body.data).toMatchObject({ status: "confirmed", auto_confirmed_at: null });
  });

  it("answers the API's visitor booking confirmed, with when", async () => {
    const context = testAppContext(db, { env, mailer, clientIp: `10.32.${engine === "sqlite" ? 1 : 2}.9` });
    const body = {
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      dropoff_location: "Kemer",
      pickup_date: new Date(Date.now() + 50 * 86_400_000).toISOString(),
      passengers: 2,
      car_id: sedan,
      full_name: "Api Gast",
      email: "api@example.com",
      phone: "+49 170 1234567",
      flight_number: "LH 1234",
    };
    const response = await handler(new Request("http://localhost/api/bookings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), context);
    expect(response.status).toBe(201);
    const data = ((await response.json()) as { data: { status: string; auto_confirmed_at: string | null; created_at: string } }).data;
    expect(data.status).toBe("confirmed");
    expect(data.auto_confirmed_at).toBe(data.created_at);
  });
});
