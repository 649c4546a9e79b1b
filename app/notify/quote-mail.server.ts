/**
 * What is said when a quote request moves (issue 29), written in the move's transaction: the
 * office's notice (the bell) and mail in the back office's language, the guest's mails in the
 * language they asked in (`quote` namespace) — received, the offer with its private link, no
 * offer. Each goes once (its dedupe key).
 */
import type { Kysely } from "kysely";
import { adminText } from "~/admin/i18n.server";
import { notify } from "~/admin/notifications.server";
import type { QuoteOffer, QuoteTeller } from "~/booking/index.server";
import { isLanguage, type Language } from "~/i18n/config";
import { officeAddress, renderMail } from "~/mail/layout";
import { formatWhen } from "~/notify/booking-details.server";
import type { Database, QuoteRequestRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { formatMoney, kurus } from "~/utils/money";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import type { GuestMailDeps } from "./guest-mail.server";
import type { MailKind } from "~/mail/kinds";

const languageOf = (row: Pick<QuoteRequestRow, "language">): Language => (isLanguage(row.language) ? row.language : "en");

/** The offer's private link as the guest opens it, in their language. */
export const offerUrl = (publicUrl: string, token: string, lng: Language) => `${publicUrl}/offer/${token}?lng=${lng}`;

/** The trip as asked, for both the office's and the guest's mail, through `t` (`quote` namespace keys). */
function askedRows(row: QuoteRequestRow, t: (key: string, values?: Record<string, unknown>) => string, lng: Language): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    [t("quote:mail.reference"), row.reference],
    [t("quote:mail.tripType"), t(`quote:tripTypes.${row.trip_type}`)],
    [t("quote:mail.pickup"), row.pickup],
  ];
  if (row.dropoff) rows.push([t("quote:mail.dropoff"), row.dropoff]);
  rows.push([t("quote:mail.when"), formatWhen(row.pickup_at, lng)]);
  if (row.return_at) rows.push([t("quote:mail.returnWhen"), formatWhen(row.return_at, lng)]);
  if (row.hours) rows.push([t("quote:mail.hours"), String(row.hours)]);
  rows.push([t("quote:mail.passengers"), String(row.passengers)]);
  if (row.luggage !== null) rows.push([t("quote:mail.luggage"), String(row.luggage)]);
  // the special luggage (issue 32) in the booking catalogue's words, as the booking mails say it
  const special = luggageItemsText((key, values) => t(key, values), storedLuggageItems(row.luggage_items), "booking:luggageItems.count");
  if (special) rows.push([t("booking:luggageItems.title"), special]);
  if (row.message) rows.push([t("quote:mail.message"), row.message]);
  return rows;
}

/** The offer's places as the guest reads them: pickup and drop-off as resolved, each with the hotel or address the office gave. */
export function offerPlaceRows(offer: QuoteOffer, t: (key: string) => string): Array<[string, string]> {
  const a = offer.request.addresses ?? {};
  return [
    [t("quote:mail.pickup"), offer.shown.pickup],
    ...(a.pickupAddress ? [[t("quote:mail.address"), a.pickupAddress] as [string, string]] : []),
    ...(offer.request.tripType === "hourly" ? [] : [[t("quote:mail.dropoff"), offer.shown.dropoff] as [string, string]]),
    ...(a.dropoffAddress ? [[t("quote:mail.address"), a.dropoffAddress] as [string, string]] : []),
  ];
}

