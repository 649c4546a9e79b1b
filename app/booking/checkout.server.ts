/**
 * Paying a booking online (issue 30, DESIGN.md §9): the guest is sent to the provider's hosted
 * page (`startCheckout`), and whatever tells us it is over (the guest's return, the provider's
 * webhook, the release sweep) only names the checkout: `settleCheckout` reads the result from the
 * provider's API every time and writes it once. A paid checkout is a ledger row (a charge, its
 * provider reference unique, so a second callback or webhook adds nothing), the checkout marked
 * paid, the hold lifted and a pending booking confirmed by the payment through the state machine,
 * all in the ledger's transaction.
 *
 * A booking held for its payment keeps its car until `hold_until`; `releaseHolds` (the worker)
 * cancels it once that passed unpaid, as the system, and the guest is mailed why.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { adminText } from "~/admin/i18n.server";
import { recordAudit } from "~/audit/audit.server";
import type { CheckoutPurpose, CheckoutRow, CheckoutStatus, Database } from "~/server/db/schema";
import { CURRENCY_DECIMALS, isCurrency, type Currency } from "~/pricing/currency";
import { nowIso } from "~/server/db/convert";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import type { Messenger } from "~/server/messaging/outbox.server";
import { getSettings } from "~/settings/settings.server";
import { paymentProvider } from "~/payments/registry.server";
import type { PaymentProvider } from "~/payments/provider";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { SYSTEM_LIFECYCLE_ACTOR, type LifecycleActor } from "./lifecycle.server";
import { recordPayment } from "./payments.server";
import { refundOnCancel } from "./refunds.server";
import { checkBookingMove } from "./rules/lifecycle";
import { dueOnline, dueOnlineMinor, isHeld } from "./rules/pay-terms";
import { changeBookingStatus } from "./status.server";
import { recordHistory } from "./store/reads.server";
import { setBookingStatus } from "./store/bookings.server";
import { bookingForCheckout, checkoutById, checkoutBySession, checkoutsOf, insertCheckout, passedHolds, reusableCheckout, setHold, updateCheckout } from "./store/checkouts.server";

const MINUTE_MS = 60_000;
/** How long a checkout page for the rest of the fare stays good. */
export const CHECKOUT_MINUTES = 60;

export interface CheckoutDeps {
  db: Kysely<Database>;
  env: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET">>;
  log: Pick<Logger, "error" | "warn" | "info">;
  mailer: Mailer;
  messenger?: Messenger;
  /** the provider (absent: the server's, app/payments/registry.server.ts) */
  provider?: PaymentProvider | null;
  now?: () => Date;
}

/** The provider as the payment's actor in the history and the audit log. */
export const paymentActor = (provider: string): LifecycleActor => ({ kind: "payment", id: null, label: provider });

export { dueOnline, isHeld };

/** The ledger's minor units (whole roubles) and the providers' hundredths of a currency. */
const toHundredths = (minor: number, currency: Currency) => minor * 10 ** (2 - CURRENCY_DECIMALS[currency]);
const fromHundredths = (hundredths: number, currency: Currency) => hundredths / 10 ** (2 - CURRENCY_DECIMALS[currency]);

export type StartOutcome =
  | { ok: true; url: string; checkoutId: string }
  | { ok: false; code: "no_provider" | "not_found" | "closed" | "nothing_due" | "provider"; retryable?: boolean };

