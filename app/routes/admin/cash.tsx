import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/cash";
import { useTranslation } from "~/i18n/react";
import { useCan } from "~/admin/can";
import { DayNav } from "~/admin/day-nav";
import { useAdminFormat } from "~/admin/i18n";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { parseTypedNumber } from "~/admin/typed-number";
import { AdminPage, Alert, buttonClass, Card, CONTROL, StatusBadge, TextareaField } from "~/admin/ui";
import { requirePermission, adminSession } from "~/auth/guard.server";
import { staffActor } from "~/audit/audit.server";
import { cashDay, closeCashDay } from "~/booking/index.server";
import { currenciesOf, type CurrencyAmounts } from "~/booking/rules/cash";
import { businessToday } from "~/booking/rules/datetime";
import { parseBoardDate } from "~/booking/rules/dispatch";
import { longBusinessDate } from "~/booking/rules/format";
import { CURRENCIES, CURRENCY_DECIMALS, formatCurrency, isCurrency, type Currency } from "~/pricing/currency";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";
import { formatTry } from "~/utils/money";

/**
 * /admin/cash?date=YYYY-MM-DD ("Kasa", issue 30): each driver's day — what they recorded taking
 * from guests (cash per currency, card), the legs whose guest still owes, and the day's closing:
 * the office types what it counted, the difference against the ledger is kept and flagged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const asked = new URL(request.url).searchParams.get("date");
  const { date, invalid } = parseBoardDate(asked);
  const [drivers, settings] = await Promise.all([cashDay(db.kysely, date), getSettings(db.kysely)]);
  const money = (amounts: CurrencyAmounts) => currenciesOf(amounts).map((c) => ({ currency: c, text: formatCurrency(amounts[c] ?? 0, c, "tr"), minor: amounts[c] ?? 0 }));
  return {
    date,
    today: businessToday(),
    invalidDate: invalid ? (asked ?? "").slice(0, 40) : null,
    drivers: drivers.map((d) => ({
      driverId: d.driverId,
      name: d.name,
      collections: d.collections.map((c) => ({ id: c.id, reference: c.reference, bookingId: c.bookingId, leg: c.leg, method: c.method, text: formatCurrency(c.currencyAmount, c.currency, "tr"), lira: c.currency === "TRY" ? null : formatTry(c.amount), at: c.at })),
      cash: money(d.cash),
      card: money(d.card),
      // legs done (or under way) whose guest still owes: nobody recorded taking it
      uncollected: d.legs
        .filter((l) => l.bookingStatus !== "cancelled" && (l.jobStatus === "completed" || l.jobStatus === "picked_up") && l.due > 0)
        .map((l) => ({ bookingId: l.bookingId, reference: l.reference, guest: l.guest, leg: l.leg, due: formatTry(l.due), dueForeign: l.dueCurrency === "TRY" ? null : formatCurrency(l.dueInCurrency, l.dueCurrency, "tr") })),
      legs: d.legs.length,
      // the currencies the count asks for: what the ledger has, and what the drivers take
      countCurrencies: CURRENCIES.filter((c) => d.cash[c] !== undefined || settings.payments.driverCurrencies.includes(c)),
      closing: d.closing
        ? { ...d.closing, rows: currenciesOf(d.closing.expected, d.closing.counted).map((c) => ({ currency: c, expected: formatCurrency(d.closing!.expected[c] ?? 0, c, "tr"), counted: formatCurrency(d.closing!.counted[c] ?? 0, c, "tr"), difference: d.closing!.difference[c] ?? 0, differenceText: formatCurrency(d.closing!.difference[c] ?? 0, c, "tr") })) }
        : null,
    })),
  };
}

/** `intent=close`: a driver's day closed with the count typed per currency (`count.EUR` …) and a note. */
export async function action({ request, context }: Route.ActionArgs) {
  requirePermission(context, "cash");
  const session = adminSession(context);
  const { db, clientIp } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const form = await request.formData();
  const driverId = String(form.get("driver") ?? "");
  const { date, invalid } = parseBoardDate(String(form.get("date") ?? ""));
  const say = (key: string) => adminText(lng, `cash.${key}`);
  if (form.get("intent") !== "close" || invalid || !driverId) return data({ driverId, ok: false, message: say("closeFailed"), fields: {} as Record<string, string> }, { status: 400 });
  const counted: CurrencyAmounts = {};
  const fields: Record<string, string> = {};
  for (const currency of CURRENCIES) {
    const raw = form.get(`count.${currency}`);
    if (raw === null) continue;
    const typed = parseTypedNumber(String(raw).slice(0, 40), { decimals: CURRENCY_DECIMALS[currency] });
    if (typed === undefined) continue;
    if (!Number.isFinite(typed) || typed < 0) fields[currency] = say("countInvalid");
    else counted[currency] = Math.round(typed * 10 ** CURRENCY_DECIMALS[currency]);
  }
  if (Object.keys(fields).length > 0) return data({ driverId, ok: false, message: say("closeFailed"), fields }, { status: 400 });
  const result = await closeCashDay(db.kysely, { driverId, day: date, counted, note: String(form.get("note") ?? ""), actor: staffActor(session.user), ip: clientIp });
  if (!result.ok) return data({ driverId, ok: false, message: say(result.reason === "closed" ? "alreadyClosed" : "closeFailed"), fields }, { status: result.reason === "closed" ? 409 : 404 });
  return { driverId, ok: true, flagged: result.hasDifference, message: say(result.hasDifference ? "closedWithDifference" : "closed"), fields };
}

