/**
 * What a guest is offered to pay and when (issue 30), pure and browser-safe: the ways to pay a
 * booking (on arrival, a deposit online, the whole fare online) from the office's settings, the
 * booking's channel and its car's category; the deposit; how long an unpaid booking keeps its car;
 * and what a cancellation gives back of what was paid online.
 *
 * Without a payment provider there is nothing online to offer: pay on arrival only. A channel's
 * or a category's own rule narrows the general offer: "arrival" (no online payment) wins over
 * "online" (pay online, not on arrival); when a narrowing leaves nothing, the general offer stands.
 */
import type { BookingChannel, BookingStatus, CheckoutPurpose } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { kurus, type Kurus } from "~/utils/money";
import { convertAtRate, type Currency, type RateE4 } from "~/pricing/currency";
import { balanceInCurrency, type PayMode } from "./payments";

export type PaymentTermsSettings = Pick<
  Settings["payments"],
  "payModes" | "depositKind" | "depositPercent" | "depositFixed" | "holdMinutes" | "lateCancelFeePercent" | "channelRules" | "categoryRules"
>;

/** The ways the guest may pay a booking of this channel and category, in the order the form lists them. */
export function payModesFor(terms: PaymentTermsSettings, booking: { channel: BookingChannel; category: string }, online: boolean): PayMode[] {
  const general = (["arrival", "deposit", "full"] as const).filter((m) => terms.payModes.includes(m));
  if (!online) return ["arrival"];
  const rules = [terms.channelRules[booking.channel], terms.categoryRules[booking.category]];
  let modes: PayMode[] = general;
  if (rules.includes("arrival")) modes = ["arrival"];
  else if (rules.includes("online")) modes = general.filter((m) => m !== "arrival");
  if (modes.length === 0) modes = general.length > 0 ? general : ["arrival"];
  return modes;
}

/** The deposit of a trip at `total`: the percentage (rounded half up to the kuruş) or the fixed amount, never above the total. */
export function depositOf(terms: Pick<PaymentTermsSettings, "depositKind" | "depositPercent" | "depositFixed">, total: Kurus): Kurus {
  const asked = terms.depositKind === "fixed" ? terms.depositFixed * 100 : Math.floor((total * terms.depositPercent + 50) / 100);
  return kurus(Math.max(0, Math.min(total, asked)));
}

/** What is paid online now for a mode: nothing on arrival, the deposit, or the whole fare. */
export function payNowOf(mode: PayMode, terms: Pick<PaymentTermsSettings, "depositKind" | "depositPercent" | "depositFixed">, total: Kurus): Kurus {
  if (mode === "arrival") return kurus(0);
  if (mode === "full") return total;
  return depositOf(terms, total);
}

const MINUTE_MS = 60_000;

/**
 * Until when an unpaid booking keeps its car: `holdMinutes` from now, and never past an hour
 * before its pickup (the office must know by then whether the guest is coming). UTC ISO.
 */
export function holdUntilOf(now: Date, pickupAt: string, holdMinutes: number): string {
  const byHold = now.getTime() + holdMinutes * MINUTE_MS;
  const byPickup = Date.parse(pickupAt) - 60 * MINUTE_MS;
  return new Date(Math.max(now.getTime() + 10 * MINUTE_MS, Math.min(byHold, byPickup))).toISOString();
}

/** The policy's fee for a late cancellation or a no-show: a percentage of the price, rounded half up to the kuruş. */
export const policyFeeOf = (total: Kurus, percent: number): Kurus => kurus(Math.floor((total * percent + 50) / 100));

/**
 * What goes back of the money paid online when a booking is cancelled (the policy): all of it
 * before the free-cancellation cut-off; after it, what was paid beyond the fee (a percentage of the
 * price, `lateCancelFeePercent`). Never more than was paid online and is not yet refunded.
 */
export function refundByPolicy(facts: {
  total: Kurus;
  /** the ledger's net sum (every way it was paid) */
  paid: Kurus;
  /** online charges less their refunds */
  paidOnline: Kurus;
  /** cancelled before the guest's free-cancellation cut-off */
  inFreeWindow: boolean;
  lateCancelFeePercent: number;
}): { refund: Kurus; fee: Kurus } {
  const fee = facts.inFreeWindow ? 0 : policyFeeOf(facts.total, facts.lateCancelFeePercent);
  const kept = Math.min(Math.max(0, facts.paid), fee);
  const refund = Math.max(0, Math.min(facts.paidOnline, facts.paid - kept));
  return { refund: kurus(refund), fee: kurus(kept) };
}

/** What the online part reads of a booking. */
export interface OnlineFacts {
  status: BookingStatus;
  total_price: Kurus;
  amount_paid: Kurus | null;
  pay_mode: PayMode;
  pay_now: Kurus;
  hold_until: string | null;
}

/** Whether the booking waits for its online payment (it keeps its car until `hold_until`). */
export const isHeld = (b: Omit<OnlineFacts, "total_price">): boolean =>
  b.status === "pending" && b.hold_until !== null && b.pay_mode !== "arrival" && (b.amount_paid ?? 0) < b.pay_now;

/** What the guest is asked to pay online now: what is left of a held booking's deposit or fare, else the balance; null: nothing. */
export function dueOnline(b: OnlineFacts): { purpose: CheckoutPurpose; amount: Kurus } | null {
  if (b.status !== "pending" && b.status !== "confirmed") return null;
  const paid = b.amount_paid ?? 0;
  if (isHeld(b)) return { purpose: b.pay_mode === "full" ? "full" : "deposit", amount: kurus(b.pay_now - paid) };
  const balance = b.total_price - paid;
  return balance > 0 ? { purpose: "balance", amount: kurus(balance) } : null;
}

/**
 * What is due online in the currency charged: a deposit or a held fare converted; the balance as
 * the pages show it (the quoted total less what was paid, so the guest is charged what they read).
 */
export function dueOnlineMinor(b: Pick<OnlineFacts, "total_price">, due: { purpose: CheckoutPurpose; amount: Kurus }, currency: Currency, rate: RateE4 | null): number {
  if (currency === "TRY" || !rate) return due.amount;
  return due.purpose === "balance" ? balanceInCurrency(b.total_price, due.amount, currency, rate) : convertAtRate(due.amount, currency, rate);
}