export function quoteTeller(deps: GuestMailDeps): QuoteTeller {
  const publicUrl = deps.env?.PUBLIC_URL ?? "";

  async function frame(db: Kysely<Database>) {
    const settings = await getSettings(db);
    const site = settings.general;
    return { settings, site, footer: `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`, brand: settings.appearance.primaryColor };
  }

  /** A mail to the guest in their language: `paragraphs` and `details` of its own, the office's contact below. */
  async function toGuest(db: Kysely<Database>, row: QuoteRequestRow, kind: MailKind, text: (t: ReturnType<GuestMailDeps["translator"]>, lng: Language, siteName: string) => { subject: string; title: string; paragraphs: string[]; details: Array<[string, string]>; action?: { label: string; url: string } }, dedupeKey: string) {
    if (!row.email) return;
    const { footer, brand, site } = await frame(db);
    const lng = languageOf(row);
    const t = deps.translator(lng);
    const content = text(t, lng, site.siteName);
    const mail = renderMail({ lang: lng, title: content.title, paragraphs: content.paragraphs, details: content.details, action: content.action, footer }, brand);
    await deps.mailer.send(db, { to: row.email, subject: content.subject, text: mail.text, html: mail.html, kind, locale: lng, relatedId: row.id, dedupeKey });
  }

  return {
    async received(db, row) {
      const { settings, site, footer, brand } = await frame(db);
      await notify(db, {
        kind: "quote",
        message: { title: "notifications.quoteTitle", body: "notifications.quoteBody", values: { name: row.full_name, reference: row.reference, from: row.pickup, to: row.dropoff || "—" } },
        link: `/admin/quote-requests/${row.id}`,
        relatedId: row.id,
      });
      // The office reads the back office's language.
      const officeLng = settings.appearance.language;
      const office = (key: string, values: Record<string, unknown> = {}) => adminText(officeLng, key, values as Record<string, string>);
      const officeMail = renderMail(
        {
          lang: officeLng,
          title: office("officeMail.quoteTitle", { reference: row.reference }),
          paragraphs: [office("officeMail.quoteIntro", { name: row.full_name, email: row.email, phone: row.phone, language: row.language.toUpperCase() })],
          details: askedRows(row, (key, values) => deps.translator(isLanguage(officeLng) ? officeLng : "tr")(key, values), isLanguage(officeLng) ? officeLng : "tr"),
          action: { label: office("officeMail.openQuote"), url: `${publicUrl}/admin/quote-requests/${row.id}` },
          footer,
        },
        brand,
      );
      await deps.mailer.send(db, {
        to: officeAddress(deps.env ?? {}, site),
        subject: office("officeMail.quoteSubject", { reference: row.reference, name: row.full_name }),
        text: officeMail.text,
        html: officeMail.html,
        kind: "office-quote-request",
        locale: officeLng,
        relatedId: row.id,
        dedupeKey: `office-quote-request:${row.id}`,
      });
      await toGuest(
        db,
        row,
        "quote-received",
        (t, lng, siteName) => ({
          subject: t("quote:mail.receivedSubject", { reference: row.reference, siteName }),
          title: t("quote:mail.receivedTitle", { reference: row.reference }),
          paragraphs: [t("quote:mail.hello", { name: row.full_name }), t("quote:mail.receivedIntro", { siteName })],
          details: askedRows(row, t, lng),
        }),
        `quote-received:${row.id}`,
      );
    },

    async offered(db, row, offer, token) {
      await toGuest(
        db,
        row,
        "quote-offer",
        (t, lng, siteName) => ({
          subject: t("quote:mail.offerSubject", { reference: row.reference, siteName }),
          title: t("quote:mail.offerTitle", { reference: row.reference }),
          paragraphs: [
            t("quote:mail.hello", { name: row.full_name }),
            t("quote:mail.offerIntro", { siteName }),
            ...(row.offer_note ? [row.offer_note] : []),
            t("quote:mail.offerValid", { until: formatWhen(row.offer_expires_at ?? row.pickup_at, lng) }),
          ],
          details: [
            [t("quote:mail.reference"), row.reference],
            ...offerPlaceRows(offer, (key) => t(key)),
            [t("quote:mail.when"), formatWhen(offer.request.pickupAt, lng)],
            ...(offer.request.returnAt ? [[t("quote:mail.returnWhen"), formatWhen(offer.request.returnAt, lng)] as [string, string]] : []),
            ...(offer.request.hours ? [[t("quote:mail.hours"), String(offer.request.hours)] as [string, string]] : []),
            [t("quote:mail.passengers"), String(offer.request.passengers)],
            [t("quote:mail.car"), offer.shown.car],
            [t("quote:mail.price"), formatMoney(kurus(offer.shown.price.total), lng)],
          ],
          action: { label: t("quote:mail.offerAction"), url: offerUrl(publicUrl, token, lng) },
        }),
        // a new offer is a new mail (its own link)
        `quote-offer:${row.id}:${row.offered_at}`,
      );
    },

    async closed(db, row) {
      const { site } = await frame(db);
      await toGuest(
        db,
        row,
        "quote-closed",
        (t, lng, siteName) => ({
          subject: t("quote:mail.closedSubject", { reference: row.reference, siteName }),
          title: t("quote:mail.closedTitle", { reference: row.reference }),
          paragraphs: [t("quote:mail.hello", { name: row.full_name }), t("quote:mail.closedIntro", { siteName, phone: site.contactPhone })],
          details: askedRows(row, t, lng),
        }),
        `quote-closed:${row.id}`,
      );
    },

    async accepted(db, row, booking) {
      await notify(db, {
        kind: "quote",
        message: { title: "notifications.quoteAcceptedTitle", body: "notifications.quoteAcceptedBody", values: { name: row.full_name, reference: row.reference, booking: booking.reference } },
        link: `/admin/bookings/${booking.id}`,
        relatedId: booking.id,
      });
    },
  };
}
