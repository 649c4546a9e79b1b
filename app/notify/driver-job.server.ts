/**
 * The driver told of their job (issue 31): when a driver is put on a leg, and when an assigned
 * leg's time, place, passengers or flight change, the driver gets the job (when, where from and
 * to, passengers, flight, the guest's name) with the job link, in the driver's first language the
 * site speaks (Turkish otherwise): by WhatsApp and/or SMS on the channels the server has, and by
 * e-mail to the driver's account when no message channel reaches them. Once per change: the
 * dedupe key holds the history event and the leg, so a second worker or a retry sends nothing more.
 * It only queues (the outboxes' workers send, with their retries and delivery reports).
 */
import type { TFunction } from "i18next";
import { assignedLegsOf, bookingRowById, jobLinkOf } from "~/booking/index.server";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { FIRST_UNIT, type LegName } from "~/booking/rules/availability";
import { driverContactOf } from "~/drivers/drivers.server";
import { plannedPickupOf } from "~/flights/state.server";
import { isLanguage, LOCALE_TAGS, type Language } from "~/i18n/config";
import { fixedT } from "~/i18n/translate.server";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow } from "~/server/db/schema";
import { e164 } from "~/server/messaging/provider";
import { dateTimeFormat } from "~/utils/intl";
import type { NotifyDeps } from "./handlers.server";

/** The WhatsApp template the driver's job goes out as (approved in Meta's Business Manager; docs in README). */
export const DRIVER_JOB_TEMPLATE = "driver_job";

/** What the driver reads: the job's lines and the link, in one text (SMS, e-mail) and as the template's parameters (WhatsApp). */
export function driverJobText(t: TFunction, lng: Language, booking: BookingRow, leg: LegName, link: string, change: "new" | "changed", plannedPickupAt?: string | null) {
  const back = leg === "return";
  // the pickup planned from the tracked flight's landing (issue 31), else the booked one
  const pickup = back ? (booking.return_date ?? booking.pickup_date) : (plannedPickupAt ?? booking.pickup_date);
  const from = back ? (booking.return_pickup_location ?? booking.dropoff_location) : booking.pickup_location;
  const to = back ? (booking.return_dropoff_location ?? booking.pickup_location) : booking.dropoff_location;
  const address = back ? booking.return_pickup_address : booking.pickup_address;
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "medium", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(pickup));
  const values = {
    reference: booking.reference,
    when,
    route: `${placeNameIn(from, lng)}${address ? ` (${address})` : ""} → ${placeNameIn(to, lng)}`,
    passengers: String(booking.passengers),
    flight: booking.flight_number && !back ? booking.flight_number : "—",
    guest: booking.full_name,
    link,
  };
  const subject = t(`jobMessage.subject.${change}`, { reference: booking.reference, when });
  const text = [t(`jobMessage.intro.${change}`, values), t("jobMessage.details", values), t("jobMessage.link", values)].join("\n");
  return { subject, text, params: [values.reference, values.when, values.route, values.passengers, values.flight, values.link] };
}

/**
 * Queues the job for the driver on `leg` of the booking (none on it: nothing). `eventId`: the
 * history event of the assignment or the change. Returns how many messages and mails were stored.
 */
export async function queueDriverJob(deps: NotifyDeps, bookingId: string, leg: LegName, eventId: string, change: "new" | "changed", unit = FIRST_UNIT): Promise<number> {
  const secret = deps.env?.SESSION_SECRET;
  if (!secret) return 0;
  const [booking, legs] = await Promise.all([bookingRowById(deps.db, bookingId), assignedLegsOf(deps.db, [bookingId])]);
  const assigned = legs.find((l) => l.leg === leg && l.unit === unit);
  if (!booking || !assigned || (booking.status !== "pending" && booking.status !== "confirmed")) return 0;
  const [driver, path, planned] = await Promise.all([driverContactOf(deps.db, assigned.driver_id), jobLinkOf(deps.db, secret, bookingId, leg, unit), leg === "outbound" ? plannedPickupOf(deps.db, booking) : null]);
  if (!driver || !path) return 0;
  // the first language of the site the driver speaks, in the office form's order (Turkish first); Turkish when none
  const lng: Language = driver.languages.find((l): l is Language => isLanguage(l)) ?? "tr";
  const { subject, text, params } = driverJobText(fixedT(lng, "driver"), lng, booking, leg, `${deps.env!.PUBLIC_URL}${path}`, change, planned);
  const key = `driver-job:${bookingId}:${leg}${unit > FIRST_UNIT ? `:${unit}` : ""}:${eventId}`;
  let stored = 0;
  let reached = false;
  for (const channel of deps.messenger?.channels ?? []) {
    const to = e164(channel === "whatsapp" ? (driver.whatsapp ?? driver.phone) : driver.phone);
    if (!to) continue;
    reached = true;
    const queued = await deps.messenger!.queue(deps.db, { channel, kind: "driverJob", bookingId, to, locale: lng, templateName: DRIVER_JOB_TEMPLATE, params, text, dedupeKey: `${key}:${channel}` });
    if (queued) stored++;
  }
  if (!reached && driver.email) {
    const mail = await deps.mailer.queue(deps.db, { to: driver.email, subject, text, kind: "driver-job", locale: lng, relatedId: bookingId, dedupeKey: key });
    if (mail.queued) stored++;
  }
  if (!reached && !driver.email) deps.log?.warn({ bookingId, leg, driverId: driver.id }, "the driver's job could not be sent: no usable phone for the server's channels and no account e-mail");
  return stored;
}
