/**
 * A party in several cars (issue 32, decision 017), read: each car of a booking as a unit with its
 * share of the party, unit 1 the booking's own car.
 */
import type { Kysely } from "kysely";
import type { BookingRow, Database } from "~/server/db/schema";
import type { Kurus } from "~/utils/money";
import { carsOfBookings } from "./store/cars.server";
import { storedLuggageItems } from "./rules/capacity";
import { firstCarShare } from "./rules/groups";
import { FIRST_UNIT } from "./rules/availability";

export interface BookingCar {
  unit: number;
  carId: string | null;
  carName: string;
  passengers: number;
  luggage: number | null;
  /** the car's part of the price (further cars); null for unit 1, which carries the rest and the extras */
  price: Kurus | null;
}

/** The further cars (units 2, 3, …) of many bookings, by unit: what the board and the office's assignments lay out as legs of their own. */
export async function furtherCarsOf(db: Kysely<Database>, bookingIds: readonly string[]): Promise<Array<Omit<BookingCar, "price"> & { bookingId: string }>> {
  const rows = await carsOfBookings(db, bookingIds);
  return rows.map((u) => ({ bookingId: u.booking_id, unit: u.unit, carId: u.car_id, carName: u.car_name, passengers: u.passengers, luggage: u.luggage }));
}

/** The units of a booking's cars: [1] for most, [1, 2, …] for a party in several cars. */
export async function unitsOf(db: Kysely<Database>, bookingId: string): Promise<number[]> {
  return [FIRST_UNIT, ...(await carsOfBookings(db, [bookingId])).map((u) => u.unit)];
}

/** The booking's cars: one for most bookings; a party's, each with its share (unit 1 has the rest). */
export async function bookingCarsOf(db: Kysely<Database>, booking: Pick<BookingRow, "id" | "car_id" | "car_name" | "passengers" | "luggage" | "luggage_items">): Promise<BookingCar[]> {
  const further = await carsOfBookings(db, [booking.id]);
  if (further.length === 0) return [{ unit: 1, carId: booking.car_id, carName: booking.car_name, passengers: booking.passengers, luggage: booking.luggage, price: null }];
  const first = booking.car_id ? await db.selectFrom("cars").select("name").where("id", "=", booking.car_id).executeTakeFirst() : undefined;
  const share = firstCarShare({ passengers: booking.passengers, luggage: booking.luggage, luggageItems: storedLuggageItems(booking.luggage_items) }, further);
  return [
    {
      unit: 1,
      carId: booking.car_id,
      carName: first?.name ?? booking.car_name.split(" + ")[0] ?? booking.car_name,
      passengers: share.passengers,
      luggage: share.luggage,
      price: null,
    },
    ...further.map((u) => ({ unit: u.unit, carId: u.car_id, carName: u.car_name, passengers: u.passengers, luggage: u.luggage, price: u.price })),
  ];
}
