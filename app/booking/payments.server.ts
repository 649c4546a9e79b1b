/**
 * A booking's money (issue 30, DESIGN.md §9): the one command that writes the ledger, and what the
 * pages, the API and the mails read of it. Every movement is a row (rules/payments.ts); the
 * booking's `amount_paid` and `payment_status` follow it in the same transaction, its audit entry
 * and its event (`payment`) too. A provider's or a driver's movement comes through here as the
 * office's does; a repeated `providerRef` adds nothing.
 */
import type { Kysely, Transaction } from "kysely";
import { recordAudit } from "~/audit/audit.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { isCurrency, rateOf, type Currency, type CurrencyRates, type RateE4 } from "~/pricing/currency";
import { nowIso } from "~/server/db/convert";
import type { BookingRow, Database, PaymentRow } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import { kurus, type Kurus } from "~/utils/money";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import type { LifecycleActor } from "./lifecycle.server";
import type { LegName } from "./rules/availability";
import { ledgerAmount, MAX_PAYMENT_REASON, METHODS_OF, moneyStateOf, signedAmount, type ArrivalTerms, type MoneyState, type PaymentKind, type PaymentMethod } from "./rules/payments";
export { type AmountDue, amountDueOf } from "./rules/payments";
import { bookingMoneyRow, insertPayment, issueReceipt, ledgerSums, lockBookingMoney, paymentRowsOf, receiptOfBooking, receiptOfPayment, receiptsBetween, receiptsOfBooking, syncPaymentState, touchBooking } from "./store/payments.server";


/** The largest single movement: 1,000,000 TL. */
export const MAX_PAYMENT_KURUS = 100_000_000;

export interface PaymentInput {
  bookingId: string;
  kind: PaymentKind;
  method: PaymentMethod;
  /** in `currency`'s minor units (cents, kuruş, whole roubles); positive, but an adjustment's sign is its own */
  amount: number;
  currency: Currency;
  reason?: string;
  actor: LifecycleActor;
  ip?: string | null;
  provider?: string;
  /** the provider's reference or an idempotency key: a second movement with it adds nothing */
  providerRef?: string;
  leg?: LegName;
  driverId?: string;
  /** the office's rates, for a currency other than the booking's own */
  rates: CurrencyRates;
  /** false: the guest is not mailed the receipt (the demo's made-up guests) */
  notifyGuest?: boolean;
  /**
   * The kuruş the movement is worth when it was priced in kuruş first (a checkout asked for this
   * many and the provider took exactly `amount` of it): no conversion back, no rounding gap.
   */
  kurus?: Kurus;
  /** more of the same change, inside the ledger's transaction, after the row (a checkout marked paid, the booking confirmed) */
  within?: (trx: Transaction<Database>, payment: PaymentRow, added: boolean) => Promise<void>;
}

export type PaymentResult =
  | { ok: true; added: boolean; payment: PaymentRow; state: MoneyState & { paid: Kurus } }
  | { ok: false; reason: "not_found" | "invalid"; problem: Problem; fields: FieldProblems };

const code = (key: string) => problem(`admin:payments.errors.${key}`);
const invalid = (field: string, key: string): PaymentResult => ({ ok: false, reason: "invalid", problem: code("invalid"), fields: { [field]: [code(key)] } });

/**
 * The rate a movement in `currency` is converted at: the booking's own when it is the booking's
 * currency (so euros paid against the euros shown match them), else the office's current rate.
 */
export function rateFor(booking: Pick<BookingRow, "currency" | "currency_rate">, currency: Currency, rates: CurrencyRates): RateE4 {
  if (currency === booking.currency && booking.currency_rate) return booking.currency_rate;
  return rateOf(currency, rates);
}

/** Checks the input the office (or the API) gave; undefined when it may be written. */
function checkInput(input: PaymentInput): PaymentResult | undefined {
  if (!isCurrency(input.currency)) return invalid("currency", "currency");
  if (!METHODS_OF[input.kind]?.includes(input.method)) return invalid("method", "method");
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) return invalid("amount", "amount");
  if (input.kind !== "adjustment" && input.amount < 0) return invalid("amount", "amount");
  const reason = input.reason?.trim() ?? "";
  // the office always says why it moved money: an adjustment, a refund it gave back
  if ((input.kind === "adjustment" || (input.kind === "refund" && input.actor.kind === "office")) && !reason) return invalid("reason", "reasonRequired");
  if (reason.length > MAX_PAYMENT_REASON) return invalid("reason", "reasonTooLong");
  return undefined;
}

/**
 * What the command hands to app/notify with its committed event (the receipt's mail), as the other
 * commands do: the mailer, and the environment and log the mail's private link needs.
 */
export interface PaymentNotify {
  mailer?: Mailer;
  env?: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET">>;
  log?: Pick<Logger, "error" | "warn" | "info">;
}

