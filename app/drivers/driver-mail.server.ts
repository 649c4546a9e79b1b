/**
 * "Your driver" (issue 15): the e-mail a customer gets when a driver is put on a leg of their trip,
 * and again when the driver changes, in the booking's language (`booking:driverMail.*`): the
 * driver's name and phone, the car's make, model, colour and plate, when and where to meet. Sent
 * through the outbox once per assignment (the history event's id), when e-mail notifications are on.
 */
import { dateTimeFormat } from "~/utils/intl";
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { BUSINESS_TIME_ZONE } from "~/booking/datetime";
import { readBookedExtras } from "~/booking/booked-extras";
import { signTexts } from "~/booking/booking-products";
import type { LegName } from "~/booking/availability";
import { carOfLeg } from "~/booking/availability.server";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { queueGuestMail, type GuestMailDeps, type GuestMailText } from "~/notify/guest-mail.server";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow, CarRow, Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { queueGuestMessages, type GuestMessageDeps } from "~/booking/guest-messages.server";
import { driverFromRow } from "./drivers.server";
import type { Driver } from "./drivers";

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

/** The mail's words; the private link is added by queueGuestMail. */
export function driverMailText(
  t: TFunction,
  lng: Language,
  booking: BookingRow,
  leg: LegName,
  driver: Driver,
  car: DriverCar | null,
  site: { siteName: string; contactPhone: string },
  changed: boolean,
): GuestMailText {
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE });
  const pickup = leg === "outbound" ? booking.pickup_date : (booking.return_date ?? booking.pickup_date);
  const from = leg === "outbound" ? booking.pickup_location : (booking.return_pickup_location ?? booking.dropoff_location);
  const to = leg === "outbound" ? booking.dropoff_location : (booking.return_dropoff_location ?? booking.pickup_location);
  const vehicle = carLine(car);
  const details: Array<[string, string]> = [
    [t("driverMail.reference"), booking.reference],
    [t("driverMail.leg"), t(leg === "outbound" ? "driverMail.legOutbound" : "driverMail.legReturn")],
    [t("driverMail.when"), when.format(new Date(pickup))],
    [t("driverMail.route"), `${placeNameIn(from, lng)} → ${placeNameIn(to, lng)}`],
    [t("driverMail.driver"), driver.name],
    [t("driverMail.phone"), driver.phone],
    ...(driver.whatsapp ? ([[t("driverMail.whatsapp"), driver.whatsapp]] as Array<[string, string]>) : []),
    ...(vehicle ? ([[t("driverMail.car"), vehicle]] as Array<[string, string]>) : []),
    [t("driverMail.meet"), meetingPoint(t, lng, booking, leg)],
  ];
  return {
    subject: t(changed ? "driverMail.subjectChanged" : "driverMail.subject", { reference: booking.reference, siteName: site.siteName }),
    title: t(changed ? "driverMail.titleChanged" : "driverMail.title", { reference: booking.reference }),
    paragraphs: [
      t("driverMail.hello", { name: booking.full_name }),
      t(changed ? "driverMail.introChanged" : "driverMail.intro", { driver: driver.name }),
      t("driverMail.linkNote"),
      t("driverMail.questions", { phone: site.contactPhone }),
    ],
    details,
  };
}

/** The car of a leg as the mail and the booking page show it. */
export async function carForLeg(db: Kysely<Database>, booking: Pick<BookingRow, "car_id" | "return_car_id">, leg: LegName): Promise<DriverCar | null> {
  const id = carOfLeg(booking, leg);
  if (!id) return null;
  return (await db.selectFrom("cars").select(["make", "model", "name", "plate_number", "colour"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/**
 * Queues the mail for a leg's (new) driver when the settings allow it; true when queued. `changed`:
 * the leg had another driver before. `eventId`: the assignment's history event (mailed once).
 */
export async function sendDriverAssignedMail(
  deps: GuestMailDeps,
  bookingId: string,
  leg: LegName,
  eventId: string,
  changed: boolean,
): Promise<boolean> {
  const settings = await getSettings(deps.db);
  if (!settings.notifications.emailNotifications) return false;
  const booking = await deps.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
  const assigned = await deps.db.selectFrom("booking_legs").select("driver_id").where("booking_id", "=", bookingId).where("leg", "=", leg).executeTakeFirst();
  if (!booking || !assigned) return false;
  const driverRow = await deps.db.selectFrom("drivers").selectAll().where("id", "=", assigned.driver_id).executeTakeFirst();
  if (!driverRow) return false;
  const car = await carForLeg(deps.db, booking, leg);
  await queueGuestMail(deps, booking, "driverAssigned", { outboxKind: "driver-assigned", dedupeKey: `driver-assigned:${eventId}` }, ({ t, lng }) =>
    driverMailText(t, lng, booking, leg, driverFromRow(driverRow), car, settings.general, changed),
  );
  return true;
}

/** The "your driver" WhatsApp / SMS for a leg's (new) driver (issue 16), once per assignment event. */
export async function queueDriverAssignedMessage(deps: GuestMessageDeps, bookingId: string, leg: LegName, eventId: string): Promise<number> {
  try {
    const booking = await deps.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    const assigned = await deps.db.selectFrom("booking_legs").select("driver_id").where("booking_id", "=", bookingId).where("leg", "=", leg).executeTakeFirst();
    if (!booking || !assigned) return 0;
    const driver = await deps.db.selectFrom("drivers").select(["name", "phone"]).where("id", "=", assigned.driver_id).executeTakeFirst();
    if (!driver) return 0;
    const car = carLine(await carForLeg(deps.db, booking, leg));
    return await queueGuestMessages(deps, booking, "driverAssigned", { event: eventId, leg, driver, car });
  } catch (error) {
    deps.log.error({ err: error, bookingId, leg }, "driver assigned message could not be queued");
    return 0;
  }
}
