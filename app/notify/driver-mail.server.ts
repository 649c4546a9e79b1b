/**
 * "Your driver" (issue 15): the e-mail a customer gets when a driver is put on a leg of their trip,
 * and again when the driver changes, in the booking's language (`booking:driverMail.*`): the
 * driver's name and phone, the car's make, model, colour and plate, when and where to meet. Sent
 * through the outbox once per assignment (the history event's id), when e-mail notifications are on.
 */
import { dateTimeFormat } from "~/utils/intl";
import type { TFunction } from "i18next";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import type { LegName } from "~/booking/rules/availability";
import { bookingRowById, carForLeg, carLine, type DriverCar, driverOnLeg, meetingPoint } from "~/booking/index.server";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { queueGuestMail, type GuestMailDeps, type GuestMailText } from "~/notify/guest-mail.server";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { queueGuestMessages, type GuestMessageDeps } from "~/notify/guest-messages.server";
import { driverFromRow } from "~/drivers/drivers.server";
import type { Driver } from "~/drivers/drivers";

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
  /** the driver's photo as an absolute URL (driverPhotoForMail), shown round above the details */
  photo: string | null = null,
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
    ...(photo ? { image: { url: photo, alt: t("myBooking.driver.photoAlt", { name: driver.name }), width: 96, height: 96 } } : {}),
  };
}

/**
 * The driver's photo for a mail: only our own, on this site (a local-storage path under
 * PUBLIC_URL); a photo elsewhere (S3) or no PUBLIC_URL leaves the mail without it.
 */
export function driverPhotoForMail(photo: string | null, publicUrl: string | undefined): string | null {
  if (!photo || !publicUrl || !photo.startsWith("/uploads/driver-photos/")) return null;
  try {
    const base = new URL(publicUrl);
    const url = new URL(photo, base);
    return url.origin === base.origin && /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
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
  const booking = await bookingRowById(deps.db, bookingId);
  const assigned = await driverOnLeg(deps.db, bookingId, leg);
  if (!booking || !assigned) return false;
  const driverRow = await deps.db.selectFrom("drivers").selectAll().where("id", "=", assigned.id).executeTakeFirst();
  if (!driverRow) return false;
  const driver = driverFromRow(driverRow);
  const car = await carForLeg(deps.db, booking, leg);
  await queueGuestMail(deps, booking, "driverAssigned", { outboxKind: "driver-assigned", dedupeKey: `driver-assigned:${eventId}` }, ({ t, lng }) =>
    driverMailText(t, lng, booking, leg, driver, car, settings.general, changed, driverPhotoForMail(driver.photo, deps.env?.PUBLIC_URL)),
  );
  return true;
}

/** The "your driver" WhatsApp / SMS for a leg's (new) driver (issue 16), once per assignment event. */
export async function queueDriverAssignedMessage(deps: GuestMessageDeps, bookingId: string, leg: LegName, eventId: string): Promise<number> {
  return queueDriverStepMessage(deps, bookingId, leg, "driverAssigned", eventId);
}

/**
 * The guest's message about the leg's driver: assigned, on the way, at the pickup (issue 31), with
 * the driver's name and phone and the car; `key` makes it distinct (the history event, the step).
 */
export async function queueDriverStepMessage(deps: GuestMessageDeps, bookingId: string, leg: LegName, kind: "driverAssigned" | "driverOnWay" | "driverArrived", key: string): Promise<number> {
  try {
    const booking = await bookingRowById(deps.db, bookingId);
    const assigned = await driverOnLeg(deps.db, bookingId, leg);
    if (!booking || !assigned) return 0;
    const driver = { name: assigned.name, phone: assigned.phone };
    const car = carLine(await carForLeg(deps.db, booking, leg));
    return await queueGuestMessages(deps, booking, kind, { event: key, leg, driver, car });
  } catch (error) {
    deps.log.error({ err: error, bookingId, leg, kind }, "driver message to the guest could not be queued");
    return 0;
  }
}
