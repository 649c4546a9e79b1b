/**
 * The partner portal's home (issue 33): the partner's bookings, newest pickup first, searchable by
 * reference, guest or phone and filtered by status, with the guest's price, the partner's net and
 * who pays. Only the signed-in user's partner's bookings are read.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/index";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { BOOKING_STATUSES } from "~/server/db/schema";
import { parsePortalQuery, portalBookings, portalRow, requirePortal } from "~/partners/portal.server";
import { portalButton, portalCard, PortalFrame, portalInput, portalMeta, PortalNotice, portalSecondaryButton } from "~/partners/portal-view";

export const handle: I18nHandle = { i18n: ["portal"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, partner } = await requirePortal(request, context);
  const url = new URL(request.url);
  const query = parsePortalQuery(url);
  const lng = getLanguage(context);
  const page = await portalBookings(context, partner.id, query);
  const t = getInstance(context).getFixedT(null, "portal");
  return {
    title: t("bookings.title"),
    partner: partner.name,
    user: session.user.name || session.user.email,
    query: { q: query.q, status: query.status },
    booked: url.searchParams.get("booked"),
    bookings: page.bookings.map((b) => portalRow(b, lng)),
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

export default function PartnerBookings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const d = loaderData;
  const pageHref = (n: number) => `?${new URLSearchParams({ ...(d.query.q ? { q: d.query.q } : {}), ...(d.query.status ? { status: d.query.status } : {}), page: String(n) })}`;
  return (
    <PortalFrame partner={d.partner} user={d.user} current="bookings" title={t("bookings.title")}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex flex-1 flex-wrap items-end gap-3">
          <div className="min-w-[12rem] flex-1">
            <label htmlFor="portal-q" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("bookings.search")}
            </label>
            <input id="portal-q" name="q" type="search" defaultValue={d.query.q} placeholder={t("bookings.searchHint")} className={`${portalInput} mt-1`} />
          </div>
          <div>
            <label htmlFor="portal-status" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("bookings.status")}
            </label>
            <select id="portal-status" name="status" defaultValue={d.query.status} className={`${portalInput} mt-1`}>
              <option value="">{t("bookings.allStatuses")}</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={portalSecondaryButton}>
            {t("bookings.filter")}
          </button>
        </Form>
        <Link to="/partner/book" className={portalButton}>
          {t("bookings.new")}
        </Link>
      </div>
      {d.booked ? (
        <div className="mt-4">
          <PortalNotice tone="success">{t("bookings.booked", { reference: d.booked })}</PortalNotice>
        </div>
      ) : null}
      {d.bookings.length === 0 ? (
        <div className={`${portalCard} mt-6 text-center`}>
          <p className="font-semibold text-slate-900 dark:text-white">{d.query.q || d.query.status ? t("bookings.noMatches") : t("bookings.empty")}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("bookings.emptyHint")}</p>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t("bookings.count", { count: d.total })}
          </p>
          <ul className="mt-2 space-y-3">
            {d.bookings.map((b) => (
              <li key={b.id} className={portalCard}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link to={`/partner/bookings/${b.id}`} className="font-mono text-base font-bold text-amber-700 underline-offset-2 hover:underline dark:text-amber-300">
                      {b.reference}
                    </Link>
                    <p className="mt-1 font-semibold text-slate-900 dark:text-white">{b.guest}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{b.pickup}</p>
                    <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-300">
                      {b.from} → {b.to}
                    </p>
                  </div>
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">{t(`status.${b.status}`)}</span>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{t("money.guestPrice")}</dt>
                    <dd className="font-semibold text-slate-900 dark:text-white">{b.price}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{t("money.net")}</dt>
                    <dd className="font-semibold text-slate-900 dark:text-white">{b.net}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{t("money.commission")}</dt>
                    <dd className="text-slate-900 dark:text-white">{b.commission}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{t("money.payer")}</dt>
                    <dd className="text-slate-900 dark:text-white">{t(b.partnerPays ? "money.payerPartner" : "money.payerGuest")}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {d.pageCount > 1 ? (
            <nav aria-label={t("bookings.pages")} className="mt-6 flex items-center justify-between text-sm">
              {d.page > 1 ? <Link to={pageHref(d.page - 1)} className={portalSecondaryButton}>{t("bookings.previous")}</Link> : <span />}
              <span className="text-slate-600 dark:text-slate-400">{t("bookings.pageOf", { page: d.page, pages: d.pageCount })}</span>
              {d.page < d.pageCount ? <Link to={pageHref(d.page + 1)} className={portalSecondaryButton}>{t("bookings.next")}</Link> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </PortalFrame>
  );
}