/**
 * Sends the guest to pay what is due online now: a new checkout at the provider, in the guest's
 * currency at the booking's own rate when the provider takes it (else in lira), or the open one
 * for the same amount again. `describe` names what is paid in the guest's language.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  bookingId: string,
  input: { ip: string | null; describe: (purpose: CheckoutPurpose, reference: string) => string },
): Promise<StartOutcome> {
  const provider = deps.provider === undefined ? paymentProvider() : deps.provider;
  if (!provider) return { ok: false, code: "no_provider" };
  const b = await bookingForCheckout(deps.db, bookingId);
  if (!b) return { ok: false, code: "not_found" };
  if (b.status !== "pending" && b.status !== "confirmed") return { ok: false, code: "closed" };
  const due = dueOnline(b);
  if (!due) return { ok: false, code: "nothing_due" };
  const now = deps.now?.() ?? new Date();
  const currency: Currency = isCurrency(b.currency) && provider.currencies.includes(b.currency) && (b.currency === "TRY" || b.currency_rate) ? b.currency : "TRY";
  const rate = currency === "TRY" ? null : b.currency_rate!;
  const minor = dueOnlineMinor(b, due, currency, rate);
  const reuse = await reusableCheckout(deps.db, b.id, due.amount, currency, provider.name, new Date(now.getTime() + 5 * MINUTE_MS).toISOString());
  if (reuse?.url) return { ok: true, url: reuse.url, checkoutId: reuse.id };

  const byPage = now.getTime() + CHECKOUT_MINUTES * MINUTE_MS;
  const expiresAt = new Date(isHeld(b) && b.hold_until ? Math.min(byPage, Date.parse(b.hold_until)) : byPage);
  const id = randomUUID();
  const at = now.toISOString();
  await insertCheckout(deps.db, {
    id,
    booking_id: b.id,
    provider: provider.name,
    session_id: null,
    purpose: due.purpose,
    amount: due.amount,
    currency,
    currency_amount: minor,
    currency_rate: rate,
    status: "open",
    url: null,
    failure: "",
    payment_id: null,
    expires_at: expiresAt.toISOString(),
    created_at: at,
    updated_at: at,
  });
  const base = deps.env.PUBLIC_URL.replace(/\/$/, "");
  const started = await provider.startCheckout({
    attemptId: id,
    reference: b.reference,
    amountMinor: toHundredths(minor, currency),
    currency,
    description: input.describe(due.purpose, b.reference),
    locale: b.locale,
    guest: { name: b.full_name, email: b.email, phone: b.phone, ip: input.ip },
    returnUrl: `${base}/payments/return/${id}`,
    cancelUrl: `${base}/payments/return/${id}?cancelled=1`,
    expiresAt,
  });
  if (!started.ok) {
    await updateCheckout(deps.db, id, { status: "failed", failure: started.error.slice(0, 500), updated_at: nowIso() });
    deps.log.warn({ bookingId: b.id, provider: provider.name, error: started.error, retryable: started.retryable }, "checkout could not be started");
    return { ok: false, code: "provider", retryable: started.retryable };
  }
  await updateCheckout(deps.db, id, { session_id: started.sessionId, url: started.url, updated_at: nowIso() });
  return { ok: true, url: started.url, checkoutId: id };
}

export type SettleOutcome =
  | { ok: true; status: CheckoutStatus; checkout: CheckoutRow; /** a payment was written now */ added: boolean }
  | { ok: false; code: "not_found" | "provider"; retryable: boolean; checkout?: CheckoutRow };

/** Confirms a pending booking for its payment, inside the ledger's transaction, through the state machine. */
async function confirmByPayment(trx: Transaction<Database>, bookingId: string, actor: LifecycleActor, at: string): Promise<void> {
  const b = await bookingForCheckout(trx, bookingId);
  if (!b) return;
  if (!checkBookingMove(b, "confirmed", actor.kind, { now: new Date(at) }).ok) return;
  if ((await setBookingStatus(trx, bookingId, "pending", "confirmed", at)) !== 1) return;
  const eventId = await recordHistory(trx, { bookingId, from: "pending", to: "confirmed", actor, note: "", at });
  await recordAudit(trx, { actor, action: "booking.status", entity: "booking", entityId: bookingId, summary: b.reference, details: { from: "pending", to: "confirmed", by: actor.kind } }, at);
  await recordBookingEvent(trx, bookingId, { kind: "status_changed", eventId, by: actor.label, from: "pending", to: "confirmed", note: "", mailCustomer: true, why: "paid" }, at);
}

/**
 * Reads a checkout's result from its provider and writes it: paid (the ledger, the hold lifted,
 * the booking confirmed), failed or expired; open changes nothing. Safe to call any number of
 * times, from any signal: a paid checkout is written once.
 */
