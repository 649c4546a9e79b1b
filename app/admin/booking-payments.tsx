/**
 * The booking page's "Ödemeler" card (issue 30): where the booking's money stands (total, received,
 * still owed, in lira and in the guest's currency), every movement of its ledger, and, for those
 * who may, the form that records money the office received or gave back, with its reason.
 */
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { useAdminFormat } from "~/admin/i18n";
import { Alert, Card, SelectField, StatusBadge, TextField, TextareaField, buttonClass, type Tone } from "~/admin/ui";
import { MAX_PAYMENT_REASON } from "~/booking/rules/payments";
import { CURRENCIES } from "~/pricing/currency";
import type { MoneyView, PaymentFormResult } from "./booking-payments.server";

export const PAYMENT_TONES: Record<MoneyView["status"], Tone> = { unpaid: "warning", part_paid: "info", paid: "success", refunded: "neutral" };

export function PaymentsCard({ bookingId, money, canWrite, result }: { bookingId: string; money: MoneyView; canWrite: boolean; result?: PaymentFormResult }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "payment";
  const failed = result && !result.ok ? result : undefined;
  const value = (key: string, fallback = "") => failed?.values[key] ?? fallback;
  return (
    <Card title={t("payments.title")} actions={<StatusBadge label={t(`payments.status.${money.status}`)} tone={PAYMENT_TONES[money.status]} />}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4" data-testid="booking-money">
        <div>
          <dt className="text-slate-500 admin-dark:text-slate-400">{t("payments.total")}</dt>
          <dd className="font-medium tabular-nums">{money.total}</dd>
        </div>
        <div>
          <dt className="text-slate-500 admin-dark:text-slate-400">{t("payments.paid")}</dt>
          <dd className="font-medium tabular-nums" data-testid="money-paid">{money.paid}</dd>
        </div>
        <div>
          <dt className="text-slate-500 admin-dark:text-slate-400">{t("payments.due")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="money-due">
            {money.due}
            {money.dueForeign ? <span className="block text-xs font-normal text-slate-600 admin-dark:text-slate-400">{money.dueForeign}</span> : null}
          </dd>
        </div>
        {money.credit ? (
          <div>
            <dt className="text-slate-500 admin-dark:text-slate-400">{t("payments.credit")}</dt>
            <dd className="font-medium tabular-nums">{money.credit}</dd>
          </div>
        ) : null}
      </dl>

      {money.heldUntil ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 admin-dark:bg-amber-950/40 admin-dark:text-amber-100" data-testid="money-held">
          {t("payments.online.heldUntil", { time: format.date(money.heldUntil) })}
        </p>
      ) : null}
      {money.lines.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 admin-dark:text-slate-400">{t("payments.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 text-sm admin-dark:divide-slate-800" aria-label={t("payments.ledger")}>
          {money.lines.map((line) => (
            <li key={line.id} data-kind={line.kind} className="grid grid-cols-[1fr_auto] gap-x-4 py-2">
              <div className="min-w-0">
                <p className="font-medium">
                  {t(`payments.kinds.${line.kind}`)} · {t(`payments.methods.${line.method}`)}
                </p>
                <p className="text-xs text-slate-500 admin-dark:text-slate-400">
                  {format.date(line.at)} · {line.by}
                </p>
                {line.reason ? <p className="mt-0.5 break-words">{line.reason}</p> : null}
                {line.receipt ? (
                  <a href={`/admin/bookings/${bookingId}/receipts/${line.receipt}`} className="inline-block min-h-6 text-xs leading-6 underline">
                    {t("payments.receipt", { number: line.receipt })}
                  </a>
                ) : null}
              </div>
              <p className="text-right tabular-nums">
                {line.amount}
                {line.foreign ? <span className="block text-xs text-slate-500 admin-dark:text-slate-400">{line.foreign}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}

      {money.checkouts.length > 0 ? (
        <details className="mt-4 text-sm" data-testid="checkouts">
          <summary className="min-h-6 cursor-pointer font-medium">
            {t("payments.online.checkouts")} ({money.checkouts.length})
          </summary>
          <ul className="mt-2 divide-y divide-slate-100 admin-dark:divide-slate-800">
            {money.checkouts.map((c) => (
              <li key={c.id} data-status={c.status} className="grid grid-cols-[1fr_auto] gap-x-4 py-2">
                <div className="min-w-0">
                  <p className="font-medium">
                    {t(`payments.online.purpose.${c.purpose}`)} · {c.provider} · {t(`payments.online.checkoutStatus.${c.status}`)}
                  </p>
                  <p className="text-xs text-slate-500 admin-dark:text-slate-400">{format.date(c.at)}</p>
                  {c.failure ? <p className="mt-0.5 break-words text-xs">{c.failure}</p> : null}
                </div>
                <p className="text-right tabular-nums">
                  {c.amount}
                  {c.foreign ? <span className="block text-xs text-slate-500 admin-dark:text-slate-400">{c.foreign}</span> : null}
                </p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {result ? (
        <div className="mt-4">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      ) : null}

      {canWrite ? (
        <Form method="post" className="mt-5 border-t border-slate-200 pt-4 admin-dark:border-slate-700" key={result?.ok ? "recorded" : "form"}>
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="key" value={money.formKey} />
          <fieldset>
            <legend className="text-sm font-semibold">{t("payments.recordTitle")}</legend>
            <p className="mt-1 text-xs text-slate-600 admin-dark:text-slate-400">{t("payments.recordHelp")}</p>
            <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField
                label={t("payments.direction")}
                name="direction"
                defaultValue={value("direction", "in")}
                options={[
                  { value: "in", label: t("payments.directions.in") },
                  { value: "out", label: t("payments.directions.out") },
                ]}
                errors={failed?.fields.direction}
              />
              <TextField label={t("payments.amount")} name="amount" inputMode="decimal" autoComplete="off" required defaultValue={value("amount")} errors={failed?.fields.amount} />
              <SelectField
                label={t("payments.currency")}
                name="currency"
                defaultValue={value("currency", money.currency)}
                options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                errors={failed?.fields.currency}
              />
              <SelectField
                label={t("payments.method")}
                name="method"
                defaultValue={value("method", "cash")}
                options={(["cash", "card", "bank", "other"] as const).map((m) => ({ value: m, label: t(`payments.methods.${m}`) }))}
                errors={failed?.fields.method}
              />
              <TextareaField
                label={t("payments.reason")}
                help={t("payments.reasonHelp")}
                name="reason"
                rows={2}
                maxLength={MAX_PAYMENT_REASON}
                required
                defaultValue={value("reason")}
                errors={failed?.fields.reason}
                className="sm:col-span-2 lg:col-span-4"
              />
            </div>
            <button type="submit" disabled={saving} className={buttonClass("primary", "md", "mt-4")}>
              {saving ? t("ui.saving") : t("payments.record")}
            </button>
          </fieldset>
        </Form>
      ) : null}
    </Card>
  );
}
