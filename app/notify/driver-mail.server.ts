/**
 * "Your driver" (issue 15): the e-mail a customer gets when a driver is put on a leg of their trip,
 * and again when the driver changes, in the booking's language (`booking:driverMail.*`): the
 * driver's name and phone, the car's make, model, colour and plate, when and where to meet. Sent
 * through the outbox once per assignment (the history event's id), when e-mail notifications are on.
 */
import { dateTimeFormat } from "~/utils/intl";
import type { TFunction } from "i18next";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { FIRST_UNIT, type LegName } from "~/booking/rules/availability";
import { bookingRowById, carForLeg, carLine, type DriverCar, driverOnLeg, meetingPoint } from "~/booking/index.server";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { queueGuestMail, type GuestMailDeps, type GuestMailText } from "~/notify/guest-mail.server";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { queueGuestMessages, type GuestMessageDeps } from "~/notify/guest-messages.server";
import { driverFromRow } from "~/drivers/drivers.server";
import type { Driver } from "~/drivers/drivers";
import type { MailKind } from "~/mail/kinds";

export type DriverMailVariant = "new" | "changed" | "onWay" | "arrived";
const VARIANT_KEYS: Record<DriverMailVariant, string> = { new: "", changed: "Changed", onWay: "OnWay", arrived: "Arrived" };

/** The mail's words; the private link is added by queueGuestMail. */
export function driverMailText(
  t: TFunction,
  lng: Language,
  booking: BookingRow,
  leg: LegName,
  driver: Driver,
  car: DriverCar | null,
  site: { siteName: string; contactPhone: string },
  /** a new driver, another driver, or (issue 31) the driver on the way or at the pickup */
  variant: DriverMailVariant,
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
  const suffix = VARIANT_KEYS[variant];
  return {
    subject: t(`driverMail.subject${suffix}`, { reference: booking.reference, siteName: site.siteName }),
    title: t(`driverMail.title${suffix}`, { reference: booking.reference }),
    paragraphs: [
      t("driverMail.hello", { name: booking.full_name }),
      t(`driverMail.intro${suffix}`, { driver: driver.name }),
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
export function sendDriverAssignedMail(deps: GuestMailDeps, bookingId: string, leg: LegName, eventId: string, changed: boolean, unit = FIRST_UNIT): Promise<boolean> {
  return queueDriverMail(deps, bookingId, leg, changed ? "changed" : "new", { outboxKind: "driver-assigned", dedupeKey: `driver-assigned:${eventId}` }, unit);
}

/**
 * Issue 31: the guest who gets no WhatsApp or SMS (no consent, no channel) is told by e-mail that
 * the driver is on the way or at the pickup, when e-mails and that kind of message are switched on;
 * once per step (its leg_steps row). True when queued.
 */
export function sendDriverStepMail(deps: GuestMailDeps, bookingId: string, leg: LegName, step: "onWay" | "arrived", stepId: string, unit = FIRST_UNIT): Promise<boolean> {
  return queueDriverMail(deps, bookingId, leg, step, { outboxKind: step === "onWay" ? "driver-on-way" : "driver-arrived", dedupeKey: `driver-step:${stepId}` }, unit);
}

/** The mail about the leg's driver, when e-mails (and, for a step, that kind of message) are on; true when queued. */
async function queueDriverMail(deps: GuestMailDeps, bookingId: string, leg: LegName, variant: DriverMailVariant, outbox: { outboxKind: MailKind; dedupeKey: string }, unit: number): Promise<boolean> {
  const settings = await getSettings(deps.db);
  const n = settings.notifications;
  const kindOn = variant === "onWay" ? n.driverOnWayMessage : variant === "arrived" ? n.driverArrivedMessage : true;
  if (!n.emailNotifications || !kindOn) return false;
  const booking = await bookingRowById(deps.db, bookingId);
  const assigned = await driverOnLeg(deps.db, bookingId, leg, unit);
  if (!booking || !assigned) return false;
  const driverRow = await deps.db.selectFrom("drivers").selectAll().where("id", "=", assigned.id).executeTakeFirst();
  if (!driverRow) return false;
  const driver = driverFromRow(driverRow);
  const car = await carForLeg(deps.db, booking, leg, unit);
  await queueGuestMail(deps, booking, "driverAssigned", outbox, ({ t, lng }) =>
    driverMailText(t, lng, booking, leg, driver, car, settings.general, variant, driverPhotoForMail(driver.photo, deps.env?.PUBLIC_URL)),
  );
  return true;
}

/** The "your driver" WhatsApp / SMS for a leg's (new) driver (issue 16), once per assignment event. */
export async function queueDriverAssignedMessage(deps: GuestMessageDeps, bookingId: string, leg: LegName, eventId: string, unit = FIRST_UNIT): Promise<number> {
  return queueDriverStepMessage(deps, bookingId, leg, "driverAssigned", eventId, unit);
}

/**
 * The guest's message about the leg's driver: assigned, on the way, at the pickup (issue 31), with
 * the driver's name and phone and the car; `key` makes it distinct (the history event, the step).
 */
export async function queueDriverStepMessage(deps: GuestMessageDeps, bookingId: string, leg: LegName, kind: "driverAssigned" | "driverOnWay" | "driverArrived", key: string, unit = FIRST_UNIT): Promise<number> {
  try {
    const booking = await bookingRowById(deps.db, bookingId);
    const assigned = await driverOnLeg(deps.db, bookingId, leg, unit);
    if (!booking || !assigned) return 0;
    const driver = { name: assigned.name, phone: assigned.phone };
    const car = carLine(await carForLeg(deps.db, booking, leg, unit));
    return await queueGuestMessages(deps, booking, kind, { event: key, leg, driver, car });
  } catch (error) {
    deps.log.error({ err: error, bookingId, leg, kind }, "driver message to the guest could not be queued");
    return 0;
  }
}