const isCurrencyCode = (c: string): c is Currency => isCurrency(c);

export default function CashPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const can = useCan();
  const format = useAdminFormat();
  const navigation = useNavigation();
  const { date, drivers, invalidDate } = loaderData;
  return (
    <AdminPage title={t("cash.title")} description={t("cash.description")}>
      <title>{`${t("cash.title")} · ${date} · ${t("shell.brand")}`}</title>
      {invalidDate !== null ? <Alert tone="error">{t("dispatch.invalidDate", { value: invalidDate })}</Alert> : null}
      <DayNav path="/admin/cash" date={date} today={loaderData.today} id="cash" />
      {can("payments.write") ? (
        <Form method="get" action="/admin/payments/export" reloadDocument className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 p-4 admin-dark:border-slate-800">
          <div className="min-w-56 flex-1">
            <p className="font-semibold">{t("payments.exportTitle")}</p>
            <p className="text-xs text-slate-600 admin-dark:text-slate-400">{t("payments.exportHelp")}</p>
          </div>
          <div>
            <label htmlFor="export-month" className="mb-1 block text-sm font-medium">
              {t("payments.exportMonth")}
            </label>
            <input id="export-month" type="month" name="month" defaultValue={date.slice(0, 7)} required pattern="\d{4}-\d{2}" className={CONTROL} />
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            {t("payments.exportButton")}
          </button>
        </Form>
      ) : null}
      <h2 className="text-lg font-semibold" data-testid="cash-day">
        {longBusinessDate(date, i18n.language)}
      </h2>
      {drivers.length === 0 ? <Alert tone="info">{t("cash.empty")}</Alert> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        {drivers.map((d) => {
          const answer = actionData && actionData.driverId === d.driverId && navigation.state === "idle" ? actionData : undefined;
          const badge = d.closing ? (
            d.closing.hasDifference ? (
              <StatusBadge label={t("cash.badge.difference")} tone="danger" />
            ) : (
              <StatusBadge label={t("cash.badge.closed")} tone="success" />
            )
          ) : (
            <StatusBadge label={t("cash.badge.open")} tone="warning" />
          );
          return (
            <Card key={d.driverId} title={d.name} actions={badge}>
              <section data-testid={`cash-driver-${d.driverId}`} className="space-y-4 text-sm">
                <dl className="grid grid-cols-2 gap-3">
                  <div>
                    <dt className="text-slate-500 admin-dark:text-slate-400">{t("cash.cashTaken")}</dt>
                    <dd className="font-semibold tabular-nums" data-testid="cash-total">
                      {d.cash.length > 0 ? d.cash.map((m) => m.text).join(" · ") : "—"}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 admin-dark:text-slate-400">{t("cash.cardTaken")}</dt>
                    <dd className="font-semibold tabular-nums">{d.card.length > 0 ? d.card.map((m) => m.text).join(" · ") : "—"}</dd>
                  </div>
                </dl>
                {d.collections.length > 0 ? (
                  <ul className="divide-y divide-slate-100 admin-dark:divide-slate-800" aria-label={t("cash.collections")}>
                    {d.collections.map((c) => (
                      <li key={c.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                        <span>
                          {format.date(c.at)} ·{" "}
                          <Link to={`/admin/bookings/${c.bookingId}`} className="inline-block min-h-6 leading-6 font-medium underline">
                            {c.reference}
                          </Link>{" "}
                          · {t(`payments.methods.${c.method}`)}
                        </span>
                        <span className="tabular-nums">
                          {c.text}
                          {c.lira ? <span className="text-slate-500 admin-dark:text-slate-400"> ({c.lira})</span> : null}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-600 admin-dark:text-slate-400">{t("cash.noCollections", { legs: d.legs })}</p>
                )}
                {d.uncollected.length > 0 ? (
                  <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 admin-dark:border-amber-800 admin-dark:bg-amber-950/40" data-testid="cash-uncollected">
                    <p className="font-semibold">{t("cash.uncollected")}</p>
                    <ul className="mt-1 space-y-1">
                      {d.uncollected.map((u) => (
                        <li key={`${u.bookingId}:${u.leg}`}>
                          <Link to={`/admin/bookings/${u.bookingId}`} className="inline-block min-h-6 leading-6 font-medium underline">
                            {u.reference}
                          </Link>{" "}
                          · {u.guest} · {u.due}
                          {u.dueForeign ? ` (${u.dueForeign})` : ""}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {answer ? <Alert tone={!answer.ok ? "error" : "flagged" in answer && answer.flagged ? "warning" : "success"}>{answer.message}</Alert> : null}
                {d.closing ? (
                  <div data-testid="cash-closing">
                    <table className="w-full text-left tabular-nums">
                      <caption className="mb-1 text-left font-semibold">{t("cash.closingTitle", { by: d.closing.by, at: format.date(d.closing.at) })}</caption>
                      <thead className="text-xs text-slate-500 admin-dark:text-slate-400">
                        <tr>
                          <th scope="col" className="py-1 font-medium">{t("payments.currency")}</th>
                          <th scope="col" className="py-1 font-medium">{t("cash.expected")}</th>
                          <th scope="col" className="py-1 font-medium">{t("cash.counted")}</th>
                          <th scope="col" className="py-1 font-medium">{t("cash.difference")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.closing.rows.map((r) => (
                          <tr key={r.currency} data-difference={r.difference !== 0 ? "yes" : "no"}>
                            <th scope="row" className="py-1 font-medium">{r.currency}</th>
                            <td className="py-1">{r.expected}</td>
                            <td className="py-1">{r.counted}</td>
                            <td className={`py-1 font-semibold ${r.difference !== 0 ? "text-red-700 admin-dark:text-red-400" : ""}`}>{r.differenceText}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    {d.closing.note ? <p className="mt-2">{d.closing.note}</p> : null}
                    {d.closing.stale ? <Alert tone="warning">{t("cash.stale")}</Alert> : null}
                  </div>
                ) : can("cash") ? (
                  <Form method="post" className="space-y-3 border-t border-slate-200 pt-3 admin-dark:border-slate-700">
                    <input type="hidden" name="intent" value="close" />
                    <input type="hidden" name="driver" value={d.driverId} />
                    <input type="hidden" name="date" value={date} />
                    <fieldset>
                      <legend className="font-semibold">{t("cash.countTitle")}</legend>
                      <p className="text-xs text-slate-600 admin-dark:text-slate-400">{t("cash.countHelp")}</p>
                      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
                        {d.countCurrencies.filter(isCurrencyCode).map((c) => (
                          <label key={c} className="block text-sm font-medium">
                            {t("cash.countLabel", { currency: c })}
                            <input name={`count.${c}`} inputMode="decimal" autoComplete="off" className={`${CONTROL} mt-1`} aria-invalid={answer?.fields[c] ? true : undefined} />
                            {answer?.fields[c] ? <span className="mt-1 block text-red-700 admin-dark:text-red-400">{answer.fields[c]}</span> : null}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                    <TextareaField label={t("cash.note")} name="note" rows={2} maxLength={300} />
                    <button type="submit" className={buttonClass("primary")}>
                      {t("cash.close")}
                    </button>
                  </Form>
                ) : null}
              </section>
            </Card>
          );
        })}
      </div>
    </AdminPage>
  );
}