/** Appends a movement to the booking's ledger; the booking's money state follows in the same transaction. */
export async function recordPayment(db: Kysely<Database>, input: PaymentInput, notify: PaymentNotify = {}): Promise<PaymentResult> {
  const refused = checkInput(input);
  if (refused) return refused;
  const at = nowIso();
  const outcome = await db.transaction().execute(async (trx) => {
    if (!(await lockBookingMoney(trx, input.bookingId))) return undefined;
    const booking = await bookingMoneyRow(trx, input.bookingId);
    const before = await ledgerSums(trx, input.bookingId);
    const balance = moneyStateOf({ status: booking.status, total: booking.total_price, ...before }).balanceDue;
    const rate = rateFor(booking, input.currency, input.rates);
    const minor = signedAmount(input.kind, input.amount);
    const amount = input.kurus !== undefined ? kurus(signedAmount(input.kind, input.kurus)) : ledgerAmount(minor, input.currency, rate, balance, booking.total_price);
    if (Math.abs(amount) > MAX_PAYMENT_KURUS || amount === 0) return "too_large" as const;
    const written = await insertPayment(trx, {
      booking_id: input.bookingId,
      kind: input.kind,
      method: input.method,
      amount,
      currency: input.currency,
      currency_amount: minor,
      currency_rate: input.currency === "TRY" ? null : rate,
      provider: input.provider ?? null,
      provider_ref: input.providerRef ?? null,
      leg: input.leg ?? null,
      driver_id: input.driverId ?? null,
      reason: input.reason?.trim() ?? "",
      actor_id: input.actor.id,
      actor_label: input.actor.label,
      created_at: at,
    });
    if (written.added) {
      // every movement has its receipt, numbered in the same transaction (migration 0150)
      await issueReceipt(trx, written.row);
      await touchBooking(trx, input.bookingId, at);
      await syncPaymentState(trx, input.bookingId);
      const details = { kind: input.kind, method: input.method, amount, currency: input.currency, currencyAmount: minor, ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}), ...(input.providerRef ? { providerRef: input.providerRef } : {}) };
      await recordAudit(trx, { actor: input.actor, action: "booking.payment", entity: "booking", entityId: input.bookingId, summary: booking.reference, details, ip: input.ip ?? null }, at);
      await recordBookingEvent(trx, input.bookingId, { kind: "payment", paymentId: written.row.id, paymentKind: input.kind, amount, by: input.actor.label, mailGuest: input.notifyGuest !== false }, at);
    }
    if (input.within) await input.within(trx, written.row, written.added);
    const after = await ledgerSums(trx, input.bookingId);
    return { written, state: { ...moneyStateOf({ status: booking.status, total: booking.total_price, ...after }), paid: after.paid } };
  });
  if (outcome === undefined) return { ok: false, reason: "not_found", problem: problem("admin:bookings.notFound"), fields: {} };
  if (outcome === "too_large") return invalid("amount", "amount");
  if (outcome.written.added) await eventsCommitted({ db, ...notify }, input.bookingId);
  return { ok: true, added: outcome.written.added, payment: outcome.written.row, state: outcome.state };
}

/** A booking's money as the office's page and the API show it: the ledger and where it stands. */
export interface BookingMoney extends MoneyState {
  total: Kurus;
  paid: Kurus;
  refunded: Kurus;
  payments: PaymentRow[];
}

export async function bookingMoney(db: Kysely<Database>, booking: Pick<BookingRow, "id" | "status" | "total_price">): Promise<BookingMoney> {
  const [payments, sums] = await Promise.all([paymentRowsOf(db, booking.id), ledgerSums(db, booking.id)]);
  return { ...moneyStateOf({ status: booking.status, total: booking.total_price, ...sums }), ...sums, total: booking.total_price, payments };
}

/** The driver's terms on arrival, from the settings. */
export const arrivalTermsOf = (settings: Pick<Settings, "payments">): ArrivalTerms => ({
  cash: settings.payments.arrivalCash,
  card: settings.payments.arrivalCard,
  currencies: [...settings.payments.driverCurrencies],
});

/** A ledger row with its receipt and booking (the receipt's mail), or undefined. */
export async function paymentReceipt(db: Kysely<Database>, paymentId: string) {
  const receipt = await receiptOfPayment(db, paymentId);
  return receipt ? receiptOfBooking(db, receipt.booking_id, receipt.number) : undefined;
}

/** One of a booking's receipts by its number (undefined: not this booking's). */
export const bookingReceipt = (db: Kysely<Database>, bookingId: string, number: string) => receiptOfBooking(db, bookingId, number);

/** A booking's receipts, oldest first. */
export const bookingReceipts = (db: Kysely<Database>, bookingId: string) => receiptsOfBooking(db, bookingId);

/** Every movement with its receipt issued in [from, until), for the accountant. */
export const paymentsIssuedBetween = (db: Kysely<Database>, from: string, until: string) => receiptsBetween(db, from, until);


