/**
 * The office's statement page (issue 33, /admin/partners/:id/statements): the month picker, the
 * month's bookings and totals, the downloads, marking paid (with a confirmation, without
 * JavaScript too) and the last months with their paid state. React only; the route reads the data.
 */
import { Form, Link } from "react-router";
import { useAdminFormat } from "~/admin/i18n";
import { bookingBadge } from "~/admin/status";
import { Alert, Card, CONTROL, ConfirmDialog, EmptyState, StatusBadge, TextareaField, buttonClass } from "~/admin/ui";
import { useTranslation } from "~/i18n/react";
import { formatTry, type Kurus } from "~/utils/money";
import { balanceSide, type StatementTotals } from "./statement";
import type { PartnerStatement, StatementMonth } from "./statements.server";

const base = (partnerId: string) => `/admin/partners/${partnerId}/statements`;

export function MonthPicker({ partnerId, month }: { partnerId: string; month: string }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" action={base(partnerId)} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="statement-month" className="mb-1 block text-sm font-medium">
          {t("partners.statements.month")}
        </label>
        <input id="statement-month" type="month" name="month" defaultValue={month} required pattern="\d{4}-\d{2}" className={CONTROL} />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        {t("partners.statements.show")}
      </button>
    </Form>
  );
}

export function StatementTable({ statement }: { statement: PartnerStatement }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  if (statement.lines.length === 0) return <EmptyState title={t("partners.statements.noBookings")} />;
  const heads = ["reference", "date", "route", "guest", "status", "pays", "guestPrice", "net", "commission"] as const;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("partners.statements.link")}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase text-slate-600 admin-dark:bg-slate-800 admin-dark:text-slate-300">
          <tr>
            {heads.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 font-semibold ${i >= 6 ? "text-right" : ""}`}>
                {t(`partners.statements.columns.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
          {statement.lines.map((line) => {
            const badge = bookingBadge(line.status);
            const money = (k: Kurus) => (line.counted ? formatTry(k) : "—");
            return (
              <tr key={line.id} className={line.counted ? "" : "text-slate-500 admin-dark:text-slate-400"}>
                <td className="px-3 py-2 font-mono">
                  <Link to={`/admin/bookings/${line.id}`} className="text-brand-strong hover:underline admin-dark:text-brand">
                    {line.reference}
                  </Link>
                </td>
                <td className="px-3 py-2 tabular-nums whitespace-nowrap">{format.date(line.pickupDate)}</td>
                <td className="px-3 py-2">{line.route}</td>
                <td className="px-3 py-2">{line.guestName}</td>
                <td className="px-3 py-2">
                  <StatusBadge label={t(badge.key)} tone={badge.tone} />
                  {line.counted ? null : <span className="ml-1 text-xs">({t("partners.statements.notCounted")})</span>}
                </td>
                <td className="px-3 py-2">{t(line.partnerPays ? "partners.statements.paysPartner" : "partners.statements.paysGuest")}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(line.guestPrice)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(line.net)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(line.commission)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function StatementTotalsList({ totals, partnerName }: { totals: Pick<StatementTotals, "bookings" | "guestTotal" | "netTotal" | "commissionTotal" | "onAccountTotal" | "collectedTotal" | "balance"> & { cancelled?: number; commissionOnCollected?: Kurus }; partnerName: string }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const rows: Array<[string, string]> = [
    [t("partners.statements.totals.bookings"), format.number(totals.bookings)],
    ...(totals.cancelled ? ([[t("partners.statements.totals.cancelled"), format.number(totals.cancelled)]] as Array<[string, string]>) : []),
    [t("partners.statements.totals.guest"), formatTry(totals.guestTotal)],
    [t("partners.statements.totals.commission"), formatTry(totals.commissionTotal)],
    [t("partners.statements.totals.net"), formatTry(totals.netTotal)],
    [t("partners.statements.totals.onAccount"), formatTry(totals.onAccountTotal)],
    [t("partners.statements.totals.collected"), formatTry(totals.collectedTotal)],
    ...(totals.commissionOnCollected !== undefined ? ([[t("partners.statements.totals.commissionOnCollected"), formatTry(totals.commissionOnCollected)]] as Array<[string, string]>) : []),
  ];
  const side = balanceSide(totals.balance);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 admin-dark:text-slate-400">{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
      <dt className="pt-2 font-semibold">
        {t("partners.statements.totals.balance")} <span className="font-normal">({t(`partners.statements.balance.${side}`, { partner: partnerName })})</span>
      </dt>
      <dd className="pt-2 text-right text-base font-semibold tabular-nums" data-testid="statement-balance">
        {formatTry(totals.balance)}
      </dd>
    </dl>
  );
}

/** Paid or not, and the office's buttons: mark paid (partners.write) or undo it. */
export function PaidPanel({ statement, canWrite }: { statement: PartnerStatement; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const { paid, partner, month } = statement;
  const action = `${base(partner.id)}?month=${month}`;
  if (paid)
    return (
      <Card title={t("partners.statements.paidTitle")}>
        <p className="text-sm">
          <StatusBadge label={t("partners.statements.paid")} tone="success" /> {t("partners.statements.paidBy", { date: format.date(paid.at), name: paid.by })}
        </p>
        {paid.note ? <p className="mt-2 text-sm">{paid.note}</p> : null}
        {statement.changedSincePaid ? (
          <div className="mt-3">
            <Alert tone="warning">{t("partners.statements.changedSincePaid")}</Alert>
          </div>
        ) : null}
        <h3 className="mt-4 mb-2 text-sm font-semibold">{t("partners.statements.frozenTotals")}</h3>
        <StatementTotalsList totals={paid.totals} partnerName={partner.name} />
        {canWrite ? (
          <div className="mt-4">
            <ConfirmDialog
              trigger={t("partners.statements.markUnpaid")}
              message={t("partners.statements.markUnpaidConfirm", { month })}
              confirmLabel={t("partners.statements.markUnpaid")}
              action={action}
              fields={{ intent: "unpaid", month }}
            />
          </div>
        ) : null}
      </Card>
    );
  return (
    <Card title={t("partners.statements.paidTitle")}>
      <p className="text-sm">
        <StatusBadge label={t("partners.statements.unpaid")} tone="warning" />
      </p>
      {canWrite ? (
        <details className="mt-4">
          <summary className={buttonClass("primary", "sm", "cursor-pointer list-none")}>{t("partners.statements.markPaid")}</summary>
          <Form method="post" action={action} className="mt-3 space-y-3 rounded-lg border border-slate-200 p-4 admin-dark:border-slate-700">
            <p className="text-sm">{t("partners.statements.markPaidConfirm", { month, partner: partner.name, balance: formatTry(statement.totals.balance) })}</p>
            <input type="hidden" name="intent" value="paid" />
            <input type="hidden" name="month" value={month} />
            <TextareaField label={t("partners.statements.note")} name="note" maxLength={500} rows={2} />
            <button type="submit" className={buttonClass("primary", "sm")}>
              {t("partners.statements.confirmPaid")}
            </button>
          </Form>
        </details>
      ) : null}
    </Card>
  );
}

export function MonthsList({ partnerId, months, current }: { partnerId: string; months: StatementMonth[]; current: string }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  return (
    <Card title={t("partners.statements.months")} bodyClassName="p-0">
      <ul className="divide-y divide-slate-200 text-sm admin-dark:divide-slate-800">
        {months.map((m) => (
          <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2">
            <Link to={`${base(partnerId)}?month=${m.month}`} aria-current={m.month === current ? "page" : undefined} className="font-mono text-brand-strong hover:underline aria-[current=page]:font-bold admin-dark:text-brand">
              {m.month}
            </Link>
            <span className="text-slate-600 admin-dark:text-slate-400">{t("partners.statements.bookingsCount", { count: m.bookings })}</span>
            {m.paidAt ? (
              <StatusBadge label={`${t("partners.statements.paid")} · ${format.dayOf(m.paidAt)}`} tone="success" />
            ) : (
              <StatusBadge label={t("partners.statements.unpaid")} tone={m.bookings > 0 ? "warning" : "neutral"} />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
