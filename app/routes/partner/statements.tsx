/**
 * The partner's statements in the portal (issue 33): the last twelve months with their bookings
 * and paid state, one month's totals (guest price, net, commission, on account, the balance), and
 * the month as a PDF in the partner's language or a CSV for Excel. Only the partner's own.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/statements";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { balanceSide, isStatementMonth, lastMonth, monthOf, shiftMonth } from "~/partners/statement";
import { LOCALE_TAGS } from "~/i18n/config";
import { partnerStatement, statementMonths } from "~/partners/statements.server";
import { requirePortal } from "~/partners/portal.server";
import { portalCard, PortalFrame, portalInput, portalMeta, portalSecondaryButton } from "~/partners/portal-view";
import { getApp } from "~/server/context";
import { formatMoney, kurus } from "~/utils/money";

export const handle: I18nHandle = { i18n: ["portal"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, partner } = await requirePortal(request, context);
  const db = getApp(context).db.kysely;
  const asked = new URL(request.url).searchParams.get("month");
  const month = isStatementMonth(asked) ? asked : lastMonth();
  const lng = getLanguage(context);
  // the months ahead too: a partner books trips weeks before they run
  const [months, statement] = await Promise.all([statementMonths(db, partner.id, shiftMonth(monthOf(new Date()), 3), 15), partnerStatement(db, partner.id, month, { lng })]);
  const monthName = (m: string) => new Intl.DateTimeFormat(LOCALE_TAGS[lng], { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${m}-01T12:00:00Z`));
  const money = (n: number) => formatMoney(kurus(Math.abs(n)), lng);
  const totals = statement?.totals;
  return {
    title: getInstance(context).getFixedT(null, "portal")("statements.title"),
    partner: partner.name,
    user: session.user.name || session.user.email,
    month,
    monthName: monthName(month),
    months: months.map((m) => ({ month: m.month, name: monthName(m.month), bookings: m.bookings, paid: m.paidAt !== null })),
    totals: totals
      ? {
          bookings: totals.bookings,
          cancelled: totals.cancelled,
          guest: money(totals.guestTotal),
          net: money(totals.netTotal),
          commission: money(totals.commissionTotal),
          onAccount: money(totals.onAccountTotal),
          collected: money(totals.collectedTotal),
          balance: money(totals.balance),
          side: balanceSide(totals.balance),
        }
      : null,
    paid: Boolean(statement?.paid),
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

export default function PartnerStatements({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const line = (label: string, value: string | number) => (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
  return (
    <PortalFrame partner={d.partner} user={d.user} current="statements" title={t("statements.title")}>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="statement-month" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("statements.month")}
          </label>
          <input id="statement-month" name="month" type="month" defaultValue={d.month} className={`${portalInput} mt-1`} />
        </div>
        <button type="submit" className={portalSecondaryButton}>
          {t("statements.show")}
        </button>
      </Form>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="statement-totals" className={portalCard}>
          <h2 id="statement-totals" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("statements.monthTitle", { month: d.monthName })}
          </h2>
          {d.totals ? (
            <>
              <dl className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                {line(t("statements.bookings"), d.totals.bookings)}
                {line(t("statements.cancelled"), d.totals.cancelled)}
                {line(t("money.guestPrice"), d.totals.guest)}
                {line(t("money.net"), d.totals.net)}
                {line(t("money.commission"), d.totals.commission)}
                {line(t("statements.onAccount"), d.totals.onAccount)}
                {line(t("statements.collected"), d.totals.collected)}
                {line(t(`statements.balance.${d.totals.side}`), d.totals.balance)}
              </dl>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t(d.paid ? "statements.paid" : "statements.open")}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <a href={`/partner/statements/${d.month}.pdf`} className={portalSecondaryButton} download>
                  {t("statements.pdf")}
                </a>
                <a href={`/partner/statements/${d.month}.csv`} className={portalSecondaryButton} download>
                  {t("statements.csv")}
                </a>
              </div>
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("statements.none")}</p>
          )}
        </section>
        <section aria-labelledby="statement-months" className={portalCard}>
          <h2 id="statement-months" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("statements.months")}
          </h2>
          <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {d.months.map((m) => (
              <li key={m.month} className="flex items-center justify-between gap-3 py-2">
                <Link to={`?month=${m.month}`} aria-current={m.month === d.month ? "page" : undefined} className="font-semibold text-amber-700 underline dark:text-amber-300">
                  {m.name}
                </Link>
                <span className="text-slate-600 dark:text-slate-300">
                  {t("statements.count", { count: m.bookings })} · {t(m.paid ? "statements.paidShort" : "statements.openShort")}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PortalFrame>
  );
}
