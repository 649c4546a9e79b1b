/**
 * The booking page's "Ödemeler" card (issue 30): the ledger as the office reads it (Turkish money,
 * each movement with its currency, rate, who and why), where the booking stands, and the form that
 * records a payment the office received or gave back, always with a reason.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { parseTypedNumber } from "~/admin/typed-number";
import { refundableOnline, refundToCard } from "~/booking/index.server";
import { amountDueOf, bookingCheckouts, bookingMoney, bookingReceipts, bookingRowById, getBooking, isHeld, officeActor, recordPayment, type PaymentNotify } from "~/booking/index.server";
import { translate, translateFields } from "~/i18n/translate.server";
import { CURRENCY_DECIMALS, formatCurrency, isCurrency, type Currency } from "~/pricing/currency";
import type { CheckoutPurpose, CheckoutStatus, Database, PaymentMethod, PaymentStatus } from "~/server/db/schema";
import { PAYMENT_METHODS } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { formatTry, kurus } from "~/utils/money";
import type { CurrentSession } from "~/auth/session.server";

export interface PaymentLine {
  id: string;
  kind: string;
  method: string;
  /** signed, in lira as the office reads it ("₺1.250,00", "-₺300,00") */
  amount: string;
  /** in the currency it moved in, when not lira ("€23,86 · 52,4000") */
  foreign: string | null;
  reason: string;
  by: string;
  at: string;
  /** its receipt's number (the PDF at /admin/bookings/{id}/receipts/{number}) */
  receipt: string | null;
}

export interface MoneyView {
  status: PaymentStatus;
  total: string;
  paid: string;
  due: string;
  /** what is owed in the guest's currency, when not lira */
  dueForeign: string | null;
  credit: string | null;
  lines: PaymentLine[];
  /** the currency the form starts in: the guest's */
  currency: Currency;
  /** the form's one-time key: a second press of the same form refunds a card once (issue 30) */
  formKey: string;
  /** issue 30: waiting for its online payment until this instant (UTC), or null */
  heldUntil: string | null;
  /** the guest's visits to the provider's page, newest first */
  checkouts: Array<{ id: string; provider: string; purpose: CheckoutPurpose; status: CheckoutStatus; amount: string; foreign: string | null; failure: string; at: string }>;
}

const rateText = (rate: number) => (rate / 10_000).toLocaleString("tr-TR", { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** The card's content for a booking (undefined: no such booking). */
export async function loadMoneyView(db: Kysely<Database>, bookingId: string): Promise<MoneyView | undefined> {
  const record = await getBooking(db, bookingId);
  if (!record) return undefined;
  const [money, receipts, checkouts, row] = await Promise.all([bookingMoney(db, record), bookingReceipts(db, record.id), bookingCheckouts(db, record.id), bookingRowById(db, record.id)]);
  const receiptOf = new Map(receipts.map((r) => [r.payment_id, r.number]));
  const due = amountDueOf(record);
  return {
    status: money.status,
    total: formatTry(money.total),
    paid: formatTry(money.paid),
    due: formatTry(money.balanceDue),
    dueForeign: due.currency !== "TRY" && money.balanceDue > 0 ? formatCurrency(due.inCurrency, due.currency, "tr") : null,
    credit: money.credit > 0 ? formatTry(money.credit) : null,
    currency: due.currency,
    formKey: randomUUID(),
    heldUntil: row && isHeld(row) ? row.hold_until : null,
    checkouts: checkouts.map((c) => ({
      id: c.id,
      provider: c.provider,
      purpose: c.purpose,
      status: c.status,
      amount: formatTry(kurus(c.amount)),
      foreign: isCurrency(c.currency) && c.currency !== "TRY" ? formatCurrency(c.currency_amount, c.currency, "tr") : null,
      failure: c.failure,
      at: c.created_at,
    })),
    lines: money.payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      method: p.method,
      amount: formatTry(kurus(p.amount)),
      foreign: isCurrency(p.currency) && p.currency !== "TRY" ? `${formatCurrency(p.currency_amount, p.currency, "tr")}${p.currency_rate ? ` · ${rateText(p.currency_rate)}` : ""}` : null,
      reason: p.reason,
      by: p.actor_label,
      at: p.created_at,
      receipt: receiptOf.get(p.id) ?? null,
    })),
  };
}

export type PaymentFormResult = {
  intent: "payment";
  ok: boolean;
  message: string;
  fields: Record<string, string[]>;
  values: Record<string, string>;
};

/** Reads "in"/"out", an amount as typed (Turkish or not), a currency, a method and the reason, and records it. */
export async function runPaymentForm(
  db: Kysely<Database>,
  session: CurrentSession,
  form: FormData,
  lng: AdminLanguage,
  bookingId: string,
  settings: Pick<Settings, "currency">,
  ip: string | null,
  notify: PaymentNotify,
): Promise<PaymentFormResult> {
  const values = Object.fromEntries(["direction", "amount", "currency", "method", "reason"].map((k) => [k, String(form.get(k) ?? "").slice(0, 400)]));
  const say = (key: string) => adminText(lng, `payments.errors.${key}`);
  const fail = (fields: Record<string, string[]>, message = say("invalid")): PaymentFormResult => ({ intent: "payment", ok: false, message, fields, values });
  const currency = values.currency || "TRY";
  if (!isCurrency(currency)) return fail({ currency: [say("currency")] });
  const typed = parseTypedNumber(values.amount, { decimals: CURRENCY_DECIMALS[currency] });
  if (typed === undefined || !Number.isFinite(typed) || typed <= 0) return fail({ amount: [say("amount")] });
  const direction = values.direction === "out" ? -1 : 1;
  const method = values.method as PaymentMethod;
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) return fail({ method: [say("method")] });
  const minor = Math.round(typed * 10 ** CURRENCY_DECIMALS[currency]);
  // Money given back to a card paid online goes back through the provider (issue 30).
  if (direction < 0 && method === "card" && (await refundableOnline(db, bookingId, currency)) > 0) {
    const reason = (values.reason ?? "").trim();
    if (!reason) return fail({ reason: [say("reasonRequired")] });
    const key = String(form.get("key") ?? "").slice(0, 64) || randomUUID();
    const refundable = await refundableOnline(db, bookingId, currency);
    const done = await refundToCard({ db, log: notify.log ?? { error: () => {}, warn: () => {} }, mailer: notify.mailer, env: notify.env }, bookingId, {
      minor,
      currency,
      reason: reason.slice(0, 300),
      actor: officeActor(session.user),
      ip,
      rates: settings.currency.rates,
      key: `office:${key}`,
    });
    if (done.ok) return { intent: "payment", ok: true, message: adminText(lng, "payments.online.refunded"), fields: {}, values: {} };
    if (done.tooMuch) return fail({ amount: [adminText(lng, "payments.online.refundTooMuch", { amount: formatTry(refundable) })] });
    return fail({}, adminText(lng, "payments.online.refundProviderFailed", { error: done.failed.map((f) => f.error).join("; ").slice(0, 200) || "timeout" }));
  }
  // money received is the office's entry; money given back is a refund (the state reads "refunded")
  const result = await recordPayment(db, {
    bookingId,
    kind: direction < 0 ? "refund" : "adjustment",
    method,
    amount: minor,
    currency,
    reason: values.reason,
    actor: officeActor(session.user),
    ip,
    rates: settings.currency.rates,
  }, notify);
  if (!result.ok) return fail(translateFields(lng, result.fields), translate(lng, result.problem));
  return { intent: "payment", ok: true, message: adminText(lng, "payments.recorded"), fields: {}, values: {} };
}
