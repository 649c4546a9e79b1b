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
import { convertAtRate, CURRENCY_DECIMALS, isCurrency } from "~/pricing/currency";
import { paymentProvider } from "~/payments/registry.server";
import type { PaymentProvider } from "~/payments/provider";
import type { Database } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { kurus, type Kurus } from "~/utils/money";
import { SYSTEM_LIFECYCLE_ACTOR } from "./lifecycle.server";
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

  // What is left of each charge once the earlier refunds are taken from the first charges.
  let refundedBefore = -rows.filter((r) => r.amount < 0).reduce((sum, r) => sum + r.amount, 0);
  const charges = rows
    .filter((r) => r.kind === "charge" && r.amount > 0 && r.provider === provider.name && r.provider_ref)
    .map((r) => {
      const used = Math.min(r.amount, refundedBefore);
      refundedBefore -= used;
      return { ...r, left: r.amount - used };
    });
  const reason = adminText(settings.appearance.language, inFreeWindow ? "payments.online.refundReasonFree" : "payments.online.refundReasonFee");
  let left: number = policy.refund;
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
      ip: null,
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
        reason,
        actor: SYSTEM_LIFECYCLE_ACTOR,
        provider: provider.name,
        providerRef: `${provider.name}:${result.refundRef}`,
        rates: settings.currency.rates,
      },
      { mailer: deps.mailer, env: deps.env },
    );
    if (!written.ok) failed.push({ error: `refunded at ${provider.name} (${result.refundRef}) but not recorded` });
    else refunded += portion;
    left -= portion;
  }
  return { refunded: kurus(refunded), fee: policy.fee, failed, retry };
}
