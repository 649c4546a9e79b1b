/**
 * A new booking's mails (the notify worker's "created" event): the guest's confirmation, "received,
 * awaiting confirmation", with the terms, the self-service cut-offs, the details, the private link
 * and the calendar file, in the booking's language; and the office's notice in the back office's
 * language when the settings ask for it. Each goes once (its dedupe key).
 */
import { adminText } from "~/admin/i18n.server";
import { termsIn } from "~/booking/index.server";
import { bookingDetailRows, detailPricingOf } from "~/notify/booking-details.server";
import { policyOf, policyStatement } from "~/booking/rules/self-service";
import { officeAddress, renderMail } from "~/mail/layout";
import type { BookingRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { queueGuestMail, type GuestMailDeps } from "./guest-mail.server";
import { sendPartnerCopy } from "./partner-copy.server";

/**
 * `token`: the private link's token when the caller has it (the request that made the booking);
 * otherwise derived again. `options.guest`: the guest's mail says "received" (the default),
 * "confirmed" (the office confirmed it as it entered it), or is not sent ("none"); `byOffice`: the
 * office entered it itself, so it is not mailed its own booking.
 */
export async function sendBookingMails(deps: GuestMailDeps, booking: BookingRow, token?: string, options: { guest?: "received" | "confirmed" | "none"; byOffice?: boolean } = {}) {
  const guest = options.guest ?? "received";
  const settings = await getSettings(deps.db);
  const site = settings.general;
  const footer = `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`;
  const brand = settings.appearance.primaryColor;
  const pricing = await detailPricingOf(deps.db, booking);
  // With the private link and the trip as a calendar file (.ics), in the booking's language. A
  // failure fails the event, which is tried again: the mails' dedupe keys make that harmless.
  const confirmed = guest === "confirmed";
  if (guest !== "none")
    await queueGuestMail(deps, booking, confirmed ? "confirmed" : "received", { outboxKind: "booking-confirmation", dedupeKey: `booking-confirmation:${booking.id}`, token }, ({ t, lng }) => {
      const terms = termsIn(settings, lng);
      return {
        subject: t(confirmed ? "mail.customerConfirmedSubject" : "mail.customerSubject", { reference: booking.reference, siteName: site.siteName }),
        title: t(confirmed ? "mail.customerConfirmedTitle" : "mail.customerTitle", { reference: booking.reference }),
        paragraphs: [
          t("mail.customerHello", { name: booking.full_name }),
          t(confirmed ? "mail.customerConfirmedIntro" : "mail.customerIntro", { siteName: site.siteName }),
          `${t("terms.cancellation")}: ${terms.cancellation}`,
          `${t("terms.payment")}: ${terms.payment}`,
          // Issue 16: the cut-offs for this pickup; the private link is where the guest uses them.
          `${t("manage.policy.title")}: ${policyStatement(t, lng, booking.pickup_date, policyOf(settings), booking.trip_type === "roundTrip")}`,
          t("mail.customerLinkNote"),
        ],
        // The guest's own notes, echoed so they can see what the driver will be told.
        details: [...bookingDetailRows(booking, t, lng, pricing), ...(booking.notes ? [[t("mail.customerNotes"), booking.notes] as [string, string]] : [])],
      };
  });

  // a partner's booking (issue 33): the partner's copy, in its language
  if (booking.partner_id) await sendPartnerCopy(deps, booking, settings, pricing);

  const n = settings.notifications;
  if (options.byOffice || !(n.emailNotifications && n.newBookingNotification)) return;
  // The office reads the back office's language.
  const officeLng = settings.appearance.language;
  const office = (key: string, values: Record<string, string> = {}) => adminText(officeLng, `officeMail.${key}`, values);
  const officeMail = renderMail(
    {
      lang: officeLng,
      title: office("newBookingTitle", { reference: booking.reference }),
      paragraphs: [
        office("newBookingIntro", { name: booking.full_name, email: booking.email, phone: booking.phone }),
      ],
      // the guest's notes keep their lines, as a detail of their own (indented in the text body)
      details: [...bookingDetailRows(booking, deps.translator(officeLng), officeLng, pricing), ...(booking.notes ? [[office("notes"), booking.notes] as [string, string]] : [])],
      action: { label: office("openBooking"), url: `${deps.env?.PUBLIC_URL ?? ""}/admin/bookings/${booking.id}` },
      footer,
    },
    brand,
  );
  await deps.mailer.send(deps.db, {
    to: officeAddress(deps.env ?? {}, site),
    subject: office("newBookingSubject", { reference: booking.reference, from: booking.pickup_location, to: booking.dropoff_location }),
    text: officeMail.text,
    html: officeMail.html,
    kind: "office-new-booking",
    locale: officeLng,
    relatedId: booking.id,
    dedupeKey: `office-new-booking:${booking.id}`,
  });
}
