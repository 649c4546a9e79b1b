/**
 * /offer/:token — the office's offer on a quote request, as the guest opens it from the mail
 * (issue 29): the trip as the office will run it, the car, the price, the office's note, until
 * when it stands, and "Accept and book". Accepting makes the booking (`acceptOffer`, through the
 * booking module's front door) and shows it with the link to the guest's booking page. A link
 * replaced by a newer offer, or unknown, is a 404; an expired or withdrawn offer says so and
 * offers the office's contacts. A plain post without JavaScript.
 */
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/offer";
import type { I18nHandle } from "~/i18n/resources";
import { useTranslation } from "~/i18n/react";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { acceptOffer, bookingLinkToken, bookingRowById, offerByToken } from "~/booking/index.server";
import { ContactOptions } from "~/components/site/contact-options";
import { formatWhen } from "~/notify/booking-details.server";
import { offerPlaceRows } from "~/notify/quote-mail.server";
import { quoteDeps } from "~/server/booking-deps.server";
import { getApp } from "~/server/context";
import { isLanguage } from "~/i18n/config";
import { formatMoney, kurus } from "~/utils/money";
import { categoryLabel } from "~/fleet/category";
import { brandedTitle, rootMetaData } from "~/components/seo";

export const handle: I18nHandle = { i18n: ["quote"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const lng = getLanguage(context);
  const language = isLanguage(lng) ? lng : "en";
  const t = getInstance(context).getFixedT(lng, "quote");
  const view = await offerByToken(db.kysely, params.token);
  if (!view || !view.offer) return data({ found: false as const, title: t("offer.notFoundTitle") }, { status: 404 });
  const { request: row, offer } = view;
  // Accepted: the booking's own page is where the guest goes next.
  let bookingUrl: string | null = null;
  if (view.booking && env.SESSION_SECRET) {
    const booking = await bookingRowById(db.kysely, view.booking.id);
    if (booking) bookingUrl = `/my-booking/${await bookingLinkToken(db.kysely, env.SESSION_SECRET, booking)}?lng=${language}`;
  }
  const rows: Array<[string, string]> = [
    ...offerPlaceRows(offer, (key) => t(key)),
    [t("mail.when"), formatWhen(offer.request.pickupAt, language)],
    ...(offer.request.returnAt ? [[t("mail.returnWhen"), formatWhen(offer.request.returnAt, language)] as [string, string]] : []),
    ...(offer.request.hours ? [[t("mail.hours"), String(offer.request.hours)] as [string, string]] : []),
    [t("mail.passengers"), String(offer.request.passengers)],
    [t("mail.car"), `${offer.shown.car} · ${categoryLabel(getInstance(context).getFixedT(lng), offer.shown.category)}`],
    [t("mail.name"), row.full_name],
  ];
  return {
    found: true as const,
    title: t("offer.metaTitle", { reference: row.reference }),
    reference: row.reference,
    state: view.state,
    rows,
    total: formatMoney(kurus(offer.shown.price.total), language),
    note: row.offer_note,
    validUntil: row.offer_expires_at ? formatWhen(row.offer_expires_at, language) : null,
    booking: view.booking ? { reference: view.booking.reference, url: bookingUrl } : null,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return [{ title: brandedTitle(data?.title ?? "", rootMetaData(matches, location).siteName) }, { name: "robots", content: "noindex" }];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const result = await acceptOffer(quoteDeps(context), params.token, { ip: app.clientIp || null });
  if (result.ok) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${url.search}`);
  }
  const t = getInstance(context).getFixedT(getLanguage(context), "quote");
  return data({ error: t(`offer.refused.${result.reason}`) }, { status: result.reason === "unknown" ? 404 : 409 });
}

export default function Offer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("quote");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (!loaderData.found) {
    return (
      <main id="main" className="container-page py-16">
        <div className="mx-auto max-w-xl rounded-3xl border border-slate-200 p-8 text-center dark:border-slate-800">
          <h1 className="font-display text-2xl font-semibold">{t("offer.notFoundTitle")}</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t("offer.notFound")}</p>
          <ContactOptions className="mt-6 text-left" />
        </div>
      </main>
    );
  }
  const d = loaderData;
  return (
    <main id="main" className="container-page max-w-2xl py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-strong dark:text-brand">{t("offer.eyebrow")}</p>
      <h1 className="mt-1 font-display text-3xl font-semibold">{t("offer.title", { reference: d.reference })}</h1>
      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded-xl border border-rose-300 bg-rose-50 p-4 font-medium text-rose-900 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100">
          {actionData.error}
        </p>
      ) : null}
      {d.state === "accepted" && d.booking ? (
        <section role="status" className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-50" data-testid="offer-accepted">
          <h2 className="text-lg font-semibold">{t("offer.acceptedTitle", { reference: d.booking.reference })}</h2>
          <p className="mt-2">{t("offer.acceptedText")}</p>
          {d.booking.url ? (
            <a href={d.booking.url} className="btn-primary mt-4">
              {t("offer.openBooking")}
            </a>
          ) : null}
        </section>
      ) : null}
      {d.state === "expired" || d.state === "closed" ? (
        <section className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50">
          <h2 className="text-lg font-semibold">{t(d.state === "expired" ? "offer.expiredTitle" : "offer.closedTitle")}</h2>
          <p className="mt-2">{t(d.state === "expired" ? "offer.expiredText" : "offer.closedText")}</p>
          <ContactOptions className="mt-4" />
        </section>
      ) : null}
      <section className="mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          {d.rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="font-medium [overflow-wrap:anywhere] sm:col-span-2">{value}</dd>
            </div>
          ))}
          <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t("mail.price")}</dt>
            <dd className="font-display text-2xl font-semibold tabular-nums sm:col-span-2" data-testid="offer-total">
              {d.total}
            </dd>
          </div>
        </dl>
        {d.note ? (
          <blockquote className="mt-4 whitespace-pre-line rounded-xl bg-slate-50 p-4 text-slate-800 dark:bg-slate-800/60 dark:text-slate-100">
            <p className="mb-1 text-sm font-semibold">{t("offer.noteFromOffice")}</p>
            {d.note}
          </blockquote>
        ) : null}
        {d.state === "open" ? (
          <Form method="post" className="mt-6 flex flex-col gap-3">
            {d.validUntil ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("offer.validUntil", { until: d.validUntil })}</p> : null}
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? t("offer.accepting") : t("offer.accept")}
            </button>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("offer.acceptNote")}</p>
          </Form>
        ) : null}
      </section>
    </main>
  );
}