export async function settleCheckout(deps: CheckoutDeps, which: { checkoutId: string } | { provider: string; sessionId: string }): Promise<SettleOutcome> {
  const found = "checkoutId" in which ? await checkoutById(deps.db, which.checkoutId) : await checkoutBySession(deps.db, which.provider, which.sessionId);
  if (!found) return { ok: false, code: "not_found", retryable: false };
  if (found.status === "paid" || !found.session_id) return { ok: true, status: found.status, checkout: found, added: false };
  const provider = deps.provider === undefined ? paymentProvider() : deps.provider;
  if (!provider || provider.name !== found.provider) return { ok: false, code: "provider", retryable: true, checkout: found };
  const state = await provider.readCheckout(found.session_id);
  if (!state.ok) {
    deps.log.warn({ checkoutId: found.id, provider: provider.name, error: state.error }, "checkout could not be read");
    return { ok: false, code: "provider", retryable: state.retryable, checkout: found };
  }
  const at = nowIso();
  if (state.status === "open") return { ok: true, status: "open", checkout: found, added: false };
  if (state.status === "failed" || state.status === "expired") {
    const failure = state.status === "failed" ? [state.code, state.reason].filter(Boolean).join(": ").slice(0, 500) : found.failure;
    await updateCheckout(deps.db, found.id, { status: state.status, failure, updated_at: at });
    return { ok: true, status: state.status, checkout: { ...found, status: state.status, failure }, added: false };
  }
  // paid: what the provider took, in the ledger's units; the kuruş asked when it took exactly that
  const minor = fromHundredths(state.amountMinor, state.currency);
  const exact = state.currency === found.currency && minor === found.currency_amount;
  const rates = (await getSettings(deps.db)).currency.rates;
  const actor = paymentActor(provider.name);
  const written = await recordPayment(
    deps.db,
    {
      bookingId: found.booking_id,
      kind: "charge",
      method: "card",
      amount: Number.isInteger(minor) ? minor : Math.round(minor),
      currency: state.currency,
      actor,
      provider: provider.name,
      providerRef: `${provider.name}:${state.paymentRef}`,
      rates,
      ...(exact ? { kurus: found.amount } : {}),
      within: async (trx, payment) => {
        await updateCheckout(trx, found.id, { status: "paid", payment_id: payment.id, failure: "", updated_at: at });
        const b = await bookingForCheckout(trx, found.booking_id);
        if (!b) return;
        if (b.hold_until && (b.amount_paid ?? 0) >= b.pay_now) await setHold(trx, b.id, null);
        if (b.status === "pending") await confirmByPayment(trx, b.id, actor, at);
      },
    },
    { mailer: deps.mailer, env: deps.env, log: deps.log },
  );
  if (!written.ok) {
    deps.log.error({ checkoutId: found.id, problem: written.problem }, "a paid checkout could not be written");
    return { ok: false, code: "provider", retryable: true, checkout: found };
  }
  // the confirmation's event, when the ledger row was there already (a second signal)
  await eventsCommitted(deps, found.booking_id).catch(() => undefined);
  // Paid after the booking was released or cancelled (a provider's page outlived the hold): it all goes back.
  const after = written.added ? await bookingForCheckout(deps.db, found.booking_id) : undefined;
  if (after?.status === "cancelled") {
    const back = await refundOnCancel({ ...deps, provider }, after.id, { cancelledAt: at, by: "system", key: `late:${found.id}` });
    if (back.failed.length > 0 || back.retry) deps.log.error({ bookingId: after.id, failed: back.failed }, "a payment for a cancelled booking could not be refunded");
  }
  return { ok: true, status: "paid", checkout: { ...found, status: "paid", payment_id: written.payment.id }, added: written.added };
}

/** A booking's checkouts, newest first (the office's page). */
export const bookingCheckouts = (db: Kysely<Database>, bookingId: string) => checkoutsOf(db, bookingId);

/**
 * Releases the bookings whose hold passed unpaid (the worker, every minute): each open checkout is
 * read once more (a payment at the last minute counts), then the booking is cancelled by the
 * system through the state machine and the guest is mailed why. Answers how many were released.
 */
export async function releaseHolds(deps: CheckoutDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const note = adminText((await getSettings(deps.db)).appearance.language, "payments.online.releasedNote");
  let released = 0;
  for (const held of await passedHolds(deps.db, now.toISOString())) {
    for (const c of await checkoutsOf(deps.db, held.id)) {
      if (c.status === "open" || c.status === "failed") await settleCheckout(deps, { checkoutId: c.id });
    }
    const b = await bookingForCheckout(deps.db, held.id);
    if (!b || !isHeld(b)) {
      if (b?.hold_until && b.status !== "pending") await setHold(deps.db, b.id, null);
      continue;
    }
    const result = await changeBookingStatus(
      deps.db,
      deps.mailer,
      { id: b.id, to: "cancelled", note, actor: SYSTEM_LIFECYCLE_ACTOR, mailCustomer: true, now, why: "unpaid" },
      { messenger: deps.messenger, env: deps.env, log: deps.log },
    );
    if (!result.ok) continue;
    for (const c of await checkoutsOf(deps.db, b.id)) if (c.status === "open") await updateCheckout(deps.db, c.id, { status: "expired", updated_at: nowIso() });
    released++;
  }
  return released;
}
