/**
 * The booking module's store, a party's further cars (issue 32, decision 017): every statement on
 * `booking_cars`. Unit 1 is the booking's own `car_id`; units 2, 3, … are rows here.
 */
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { BookingCarsTable, Database } from "~/server/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export type BookingCarRow = Selectable<BookingCarsTable>;

/** Writes a new booking's further cars. */
export async function insertBookingCars(db: Db, rows: ReadonlyArray<Insertable<BookingCarsTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto("booking_cars").values([...rows]).execute();
}

/** The further cars of these bookings, by unit. */
export function carsOfBookings(db: Db, bookingIds: readonly string[]): Promise<BookingCarRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("booking_cars").selectAll().where("booking_id", "in", [...bookingIds]).orderBy("booking_id").orderBy("unit").execute();
}

/** The bookings that have one of these cars as a further car. */
export async function bookingsWithCars(db: Db, carIds: readonly string[]): Promise<string[]> {
  if (carIds.length === 0) return [];
  const rows = await db.selectFrom("booking_cars").select("booking_id").distinct().where("car_id", "in", [...carIds]).execute();
  return rows.map((r) => r.booking_id);
}

/**
 * Puts another car on a party's further car (the office's assignment): the unit's car and its name,
 * and the booking's `car_name`, which names every car of the party ("A + B").
 */
export async function setUnitCar(db: Db, bookingId: string, unit: number, car: { id: string; name: string }, firstCarName: string, at: string): Promise<void> {
  await db.updateTable("booking_cars").set({ car_id: car.id, car_name: car.name }).where("booking_id", "=", bookingId).where("unit", "=", unit).execute();
  const units = await db.selectFrom("booking_cars").select("car_name").where("booking_id", "=", bookingId).orderBy("unit").execute();
  await db
    .updateTable("bookings")
    .set({ car_name: [firstCarName, ...units.map((u) => u.car_name)].join(" + "), updated_at: at })
    .where("id", "=", bookingId)
    .execute();
}
