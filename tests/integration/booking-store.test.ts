/**
 * The booking module's steps (issue 27): an edit's preview runs the edit's steps without a single
 * write (not a write rolled back): on a connection that refuses every write it still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeleteQueryNode, InsertQueryNode, UpdateQueryNode, type KyselyPlugin } from "kysely";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { updateBooking, type BookingDeps } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { createCar } from "~/fleet/cars.server";
import { kurus } from "~/utils/money";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDate } from "../setup/trip-date";

/** Refuses every insert, update and delete before it reaches the database. */
const readOnly: KyselyPlugin = {
  transformQuery({ node }) {
    if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) throw new Error("write refused");
    return node;
  },
  async transformResult({ result }) {
    return result;
  },
};

const OFFICE = { kind: "office" as const, id: null, label: "Ofis" };

describe.each(engines)("the booking store on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let carId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely });
    carId = (await createCar(db.kysely, buildCar({ name: "Store Sedan", category: "Sedan", seats: 4, luggage: 3, price_per_km: kurus(2500), price_per_day: null }))).id;
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  it("previews an edit without writing anything, then writes it for real", async () => {
    const booking = await createTestBooking(deps, { carId, pickupAt: tripDate(20, "14:00") });
    const moved = { pickup_date: toBusinessParts(booking.pickup_date).date, pickup_time: "23:10" };
    const readOnlyDeps = { ...deps, db: db.kysely.withPlugin(readOnly) };

    const preview = await updateBooking(readOnlyDeps, booking.id, moved, { actor: OFFICE, preview: true, repriceOnTimeChange: true });
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.row.pickup_date).not.toBe(booking.pickup_date);
    expect(preview.row.total_price).toBeGreaterThan(booking.total_price);
    expect(preview.booking.id).toBe(booking.id);
    expect(preview.eventId).toBeNull();

    // The same edit is a write: refused by the read-only connection, done by the real one.
    await expect(updateBooking(readOnlyDeps, booking.id, moved, { actor: OFFICE, repriceOnTimeChange: true })).rejects.toThrow("write refused");
    const done = await updateBooking(deps, booking.id, moved, { actor: OFFICE, repriceOnTimeChange: true });
    expect(done.ok && done.row.total_price).toBe(preview.row.total_price);
    expect(done.ok && done.row.pickup_date).toBe(preview.row.pickup_date);
  });
});
