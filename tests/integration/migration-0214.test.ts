/**
 * Migrations 0214–0216 give a leg its car (issue 32): a database with assigned legs, steps and a
 * released link from before keeps every row, each now of the booking's own car (unit 1), and the
 * legs' new key takes a further car's leg beside it. The old rows are written as the code before
 * 0214 wrote them (a leg had no unit then), the rest through today's write paths.
 */
import { Migrator, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCar } from "~/fleet/cars.server";
import { assignLeg, bookingCarsOf, jobLinkOf, legStepsOf, officeActor } from "~/booking/index.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser } from "../../db/seed/factories";
import { migrations } from "../../db/migrations";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDate } from "../setup/trip-date";

const SECRET = "migration-0214-secret-0123456789abcdefgh";

describe.each(engines)("migrations 0214–0216 (a leg's car) on %s", (engine) => {
  let db: TestDb;
  let bookingId = "";
  let driverId = "";

  beforeAll(async () => {
    db = await testDb(engine);
    const sprinter = (await createCar(db.kysely, buildCar({ name: "Mig Sprinter", seats: 16, luggage: 16 }))).id;
    const vito = (await createCar(db.kysely, buildCar({ name: "Mig Vito", seats: 8, luggage: 8 }))).id;
    const booking = await createTestBooking({ db: db.kysely }, { carId: sprinter, moreCarIds: [vito], passengers: 14, luggage: 10, pickupAt: tripDate(50, "10:00") });
    bookingId = booking.id;
    driverId = (await createTestDriver(db.kysely, { name: "Eski Şoför" })).id;
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
    const down = await migrator.migrateTo("0213_booking_luggage_items");
    if (down.error) throw down.error;
    // rows as the code before 0214 wrote them
    const at = new Date().toISOString();
    const old = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old.insertInto("booking_legs").values({ booking_id: bookingId, leg: "outbound", driver_id: driverId, pickup_at: booking.pickup_date, job_nonce: "old-nonce", job_token_hash: "old-hash", job_status: "accepted", assigned_at: at, updated_at: at }).execute();
    await old.insertInto("leg_steps").values({ id: `${at}-old`, booking_id: bookingId, leg: "outbound", driver_id: driverId, step: "accepted", at }).execute();
    await old.insertInto("released_job_links").values({ job_token_hash: "released-hash", booking_id: bookingId, leg: "outbound", released_at: at, reason: "declined" }).execute();
    await db.migrateUp();
  });
  afterAll(() => db.destroy());

  it("keeps the legs, steps and released links as the booking's own car's, and takes a further car's leg beside them", async () => {
    const legs = await db.kysely.selectFrom("booking_legs").select(["leg", "unit", "driver_id", "job_status", "job_nonce"]).where("booking_id", "=", bookingId).execute();
    expect(legs).toEqual([{ leg: "outbound", unit: 1, driver_id: driverId, job_status: "accepted", job_nonce: "old-nonce" }]);
    expect((await legStepsOf(db.kysely, bookingId)).map((s) => [s.leg, s.unit, s.step])).toEqual([["outbound", 1, "accepted"]]);
    expect(await db.kysely.selectFrom("released_job_links").select(["unit", "reason"]).where("job_token_hash", "=", "released-hash").executeTakeFirstOrThrow()).toEqual({ unit: 1, reason: "declined" });
    // the key is now (booking, leg, unit): the further car's leg is a row of its own
    const office = await createTestUser(db.kysely, { role: "dispatcher" });
    const other = await createTestDriver(db.kysely, { name: "Yeni Şoför" });
    expect(await assignLeg(db.kysely, bookingId, { leg: "outbound", unit: 2, driverId: other.id }, { actor: officeActor(office), secret: SECRET })).toMatchObject({ ok: true });
    expect(await jobLinkOf(db.kysely, SECRET, bookingId, "outbound", 2)).toMatch(/^\/job\//);
    expect((await bookingCarsOf(db.kysely, (await db.kysely.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow()))).length).toBe(2);
    const count = await db.kysely.selectFrom("booking_legs").select((eb) => eb.fn.countAll<number | string>().as("n")).where("booking_id", "=", bookingId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
