/**
 * First-run seed: default settings, the demo fleet with locally drawn images, and the first admin.
 * Runs on every start but only fills what is empty, so it is safe to repeat.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import { countAdmins, upsertAdmin } from "~/auth/users.server";
import { createDriver } from "~/drivers/drivers.server";
import type { DriverInput } from "~/drivers/drivers";
import { countCars, createCar } from "~/fleet/cars.server";
import { storeImage } from "~/fleet/images.server";
import { createPartner } from "~/partners/partners.server";
import type { PartnerInput } from "~/partners/partners";
import { ensureDefaultSettings } from "~/settings/settings.server";
import type { Db } from "~/server/db/connection.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { storageFor, type Storage } from "~/server/storage.server";
import { bodyTypeFor, carSvg } from "./car-art";
import { carInputFrom } from "./factories";
import { SEED_FLEET, type SeedCar } from "./fleet";
import { seedPricing } from "./pricing";
import { seedPartnerNetRates } from "./partner-rates";
import { seedDemoGuests } from "./demo-guests";
import { seedDocuments } from "./documents";
import { seedShifts } from "./shifts";

export const DEFAULT_ADMIN_EMAIL = "admin@localhost";

export async function seedCarImages(storage: Storage, car: SeedCar) {
  const images = [];
  const shape = bodyTypeFor(car);
  for (let scene = 0; scene < car.art.scenes; scene++) {
    const png = await sharp(Buffer.from(carSvg({ shape, color: car.art.color, scene }))).png().toBuffer();
    const { keys: _keys, bytes: _bytes, ...image } = await storeImage(storage, png);
    images.push(image);
  }
  return images;
}

/** `images: false` stores the cars without their drawn photos (the warm-up's scratch copy: drawing them takes seconds). */
export async function seedFleet(db: Db, storage: Storage, fleet: SeedCar[] = SEED_FLEET, { images = true }: { images?: boolean } = {}) {
  // The car in the garage shows a window: from the start of this hour to three days ahead, when it is due back.
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  const dueBack = new Date(hour.getTime() + 3 * 86400_000).toISOString();
  for (const [index, car] of fleet.entries()) {
    const inGarage = car.status === "maintenance";
    await createCar(
      db.kysely,
      carInputFrom(car, {
        images: images ? await seedCarImages(storage, car) : [],
        sort_order: index,
        maintenance_due_at: inGarage ? dueBack : null,
        maintenance_from: inGarage ? hour.toISOString() : null,
        maintenance_to: inGarage ? dueBack : null,
        plate_number: car.plate ?? null,
        colour: car.colour ?? null,
      }),
    );
  }
}

/** The demo chauffeurs seeded with the demo fleet (phones in the 0532 555 … demo range), each with a payout rule for the reports (issue 34). */
export const SEED_DRIVERS: DriverInput[] = [
  { name: "Mehmet Yılmaz", phone: "0532 555 10 01", whatsapp: "0532 555 10 01", languages: ["tr", "en", "de"], licenceNumber: "07-B-482915", payoutRule: "trip", payoutAmount: "350" },
  { name: "Ahmet Demir", phone: "0533 555 20 02", whatsapp: "0533 555 20 02", languages: ["tr", "ru", "uk"], licenceNumber: "07-B-519344", payoutRule: "km", payoutAmount: "4,50" },
  { name: "Mustafa Kaya", phone: "0542 555 30 03", languages: ["tr", "en"], licenceNumber: "07-D-230871", payoutRule: "share", payoutShare: "25" },
  { name: "Emre Çelik", phone: "0505 555 40 04", whatsapp: "0505 555 40 04", languages: ["tr", "en", "ar"], licenceNumber: "07-D-664120", payoutRule: "trip", payoutAmount: "300" },
];

/** Adds the demo drivers through the one write path, once: nothing when the office has any driver. */
export async function seedDrivers(db: Db, drivers: DriverInput[] = SEED_DRIVERS) {
  const any = await db.kysely.selectFrom("drivers").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  for (const driver of drivers) {
    const result = await createDriver(db.kysely, driver, null);
    if (!result.ok) throw new Error(`demo driver refused: ${JSON.stringify(result)}`);
    // their working hours (issue 34): db/seed/shifts.ts
    await seedShifts(db.kysely, [result.driver]);
  }
  return drivers.length;
}

