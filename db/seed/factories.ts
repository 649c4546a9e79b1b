/**
 * Builders of valid records, shared by the seed and the tests.
 */
import { createInstance, type i18n } from "i18next";
import type { Kysely } from "kysely";
import pino from "pino";
import { createBooking, type BookingDeps, type BookingMeta, type BookingRequest } from "~/booking/index.server";
import type { CarInput } from "~/fleet/cars.server";
import { LANGUAGES } from "~/i18n/config";
import { loadAllLanguages } from "~/i18n/resources";
import { createPlaceServices } from "~/places/service.server";
import type { BookingRow, Database, UserRow } from "~/server/db/schema";
import { createMailer } from "~/server/mail.server";
import { liraToKurus } from "~/utils/money";
import { createDriver } from "~/drivers/drivers.server";
import { createUser, type NewUser } from "~/auth/users.server";
import type { Driver, DriverInput } from "~/drivers/drivers";
import { createPartner } from "~/partners/partners.server";
import type { Partner, PartnerInput } from "~/partners/partners";
import { SEED_FLEET, type SeedCar } from "./fleet";

export function carInputFrom(seed: SeedCar, overrides: Partial<CarInput> = {}): CarInput {
  return {
    name: seed.name,
    make: seed.make,
    model: seed.model,
    category: seed.category,
    year: seed.year,
    fuel_type: seed.fuel_type,
    seats: seed.seats,
    luggage: seed.luggage,
    price_per_km: liraToKurus(seed.price_per_km),
    price_per_day: liraToKurus(seed.price_per_day),
    price_per_hour: liraToKurus(seed.price_per_hour),
    status: seed.status,
    description: seed.description,
    features: seed.features,
    images: [],
    ...overrides,
  };
}

/** A valid car, the first of the demo fleet unless told otherwise. */
export function buildCar(overrides: Partial<CarInput> = {}, seed: SeedCar = SEED_FLEET[0]!): CarInput {
  return carInputFrom(seed, overrides);
}

/** Everything `createBooking` needs, with test-friendly defaults: the builtin (offline) places, a mailer that only queues, silent logs. */
export type TestBookingDeps = { db: Kysely<Database> } & Partial<Omit<BookingDeps, "db">>;

let bookingCatalogues: Promise<i18n> | undefined;
const bookingTranslator = () =>
  (bookingCatalogues ??= (async () => {
    const instance = createInstance();
    await instance.init({ resources: await loadAllLanguages(LANGUAGES), ns: ["booking"], fallbackLng: "en", interpolation: { escapeValue: false } });
    return instance;
  })());

/** The booking workflow's deps for tests (createBooking, updateBooking): what is not given is the offline default. */
export async function testBookingDeps(deps: TestBookingDeps): Promise<BookingDeps> {
  const log = deps.log ?? pino({ level: "silent" });
  const catalogues = deps.translator ? undefined : await bookingTranslator();
  return {
    db: deps.db,
    places: deps.places ?? createPlaceServices({ ROUTING_PROVIDER: "builtin" }, log as never),
    mailer: deps.mailer ?? createMailer({ from: "office@example.com", log: log as never }),
    // WhatsApp / SMS (issue 16): only when a test gives a messenger
    ...(deps.messenger ? { messenger: deps.messenger } : {}),
    env: deps.env ?? { PUBLIC_URL: "http://localhost:3000", OFFICE_EMAIL: "office@example.com" },
    log,
    translator: deps.translator ?? ((lng) => catalogues!.getFixedT(lng, "booking")),
  };
}

/**
 * Default pickups four hours apart, from a week ahead. A test that gives no time does not care
 * when: a slot the car already holds (a database shared by several processes, as in e2e) is
 * skipped for the next one.
 */
let defaultSlot = 0;
const nextDefaultPickup = () => new Date(Date.now() + 7 * 86_400_000 + defaultSlot++ * 4 * 3_600_000).toISOString();

/**
 * A booking made the way a customer makes one (`createBooking`: the shared rules, the server's
 * route and price, the stored shape, the notice and the mails), for tests. Overrides change the
 * request; the car must exist, be active and be free at the time. Fails loudly when the booking is refused.
 */
export async function createTestBooking(deps: TestBookingDeps, overrides: Partial<BookingRequest> & { carId: string }, meta: Partial<BookingMeta> = {}): Promise<BookingRow> {
  const full = await testBookingDeps(deps);
  const request: BookingRequest = {
    tripType: "oneWay",
    pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    dropoff: { text: "Belek" },
    pickupAt: overrides.pickupAt ?? nextDefaultPickup(),
    passengers: 2,
    luggage: null,
    fullName: "Test Customer",
    email: "customer@example.com",
    phone: "+90 532 123 45 67",
    notes: "",
    flightNumber: "XQ 9001",
    ...overrides,
  };
  let result = await createBooking(full, request, { locale: "tr", ...meta });
  for (let tries = 0; !overrides.pickupAt && !result.ok && result.unavailable?.code === "booking:errors.carBusy" && tries < 200; tries++) {
    result = await createBooking(full, { ...request, pickupAt: nextDefaultPickup() }, { locale: "tr", ...meta });
  }
  if (!result.ok) throw new Error(`test booking refused: ${JSON.stringify(result.fields)}`);
  return result.booking;
}

let driverCounter = 0;

/** A driver through the production write path (`createDriver`); distinct phones unless given. */
export async function createTestDriver(db: Kysely<Database>, overrides: DriverInput = {}): Promise<Driver> {
  driverCounter += 1;
  const n = String(1_000_000 + driverCounter).slice(-7);
  const result = await createDriver(db, { name: `Test Driver ${driverCounter}`, phone: `0532 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`, languages: ["tr", "en"], ...overrides }, null);
  if (!result.ok) throw new Error(`test driver refused: ${JSON.stringify(result)}`);
  return result.driver;
}

let partnerCounter = 0;

/** A partner through the production write path (`createPartner`): a hotel at 10 %, distinct codes unless given. */
export async function createTestPartner(db: Kysely<Database>, overrides: PartnerInput = {}): Promise<Partner> {
  partnerCounter += 1;
  const result = await createPartner(db, { code: `TEST${partnerCounter}${Date.now().toString(36).toUpperCase().slice(-4)}`, name: `Test Hotel ${partnerCounter}`, kind: "hotel", commissionPercent: 10, ...overrides }, null);
  if (!result.ok) throw new Error(`test partner refused: ${JSON.stringify(result)}`);
  return result.partner;
}

let userCounter = 0;

/** A staff (or driver) account through the production write path (`createUser`); distinct e-mails unless given. */
export async function createTestUser(db: Kysely<Database>, overrides: Partial<NewUser> & Pick<NewUser, "role">): Promise<UserRow> {
  userCounter += 1;
  return createUser(db, { email: `${overrides.role}-${userCounter}-${Date.now()}@example.com`, password: "test-Secret-123", name: `Test ${overrides.role} ${userCounter}`, ...overrides });
}
