/**
 * The private page's online payment (issue 30): what is due online now (a held booking's deposit
 * or fare, else the balance), until when the car is held, how the last visit to the provider's page
 * went (`?payment=`), and the "Pay now" form's action, which sends the guest to the provider.
 */
import type { TFunction } from "i18next";
import { redirect, type RouterContextProvider } from "react-router";
import { dueOnline, isHeld, startCheckout } from "~/booking/index.server";
import { dueOnlineMinor } from "~/booking/rules/pay-terms";
import { amountWith } from "~/booking/rules/payment-text";
import { formatDeadline } from "~/booking/rules/self-service";
import { isCurrency } from "~/pricing/currency";
import type { Language } from "~/i18n/config";
import { paymentProvider } from "~/payments/registry.server";
import { getApp } from "~/server/context";
import type { BookingRow } from "~/server/db/schema";

/** How the last visit to the provider's page went, as the return route says it. */
export const PAYMENT_OUTCOMES = ["paid", "failed", "expired", "open", "pending", "cancelled", "unavailable"] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export interface OnlinePayView {
  /** the last visit's outcome, read from `?payment=` */
  outcome: PaymentOutcome | null;
  /** "Your booking is held until … for the deposit of …" */
  held: string | null;
  /** the pay button's label; null: nothing to pay online (no provider, nothing due, closed) */
  payLabel: string | null;
}

export function onlinePayView(booking: BookingRow, t: TFunction, lng: Language, url: URL): OnlinePayView {
  const asked = url.searchParams.get("payment");
  const outcome = (PAYMENT_OUTCOMES as readonly string[]).includes(asked ?? "") ? (asked as PaymentOutcome) : null;
  const provider = paymentProvider();
  const due = provider ? dueOnline(booking) : null;
  const currency = isCurrency(booking.currency) && booking.currency_rate ? booking.currency : ("TRY" as const);
  const amount = due ? amountWith(currency, due.amount, dueOnlineMinor(booking, due, currency, booking.currency_rate), lng) : "";
  const held = isHeld(booking) && booking.hold_until ? t(`payment.online.held.${booking.pay_mode === "full" ? "full" : "deposit"}`, { amount, until: formatDeadline(booking.hold_until, lng) }) : null;
  return { outcome, held, payLabel: due ? t(`payment.online.pay.${due.purpose}`, { amount }) : null };
}

/** The "Pay now" form: on to the provider's page, or the page again saying it could not open. */
export async function payOnline(context: Readonly<RouterContextProvider>, booking: BookingRow, t: TFunction, pagePath: string): Promise<never> {
  const app = getApp(context);
  const started = await startCheckout({ db: app.db.kysely, env: app.env, log: app.log, mailer: app.mailer, messenger: app.messenger }, booking.id, {
    ip: app.clientIp,
    describe: (purpose, reference) => t(`payment.online.describe.${purpose}`, { reference }),
  });
  if (started.ok) throw redirect(started.url);
  const outcome = started.code === "nothing_due" ? "paid" : "unavailable";
  throw redirect(`${pagePath}${pagePath.includes("?") ? "&" : "?"}payment=${outcome}#payment`);
}