/** The demo partners seeded with the demo fleet (issue 33): a hotel's desk in Belek on a commission and a German agency on its own net fares and monthly invoice. */
export const SEED_PARTNERS: PartnerInput[] = [
  {
    code: "BELEKPALM",
    name: "Belek Palm Resort",
    kind: "hotel",
    contactName: "Ayşe Korkmaz (Misafir İlişkileri)",
    email: "guestrelations@belekpalm.example",
    phone: "0242 555 70 70",
    language: "tr",
    commissionPercent: 10,
    creditTerms: "guest_pays",
  },
  {
    code: "SONNE",
    name: "Sonnenküste Reisen GmbH",
    kind: "agency",
    contactName: "Jürgen Weiß",
    email: "buchung@sonnenkueste.example",
    phone: "+49 30 555 01 23",
    language: "de",
    commissionPercent: 15,
    // on its own net fares (issue 33): db/seed/partner-rates.ts
    rateRule: "net",
    creditTerms: "monthly_invoice",
  },
];

/** Adds the demo partners through the one write path, once: nothing when the office has any partner. */
export async function seedPartners(db: Db, partners: PartnerInput[] = SEED_PARTNERS) {
  const any = await db.kysely.selectFrom("partners").select("id").limit(1).executeTakeFirst();
  if (any) return 0;
  for (const partner of partners) {
    const result = await createPartner(db.kysely, partner, null);
    if (!result.ok) throw new Error(`demo partner refused: ${JSON.stringify(result)}`);
    if (result.partner.rateRule === "net") await seedPartnerNetRates(db.kysely, result.partner.id);
  }
  return partners.length;
}

/** Creates the first admin when there is none; returns the generated password if one was made. */
export async function ensureAdmin(db: Db, env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">) {
  if ((await countAdmins(db.kysely)) > 0) return { created: false as const };
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const generated = env.ADMIN_PASSWORD ? undefined : randomBytes(12).toString("base64url");
  await upsertAdmin(db.kysely, email, env.ADMIN_PASSWORD ?? generated!);
  return { created: true as const, email, generated };
}

/** The advisory lock that lets one PostgreSQL client seed at a time (any fixed number: the seed's own). */
const SEED_LOCK = 1_700_017_005;
/** How long an instance waits for another one's seed before giving up its start. */
const SEED_WAIT_MS = 5 * 60_000;

/**
 * Fills what is empty. On PostgreSQL the whole check-and-fill holds an advisory lock on one
 * connection, so instances started at once on an empty database seed it once: the first fills it,
 * the others wait and then find it filled (without the lock, each counted no cars and added the
 * fleet). SQLite is one machine's file, started by one process at a time.
 */
export interface SeedOptions {
  /** false: no demo fleet */
  fleet?: boolean;
  /** false: the demo fleet without its drawn photos */
  images?: boolean;
  /** false: no demo guests, bookings and quote request with the demo fleet (also DEMO_BOOKINGS=false) */
  guests?: boolean;
}

export async function seedIfEmpty(db: Db, env: Env, log: Logger, options: SeedOptions = {}) {
  if (db.engine !== "postgres") return seedUnlocked(db, env, log, options);
  await db.kysely.connection().execute(async (connection) => {
    // Tried, not waited on in one statement: the seed (images drawn with sharp) can outlast statement_timeout.
    const deadline = Date.now() + SEED_WAIT_MS;
    while (!(await sql<{ locked: boolean }>`select pg_try_advisory_lock(${SEED_LOCK}) as locked`.execute(connection)).rows[0]?.locked) {
      if (Date.now() > deadline) throw new Error("another instance has been seeding the database for too long");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    try {
      await seedUnlocked({ ...db, kysely: connection }, env, log, options);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
    }
  });
}

async function seedUnlocked(db: Db, env: Env, log: Logger, options: SeedOptions) {
  await ensureDefaultSettings(db.kysely);
  await seedPricing(db.kysely);
  if (options.fleet !== false && (await countCars(db.kysely)) === 0) {
    await seedFleet(db, storageFor(env), SEED_FLEET, { images: options.images });
    // Demo chauffeurs come with the demo fleet only: an office that already has cars adds its own.
    const drivers = await seedDrivers(db);
    // Demo partners (issue 33) likewise: a real office enters its own.
    const partners = await seedPartners(db);
    // Their documents that expire (issue 34): most valid, one expiring within the week, none expired.
    await seedDocuments(db.kysely);
    log.info({ cars: SEED_FLEET.length, drivers, partners }, "seeded the demo fleet, drivers and partners");
    // Demo guests with their bookings and a quote request (issue 29), on the demo fleet only.
    if (options.guests !== false && env.DEMO_BOOKINGS !== false) log.info(await seedDemoGuests(db, log), "seeded the demo guests");
  }
  const admin = await ensureAdmin(db, env);
  if (admin.created && admin.generated) {
    // Printed once, on the console only: the operator signs in and changes it.
    console.log(
      `\n  First admin created: ${admin.email}\n  Password (shown once): ${admin.generated}\n  Sign in at /admin/login and change it under Ayarlar → Profil.\n`,
    );
  } else if (admin.created) {
    log.info({ email: admin.email }, "first admin created from ADMIN_EMAIL/ADMIN_PASSWORD");
  }
}
