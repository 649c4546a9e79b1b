/**
 * A booking's money (issue 30, DESIGN.md §9), pure and browser-safe: what its ledger adds up to,
 * what is still owed, and what the guest pays now and on arrival.
 *
 * The ledger (`payments`, migration 0130) is the truth: every movement a signed row in kuruş
 * (money in > 0, a refund < 0). What a booking owes is its total while it is active or completed;
 * a cancelled booking owes nothing more (what was kept of it stays kept). From the net sum and the
 * refunds follow the four states the lists, the CSV and the API name:
 * - `refunded`: money went back and nothing of it is kept as owed (the net is 0, or the booking is
 *   cancelled and some of what was paid was returned);
 * - `unpaid`: nothing (net) was received;
 * - `paid`: what is owed was received (or more: the office sees the credit);
 * - `part_paid`: some of it.
 *
 * Rounding: amounts are integer kuruş throughout; a currency enters only at the edge, converted
 * once at the rate recorded with the row (app/pricing/currency.ts). A payment of exactly the
 * balance as it was shown in a currency settles the balance in kuruş exactly (`ledgerAmount`), so
 * €44.06 paid against €44.06 shown never leaves a balance of a few kuruş.
 */
import { convertAtRate, isCurrency, kurusFromMinor, type Currency, type RateE4 } from "~/pricing/currency";
import type { BookingStatus, PaymentKind, PaymentMethod, PaymentStatus } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";

export { PAY_MODES, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from "~/server/db/schema";
export type { PaymentKind, PaymentMethod, PaymentStatus, PayMode } from "~/server/db/schema";

import { PAYMENT_STATUSES } from "~/server/db/schema";

export const isPaymentStatus = (value: unknown): value is PaymentStatus => typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);

/** The longest reason kept with a movement (the office's form and the API). */
export const MAX_PAYMENT_REASON = 300;

/** What the state reads: the booking's status and total, the ledger's net sum and its refunds (a positive sum). */
export interface MoneyFacts {
  status: BookingStatus;
  total: Kurus;
  /** the ledger's net sum (in − out) */
  paid: Kurus;
  /** the refunds' sum, as a positive amount */
  refunded: Kurus;
}

export interface MoneyState {
  status: PaymentStatus;
  /** what is still owed (0 once paid, and for a cancelled booking) */
  balanceDue: Kurus;
  /** received beyond what is owed (the office refunds or keeps it) */
  credit: Kurus;
}

/** What a cancelled booking still owes: nothing more than it was paid. */
export const owedBy = (f: Pick<MoneyFacts, "status" | "total" | "paid">): Kurus => (f.status === "cancelled" ? kurus(Math.max(0, Math.min(f.paid, f.total))) : f.total);

export function moneyStateOf(f: MoneyFacts): MoneyState {
  const owed = owedBy(f);
  const balanceDue = kurus(Math.max(0, owed - f.paid));
  const credit = kurus(Math.max(0, f.paid - owed));
  let status: PaymentStatus;
  if (f.refunded > 0 && (f.paid <= 0 || f.status === "cancelled")) status = "refunded";
  else if (f.paid <= 0) status = "unpaid";
  else if (f.paid >= owed) status = "paid";
  else status = "part_paid";
  return { status, balanceDue, credit };
}

/** The sign a kind of movement takes: refunds go out; adjustments carry their own. */
export function signedAmount(kind: PaymentKind, amount: number): number {
  const size = Math.abs(amount);
  if (kind === "refund") return -size;
  if (kind === "adjustment") return amount;
  return size;
}

/** Which methods each kind may be recorded with (the office's form and the API check it). */
export const METHODS_OF: Record<PaymentKind, readonly PaymentMethod[]> = {
  charge: ["card"],
  refund: ["card", "cash", "bank", "other"],
  driver_cash: ["cash"],
  driver_card: ["card"],
  adjustment: ["cash", "card", "bank", "other"],
};

/**
 * A balance in the guest's currency as the pages show it: the total's amount less what was paid's
 * (each converted once), so what was paid and what is left add up to the total the guest was quoted;
 * converting the lira left alone can differ from that by a cent.
 */
export function balanceInCurrency(total: Kurus, balanceDue: Kurus, currency: Currency, rate: RateE4): number {
  if (balanceDue <= 0) return 0;
  const paid = total - balanceDue;
  if (paid <= 0 || currency === "TRY") return convertAtRate(balanceDue, currency, rate);
  return Math.max(0, convertAtRate(total, currency, rate) - convertAtRate(kurus(paid), currency, rate));
}

/**
 * A movement in a currency (its minor units, at `rate`) as ledger kuruş. When money coming in is
 * exactly the balance as shown in that currency at the same rate (the total's less what was paid's,
 * or the lira balance converted), the kuruş are the balance's exactly.
 */
export function ledgerAmount(minor: number, currency: Currency, rate: RateE4, balanceDue: Kurus, total: Kurus = balanceDue): Kurus {
  if (minor > 0 && balanceDue > 0 && (minor === convertAtRate(balanceDue, currency, rate) || minor === balanceInCurrency(total, balanceDue, currency, rate))) return kurus(balanceDue);
  return kurusFromMinor(minor, currency, rate);
}

/** What the guest pays on arrival and how (settings.payments), as the pages and mails say it. */
export interface ArrivalTerms {
  /** the driver takes cash (in `currencies`) */
  cash: boolean;
  /** the driver takes a card */
  card: boolean;
  /** the currencies the driver accepts in cash, in the settings' order */
  currencies: Currency[];
}

/**
 * What the guest still pays on arrival, in lira and in the currency they chose (at the booking's
 * rate), for the confirmation, the private page and the mails.
 */
export interface AmountDue {
  /** kuruş owed */
  due: Kurus;
  currency: Currency;
  /** minor units of `currency` */
  inCurrency: number;
  paid: Kurus;
}

export function amountDueOf(booking: {
  status: BookingStatus;
  total_price: Kurus;
  amount_paid: Kurus | null;
  currency: string;
  currency_rate: RateE4 | null;
  /** 1: a partner pays it on its monthly statement (issue 33): nothing is due from the guest */
  partner_pays?: number;
}): AmountDue {
  const paid = kurus(booking.amount_paid ?? 0);
  const owed = booking.status === "cancelled" || booking.partner_pays === 1 ? 0 : booking.total_price;
  const due = kurus(Math.max(0, owed - paid));
  const currency: Currency = isCurrency(booking.currency) && (booking.currency === "TRY" || booking.currency_rate) ? booking.currency : "TRY";
  const inCurrency = currency === "TRY" ? due : balanceInCurrency(kurus(owed), due, currency, booking.currency_rate!);
  return { due, currency, inCurrency, paid };
}

/**
 * The KDV (VAT) included in an amount at `percent`: the net is amount × 100 / (100 + percent),
 * rounded half away from zero to the kuruş once, and the KDV is the rest, so the two always add up
 * to the amount (a refund's are negative).
 */
export function splitKdv(amount: Kurus, percent: number): { base: Kurus; kdv: Kurus } {
  const size = Math.abs(amount);
  const base = Math.round((size * 100) / (100 + percent) + 1e-9);
  const sign = amount < 0 ? -1 : 1;
  return { base: kurus(sign * base), kdv: kurus(sign * (size - base)) };
}
