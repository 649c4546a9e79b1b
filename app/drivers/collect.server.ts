/**
 * The job sheet's "Tahsilat" (issue 30): once the guest is on board (or dropped off), the driver
 * sees what the booking still owes (the guest's currency and lira) and records what they took:
 * an amount, a currency the office accepts, cash or card. Each record is a ledger row
 * (`recordDriverCollection`); the office closes the driver's day on /admin/cash.
 */
import type { Kysely } from "kysely";
import { parseTypedNumber } from "~/admin/typed-number";
import { arrivalTermsOf, bookingRowById, legCollections, legOfJobToken, recordDriverCollection, type PaymentNotify } from "~/booking/index.server";
import { amountDueOf } from "~/booking/rules/payments";
import { amountBoth } from "~/booking/rules/payment-text";
import type { Language } from "~/i18n/config";
import { CURRENCY_DECIMALS, formatCurrency, isCurrency, type Currency } from "~/pricing/currency";
import type { Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";

export interface CollectView {
  /** what the booking still owes, in the guest's currency and lira ("€44.06 (₺2,308.74)"), or null when nothing */
  due: string | null;
  currencies: Currency[];
  currency: Currency;
  cash: boolean;
  card: boolean;
  /** what was recorded on this leg ("€40.00 · cash") */
  recorded: Array<{ id: string; text: string; method: string }>;
  /** a fresh one-time key for the form */
  nonce: string;
}

/** The collection part of a leg's sheet, or null when the leg is not at its end (or its booking was cancelled). */
export async function collectViewOfToken(db: Kysely<Database>, token: string, lng: Language): Promise<CollectView | null> {
  const leg = await legOfJobToken(db, token);
  if (!leg || (leg.job_status !== "picked_up" && leg.job_status !== "completed")) return null;
  const booking = await bookingRowById(db, leg.booking_id);
  if (!booking || booking.status === "cancelled") return null;
  const settings = await getSettings(db);
  const terms = arrivalTermsOf(settings);
  const due = amountDueOf(booking);
  // the currencies the driver takes, with the guest's own first when the office accepts it
  const currencies: Currency[] = terms.currencies.includes(due.currency) ? [due.currency, ...terms.currencies.filter((c) => c !== due.currency)] : terms.currencies;
  const recorded = await legCollections(db, booking.id, leg.leg);
  return {
    due: due.due > 0 ? amountBoth(due, due.due, booking.currency_rate, lng) : null,
    currencies: currencies.length > 0 ? currencies : ["TRY"],
    currency: currencies[0] ?? "TRY",
    cash: terms.cash,
    card: terms.card,
    recorded: recorded.map((p) => ({ id: p.id, method: p.method, text: isCurrency(p.currency) ? formatCurrency(p.currency_amount, p.currency, lng) : String(kurus(p.amount)) })),
    nonce: crypto.randomUUID().replaceAll("-", ""),
  };
}

export type CollectFormResult = { ok: true } | { ok: false; code: string; field: "amount" | "currency" | null; values: { amount: string; currency: string; method: string } };

/** Reads the driver's form (amount as typed, currency, method, the one-time key) and records it. */
export async function runCollectForm(db: Kysely<Database>, token: string, form: FormData, notify: PaymentNotify): Promise<CollectFormResult | "not_found"> {
  const values = { amount: String(form.get("amount") ?? "").slice(0, 40), currency: String(form.get("currency") ?? ""), method: String(form.get("method") ?? "") };
  const fail = (code: string, field: "amount" | "currency" | null): CollectFormResult => ({ ok: false, code, field, values });
  if (!isCurrency(values.currency)) return fail("collect.errors.currency", "currency");
  const typed = parseTypedNumber(values.amount, { decimals: CURRENCY_DECIMALS[values.currency] });
  if (typed === undefined || !Number.isFinite(typed) || typed <= 0) return fail("collect.errors.amount", "amount");
  const settings = await getSettings(db);
  const terms = arrivalTermsOf(settings);
  const method = values.method === "card" ? "card" : "cash";
  if ((method === "card" && !terms.card) || (method === "cash" && !terms.cash)) return fail("collect.errors.invalid", null);
  const result = await recordDriverCollection(
    db,
    token,
    { amount: Math.round(typed * 10 ** CURRENCY_DECIMALS[values.currency]), currency: values.currency, method, nonce: String(form.get("nonce") ?? "") },
    settings.currency.rates,
    notify,
  );
  if (result.ok) return { ok: true };
  if (result.reason === "not_found") return "not_found";
  const field = result.fields.amount ? "amount" : result.fields.currency ? "currency" : null;
  return fail(result.problem.code.replace(/^driver:/, ""), field);
}
