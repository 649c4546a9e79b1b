/**
 * One interface for the online payment providers (DESIGN.md §9, issue 30): iyzico Checkout Form
 * (iyzico.server.ts, the official `iyzipay` client) and Stripe Checkout (stripe.server.ts, the
 * official `stripe` client). The guest pays on the provider's hosted page only: no card number ever
 * reaches this server (PCI DSS SAQ A). A provider never throws for a provider failure: it answers
 * `{ ok: false, retryable, error }` (a timeout, a 5xx or a 429 is retryable; a refusal is not).
 *
 * The flow: `startCheckout` (the guest is sent to `url`) → the guest pays or gives up → the guest
 * comes back to our return URL (iyzico: a form POST with `token`; Stripe: a GET) and/or the
 * provider's webhook arrives → either signal only names the session: its result is ALWAYS read
 * again with `readCheckout` (a forged callback never marks a booking paid).
 */
import type { Currency } from "~/pricing/currency";

export type PaymentProviderName = "iyzico" | "stripe";

export const PROVIDER_NAMES = ["iyzico", "stripe"] as const satisfies readonly PaymentProviderName[];

/** How long one call to a provider may take. */
export const PAYMENT_TIMEOUT_MS = 15_000;

export interface CheckoutRequest {
  /** our id of this attempt (a UUID): iyzico's conversationId and basketId, Stripe's client_reference_id */
  attemptId: string;
  /** the booking's reference (shown on the provider's page and statement), e.g. "VIP-7K2M9Q" */
  reference: string;
  /** what the guest pays, in hundredths of the currency's unit (kuruş, cents, kopecks: RUB too) */
  amountMinor: number;
  currency: Currency;
  /** one line naming what is paid, in the guest's language ("Deposit for transfer VIP-7K2M9Q") */
  description: string;
  /** the guest's language: en, tr, de, ru */
  locale: string;
  guest: { name: string; email: string; phone: string; ip: string | null };
  /** where the provider sends the guest back when the payment is done (or failed) */
  returnUrl: string;
  /** where the guest lands on "back" / "cancel" on the provider's page */
  cancelUrl: string;
  /** after this instant the checkout no longer takes the payment */
  expiresAt: Date;
}

export interface ProviderFailure {
  ok: false;
  /** true: try again later (timeout, 5xx, 429); false: the provider refused this request */
  retryable: boolean;
  /** for the log and the office: "HTTP 402: card_declined: Your card was declined." (never card data) */
  error: string;
  /** the provider's error code when it gave one ("card_declined", "10051") */
  code?: string;
}

export type CheckoutStart = { ok: true; url: string; sessionId: string } | ProviderFailure;

/** What became of a checkout, read from the provider's API. */
export type CheckoutState =
  | {
      ok: true;
      status: "paid";
      /** the provider's reference of the payment (iyzico paymentId, Stripe payment_intent id): refunds name it */
      paymentRef: string;
      /** what was taken, in hundredths of `currency`'s unit */
      amountMinor: number;
      currency: Currency;
    }
  /** the guest has not finished (still on the page, or 3-D Secure pending) */
  | { ok: true; status: "open" }
  /** declined, 3-D Secure failed, fraud refused: `reason` is the provider's text for the office */
  | { ok: true; status: "failed"; reason: string; code?: string }
  /** the checkout expired (or was cancelled) without a payment */
  | { ok: true; status: "expired" }
  | ProviderFailure;

export interface RefundRequest {
  /** the `paymentRef` of the paid checkout */
  paymentRef: string;
  amountMinor: number;
  currency: Currency;
  /** the same key for the same refund: a retry never refunds twice */
  idempotencyKey: string;
  ip: string | null;
}

export type RefundResult = { ok: true; refundRef: string } | ProviderFailure;

/** A webhook after its signature was verified: the checkout it is about. */
export interface WebhookNotice {
  /** the same id `startCheckout` returned (iyzico token, Stripe Checkout Session id) */
  sessionId: string;
  /** the provider's event id when it has one (Stripe evt_…) */
  eventId: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** the currencies this provider can charge (the others are charged in TRY) */
  readonly currencies: readonly Currency[];
  /**
   * Whether a refund retried with the same key refunds once (Stripe: yes; iyzico documents its
   * services as not idempotent, so a refund whose answer was lost is not sent again blindly).
   */
  readonly idempotentRefunds: boolean;
  /** origins the guest's browser is sent to (the page's CSP `form-action` must allow them) */
  readonly checkoutOrigins: readonly string[];
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  readCheckout(sessionId: string): Promise<CheckoutState>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * A webhook request as received (the raw body, exactly as it came, and its headers): the notice
   * when its signature is right and it names a checkout, null otherwise (a 400 for the caller).
   */
  parseWebhook(raw: string, headers: Headers, now?: Date): WebhookNotice | null;
}

/** Hundredths of a unit as decimal text ("123450" → "1234.50"), as iyzico's prices are written. */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Decimal text or number ("1234.5", 1234.5) as hundredths, exactly (no floating-point product); NaN when unreadable or finer than a hundredth. */
export function decimalToMinor(value: string | number): number {
  const text = typeof value === "number" ? String(value) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,}))?$/.exec(text);
  if (!m) return Number.NaN;
  const cents = (m[3] ?? "").padEnd(2, "0");
  if (/[1-9]/.test(cents.slice(2))) return Number.NaN;
  const minor = Number(m[2]) * 100 + Number(cents.slice(0, 2));
  return m[1] ? -minor : minor;
}
