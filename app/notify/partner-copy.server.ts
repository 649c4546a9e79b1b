/**
 * The partner's copy of a booking it made (issue 33): to the partner's e-mail, in the partner's
 * language (the guest's confirmation goes to the guest in theirs), with the trip's details, the
 * guest's price, the partner's net and commission, who pays, and the booking in the portal. Once
 * per booking (its dedupe key).
 */
import { formatMoney, kurus } from "~/utils/money";
import { netPrice } from "~/booking/rules/partner-price";
import { translatorFor } from "~/i18n/i18next.server";
import { renderMail } from "~/mail/layout";
import { getPartner } from "~/partners/partners.server";
import type { BookingRow } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { bookingDetailRows, type DetailPricing } from "./booking-details.server";
import type { GuestMailDeps } from "./guest-mail.server";

export async function sendPartnerCopy(deps: GuestMailDeps, booking: BookingRow, settings: Settings, pricing: DetailPricing): Promise<void> {
  if (!booking.partner_id) return;
  const partner = await getPartner(deps.db, booking.partner_id);
  if (!partner?.email) return;
  const lng = partner.language;
  const t = translatorFor(lng, "portal");
  const site = settings.general;
  const price = kurus(booking.total_price);
  const commission = kurus(booking.partner_commission);
  const mail = renderMail(
    {
      lang: lng,
      title: t("copy.title", { reference: booking.reference }),
      paragraphs: [t("copy.intro", { site: site.siteName, guest: booking.full_name, partner: partner.name })],
      details: [
        ...bookingDetailRows(booking, deps.translator(lng), lng, pricing),
        [t("money.net"), formatMoney(netPrice(price, commission), lng)],
        [t("money.commission"), formatMoney(commission, lng)],
        [t("money.payer"), t(booking.partner_pays === 1 ? "money.payerPartner" : "money.payerGuest")],
      ],
      action: { label: t("copy.action"), url: `${deps.env?.PUBLIC_URL ?? ""}/partner/bookings/${booking.id}?lng=${lng}` },
      footer: `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`,
    },
    settings.appearance.primaryColor,
  );
  await deps.mailer.send(deps.db, {
    to: partner.email,
    subject: t("copy.subject", { reference: booking.reference, guest: booking.full_name }),
    text: mail.text,
    html: mail.html,
    kind: "partner-copy",
    locale: lng,
    relatedId: booking.id,
    dedupeKey: `partner-copy:${booking.id}`,
  });
}
