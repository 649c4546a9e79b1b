/**
 * Refunds by the policy (issue 30): when a booking is cancelled, what was paid online goes back
 * through the provider by itself: all of it when the guest (or the office) cancelled before the
 * free-cancellation cut-off, or when the system released it; after the cut-off the policy's fee is
 * kept and the rest refunded (rules/pay-terms.ts `refundByPolicy`). Each refund is a ledger row
 * (negative, its provider reference unique) with its receipt and the guest's mail.
 *
 * Run by the notify worker on the cancellation's event, off the request. A provider that answers
 * "try later" makes the event be tried again, only where the provider's refunds are idempotent on
 * our key (Stripe); iyzico's are not, so a refund whose answer was lost is left to the office (the
 * result says so) rather than sent twice.
 */
import type { Kysely } from "kysely";
import { adminText } from "~/admin/i18n.server";
import { convertAtRate, CURRENCY_DECIMALS, isCurrency, kurusFromMinor, type Currency, type CurrencyRates } from "~/pricing/currency";
import { paymentProvider } from "~/payments/registry.server";
import type { PaymentProvider } from "~/payments/provider";
import type { Database } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { kurus, type Kurus } from "~/utils/money";
import { SYSTEM_LIFECYCLE_ACTOR, type LifecycleActor } from "./lifecycle.server";
import { recordPayment } from "./payments.server";
import { refundByPolicy } from "./rules/pay-terms";
import { bookingForCheckout, onlineCharges } from "./store/checkouts.server";
import { ledgerSums } from "./store/payments.server";

const HOUR_MS = 3_600_000;

export interface RefundDeps {
  db: Kysely<Database>;
  log: Pick<Logger, "error" | "warn">;
  mailer?: Mailer;
  env?: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET">>;
  provider?: PaymentProvider | null;
}

export interface RefundOutcome {
  /** kuruş refunded now */
  refunded: Kurus;
  /** kept by the policy's fee */
  fee: Kurus;
  /** refunds the provider refused or did not answer: the office finishes them by hand */
  failed: Array<{ error: string }>;
  /** a provider that refunds idempotently asked to be tried again later */
  retry: boolean;
}

/** Who cancelled: the guest or the office by the policy; the system (an unpaid hold released) gives everything back. */
export type Canceller = "guest" | "office" | "system";

/**
 * Refunds a cancelled booking's online payments by the policy. `key` (the cancellation's event)
 * makes each refund's idempotency key, so the same cancellation never refunds a charge twice.
 */
export async function refundOnCancel(deps: RefundDeps, bookingId: string, input: { cancelledAt: string; by: Canceller; key: string }): Promise<RefundOutcome> {
  const none: RefundOutcome = { refunded: kurus(0), fee: kurus(0), failed: [], retry: false };
  const booking = await bookingForCheckout(deps.db, bookingId);
  if (!booking || booking.status !== "cancelled") return none;
  const rows = await onlineCharges(deps.db, bookingId);
  const paidOnline = rows.reduce((sum, r) => sum + r.amount, 0);
  if (paidOnline <= 0) return none;
  const provider = deps.provider === undefined ? paymentProvider() : deps.provider;
  const settings = await getSettings(deps.db);
  const cutoff = Date.parse(booking.pickup_date) - settings.booking.cancelCutoffHours * HOUR_MS;
  const inFreeWindow = input.by === "system" || Date.parse(input.cancelledAt) < cutoff;
  const { paid } = await ledgerSums(deps.db, bookingId);
  const policy = refundByPolicy({ total: booking.total_price, paid, paidOnline: kurus(paidOnline), inFreeWindow, lateCancelFeePercent: settings.payments.lateCancelFeePercent });
  if (policy.refund <= 0) return { ...none, fee: policy.fee };
  if (!provider) return { ...none, fee: policy.fee, failed: [{ error: "no payment provider is configured on this server" }] };

  const reason = adminText(settings.appearance.language, inFreeWindow ? "payments.online.refundReasonFree" : "payments.online.refundReasonFee");
  const done = await refundCharges({ ...deps, provider }, bookingId, policy.refund, { reason, actor: SYSTEM_LIFECYCLE_ACTOR, key: input.key, rates: settings.currency.rates });
  return { ...done, fee: policy.fee };
}

/**
 * Gives `amount` back through the provider, taken from the booking's online charges (oldest
 * first, less what was refunded of them; only those in `currency` when given), each in its own
 * currency at its own rate, each a ledger row. `key` makes the refunds' idempotency keys.
 */
