/**
 * A leg's car and meeting point as the guest is told them (the driver mail, the reminder, the
 * calendar file and the guest's page say the same): read here, worded by the caller's `t`.
 */
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow, CarRow, Database } from "~/server/db/schema";
import { carOfLeg } from "./availability.server";
import { FIRST_UNIT, type LegName } from "./rules/availability";
import { carsOfBookings } from "./store/cars.server";
import { readBookedExtras } from "./rules/booked-extras";
import { signTexts } from "./rules/booking-products";

/** The car as the customer is told about it. */
export type DriverCar = Pick<CarRow, "make" | "model" | "name" | "plate_number" | "colour">;

/** Where the guest meets the driver on this leg, in words. */
export function meetingPoint(t: TFunction, lng: Language, booking: BookingRow, leg: LegName): string {
  const outbound = leg === "outbound";
  const place = placeNameIn(outbound ? booking.pickup_location : (booking.return_pickup_location ?? booking.dropoff_location), lng);
  const address = outbound ? booking.pickup_address : booking.return_pickup_address;
  if (outbound && booking.flight_number) {
    const signs = signTexts(readBookedExtras(booking));
    return signs.length > 0 ? t("driverMail.meetArrivalsSign", { place, sign: signs.join(", ") }) : t("driverMail.meetArrivals", { place });
  }
  return t("driverMail.meetAt", { place: address ? `${address}, ${place}` : place });
}

/** The car's description: "Mercedes-Benz Vito · black · 07 ABC 123". */
export function carLine(car: DriverCar | null): string | null {
  if (!car) return null;
  const model = [car.make, car.model].filter(Boolean).join(" ") || car.name;
  return [model, car.colour, car.plate_number].filter(Boolean).join(" · ");
}

/** The car of a leg as the mail and the booking page show it. */
export async function carForLeg(db: Kysely<Database>, booking: Pick<BookingRow, "id" | "car_id" | "return_car_id">, leg: LegName, unit = FIRST_UNIT): Promise<DriverCar | null> {
  // a party's further car drives both legs of its share (issue 32)
  const id = unit === FIRST_UNIT ? carOfLeg(booking, leg) : ((await carsOfBookings(db, [booking.id])).find((u) => u.unit === unit)?.car_id ?? null);
  if (!id) return null;
  return (await db.selectFrom("cars").select(["make", "model", "name", "plate_number", "colour"]).where("id", "=", id).executeTakeFirst()) ?? null;
}
