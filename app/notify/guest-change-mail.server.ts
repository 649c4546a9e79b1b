/**
 * The mails of the guest's own change or cancellation (issue 16; the notify worker's event of a
 * change or a cancellation whose actor is the guest): to the guest in the booking's language (what
 * changed, old → new, or the cancelled booking, with the private link and the calendar file), and
 * to the office in the back office's language. Each goes once per history event.
 */
import type { TFunction } from "i18next";
import { adminText } from "~/admin/i18n.server";
import { formatChangeValue, type FieldChange } from "~/booking/rules/booking-changes";
import { bookingDetailRows, detailPricingOf } from "~/notify/booking-details.server";
import { customerChangeFormat, movesCalendar } from "~/notify/change-mail.server";
import { presentChanges } from "~/admin/conflicts.server";
import { officeAddress, renderMail } from "~/mail/layout";
import type { BookingRow, GuestChange } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { queueGuestMail, type GuestMailDeps } from "./guest-mail.server";

/** A changed field's label for the guest: the office's change mail's words, else the manage page's. */
const fieldLabel = (t: TFunction, field: string) => t([`changeMail.fields.${field}`, `manage.mail.fields.${field}`]);

export async function sendGuestChangeMails(deps: GuestMailDeps, row: BookingRow, what: GuestChange, changes: readonly FieldChange[], key: string) {
  const settings = await getSettings(deps.db);
  const n = settings.notifications;
  if (!n.emailNotifications) return;
  const site = settings.general;
  const footer = `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`;
  const brand = settings.appearance.primaryColor;
  const pricing = await detailPricingOf(deps.db, row);
  // With the private link and the trip's calendar file: moved (a new time) or cancelled (METHOD:CANCEL).
  await queueGuestMail(
    deps,
    row,
    what,
    { outboxKind: what === "changed" ? "guest-change" : "guest-cancellation", dedupeKey: `guest-${what}:${key}`, calendar: what === "cancelled" || movesCalendar(changes) },
    ({ t, lng }) => {
      const format = customerChangeFormat(t, lng);
      return {
        subject: t(`manage.mail.${what}Subject`, { reference: row.reference, siteName: site.siteName }),
        title: t(`manage.mail.${what}Title`, { reference: row.reference }),
        paragraphs: [t("changeMail.hello", { name: row.full_name }), t(`manage.mail.${what}Intro`), t("changeMail.questions", { phone: site.contactPhone })],
        details:
          what === "changed"
            ? [
                [t("summary.reference"), row.reference],
                ...changes.map(({ field, from, to }): [string, string] => [fieldLabel(t, field), `${formatChangeValue(field, from, format)} → ${formatChangeValue(field, to, format)}`]),
              ]
            : bookingDetailRows(row, t, lng, pricing),
      };
    },
  );

  // The office reads the back office's language.
  const officeLng = settings.appearance.language;
  const office = (k: string, values: Record<string, string> = {}) => adminText(officeLng, `guestChanges.officeMail.${k}`, values);
  const lines = presentChanges(officeLng, { fields: [...changes], override: null }).lines;
  const officeMail = renderMail(
    {
      lang: officeLng,
      title: office(`${what}Title`, { reference: row.reference }),
      paragraphs: [office(`${what}Intro`, { name: row.full_name, email: row.email, phone: row.phone })],
      details: what === "changed" ? lines.map((l): [string, string] => [l.label, `${l.from} → ${l.to}`]) : bookingDetailRows(row, deps.translator(officeLng), officeLng, pricing),
      action: { label: office("open"), url: `${deps.env?.PUBLIC_URL ?? ""}/admin/bookings/${row.id}` },
      footer,
    },
    brand,
  );
  await deps.mailer.send(deps.db, {
    to: officeAddress(deps.env ?? {}, site),
    subject: office(`${what}Subject`, { reference: row.reference, name: row.full_name }),
    text: officeMail.text,
    html: officeMail.html,
    kind: what === "changed" ? "office-guest-change" : "office-guest-cancellation",
    locale: officeLng,
    relatedId: row.id,
    dedupeKey: `office-guest-${what}:${key}`,
  });
}