async function refundCharges(
  deps: RefundDeps & { provider: PaymentProvider },
  bookingId: string,
  amount: Kurus,
  input: { reason: string; actor: LifecycleActor; key: string; rates: CurrencyRates; currency?: Currency; ip?: string | null },
): Promise<Omit<RefundOutcome, "fee">> {
  const { provider } = deps;
  const rows = await onlineCharges(deps.db, bookingId);
  // What is left of each charge once the earlier refunds are taken from the first charges.
  let refundedBefore = -rows.filter((r) => r.amount < 0).reduce((sum, r) => sum + r.amount, 0);
  const charges = rows
    .filter((r) => r.kind === "charge" && r.amount > 0 && r.provider === provider.name && r.provider_ref)
    .map((r) => {
      const used = Math.min(r.amount, refundedBefore);
      refundedBefore -= used;
      return { ...r, left: r.amount - used };
    })
    .filter((r) => !input.currency || r.currency === input.currency);
  let left: number = amount;
  let refunded = 0;
  const failed: RefundOutcome["failed"] = [];
  let retry = false;
  for (const charge of charges) {
    if (left <= 0) break;
    const portion = Math.min(left, charge.left);
    if (portion <= 0 || !isCurrency(charge.currency)) continue;
    // the charge's own currency, at its own rate; all of what is left of it is its own amount exactly
    const whole = portion === charge.amount;
    const minor = whole ? charge.currency_amount : charge.currency === "TRY" ? portion : convertAtRate(kurus(portion), charge.currency, charge.currency_rate!);
    const hundredths = minor * 10 ** (2 - CURRENCY_DECIMALS[charge.currency]);
    const result = await provider.refund({
      paymentRef: charge.provider_ref!.slice(provider.name.length + 1),
      amountMinor: hundredths,
      currency: charge.currency,
      idempotencyKey: `refund:${input.key}:${charge.id}`.slice(0, 255),
      ip: input.ip ?? null,
    });
    if (!result.ok) {
      deps.log.warn({ bookingId, provider: provider.name, error: result.error, retryable: result.retryable }, "refund by the policy failed");
      if (result.retryable && provider.idempotentRefunds) retry = true;
      else failed.push({ error: result.error });
      continue;
    }
    const written = await recordPayment(
      deps.db,
      {
        bookingId,
        kind: "refund",
        method: "card",
        amount: minor,
        currency: charge.currency,
        kurus: kurus(portion),
        reason: input.reason,
        actor: input.actor,
        ip: input.ip ?? null,
        provider: provider.name,
        providerRef: `${provider.name}:${result.refundRef}`,
        rates: input.rates,
      },
      { mailer: deps.mailer, env: deps.env },
    );
    if (!written.ok) failed.push({ error: `refunded at ${provider.name} (${result.refundRef}) but not recorded` });
    else refunded += portion;
    left -= portion;
  }
  return { refunded: kurus(refunded), failed, retry };
}

/** What the office may give back to the card online now, in a currency: the online charges in it less their refunds (kuruş). */
export async function refundableOnline(db: Kysely<Database>, bookingId: string, currency: Currency): Promise<Kurus> {
  const provider = paymentProvider();
  if (!provider) return kurus(0);
  const rows = (await onlineCharges(db, bookingId)).filter((r) => r.provider === provider.name && r.currency === currency);
  return kurus(Math.max(0, rows.reduce((sum, r) => sum + r.amount, 0)));
}

/**
 * The office gives money back to the guest's card (issue 30): through the provider, from the
 * booking's online charges in that currency, with its reason; each refund a ledger row with its
 * receipt and the guest's mail. `minor` is in the currency's minor units as the office typed it.
 */
export async function refundToCard(
  deps: RefundDeps,
  bookingId: string,
  input: { minor: number; currency: Currency; reason: string; actor: LifecycleActor; ip: string | null; rates: CurrencyRates; key: string },
): Promise<Omit<RefundOutcome, "fee"> & { ok: boolean; tooMuch?: true }> {
  const provider = deps.provider === undefined ? paymentProvider() : deps.provider;
  const booking = await bookingForCheckout(deps.db, bookingId);
  if (!provider || !booking) return { ok: false, refunded: kurus(0), failed: [{ error: "no payment provider" }], retry: false };
  const rate = input.currency === booking.currency && booking.currency_rate ? booking.currency_rate : input.currency === "TRY" ? 10_000 : input.rates[input.currency as keyof CurrencyRates];
  const amount = kurusFromMinor(input.minor, input.currency, rate);
  // never more than the card was charged in that currency and not yet given back
  const refundable = (await onlineCharges(deps.db, bookingId)).filter((r) => r.provider === provider.name && r.currency === input.currency).reduce((sum, r) => sum + r.amount, 0);
  if (amount <= 0 || amount > refundable) return { ok: false, tooMuch: true, refunded: kurus(0), failed: [], retry: false };
  const done = await refundCharges({ ...deps, provider }, bookingId, amount, { ...input });
  return { ...done, ok: done.refunded > 0 && done.failed.length === 0 && !done.retry };
}
