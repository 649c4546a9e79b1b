/**
 * Stripe Checkout (hosted payment page) through the official `stripe` client: a Checkout Session
 * in `mode=payment` with one inline price (POST /v1/checkout/sessions), read back with its
 * PaymentIntent expanded (GET /v1/checkout/sessions/{id}?expand[]=payment_intent), refunds on the
 * PaymentIntent (POST /v1/refunds), and webhooks verified by their `Stripe-Signature` header
 * (HMAC-SHA256 of `{t}.{raw body}` with the endpoint's whsec_ secret, 5 minutes of tolerance).
 * Amounts are Stripe's `unit_amount`: hundredths of TRY, EUR, USD and GBP. The client never retries
 * by itself (the payment worker does); every failure is answered, never thrown.
 */
import Stripe from "stripe";
import { isCurrency, type Currency } from "~/pricing/currency";
import {
  PAYMENT_TIMEOUT_MS,
  type CheckoutStart,
  type CheckoutState,
  type PaymentProvider,
  type ProviderFailure,
  type RefundResult,
  type WebhookNotice,
} from "./provider";

export const DEFAULT_STRIPE_API_URL = "https://api.stripe.com";
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** How old a webhook's signed timestamp may be (Stripe's own default): older is a replay. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/** Stripe takes `expires_at` between 30 minutes and 24 hours after the session's creation. */
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;
/** Kept inside the window by this much, so the clock drift between us and Stripe never refuses it. */
const EXPIRY_MARGIN_S = 120;

/** Checkout's page languages among ours (Stripe has more; `auto` follows the browser). */
const STRIPE_LOCALES = new Set(["en", "tr", "de", "ru"]);

/** Charged by Stripe; RUB is charged in TRY by the caller (Stripe settles no RUB for our accounts). */
const STRIPE_CURRENCIES = ["TRY", "EUR", "USD", "GBP"] as const satisfies readonly Currency[];

export interface StripeConfig {
  /** sk_live_… / sk_test_… (or a restricted rk_ key allowed Checkout Sessions and Refunds) */
  secretKey: string;
  /** whsec_…: the signing secret of our webhook endpoint */
  webhookSecret: string;
  /** the API's base URL: https://api.stripe.com, or a local fake in tests */
  apiUrl?: string;
  /** where the guest's browser is sent (defaults to checkout.stripe.com, or the fake's origin) */
  checkoutOrigin?: string;
  timeoutMs?: number;
}

/** `expires_at` in Unix seconds, moved into Stripe's window when the caller's instant is outside it. */
export function stripeExpiresAt(expiresAt: Date, now: Date = new Date()): number {
  const nowS = Math.floor(now.getTime() / 1000);
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  return Math.min(Math.max(wanted, nowS + MIN_EXPIRY_S + EXPIRY_MARGIN_S), nowS + MAX_EXPIRY_S - EXPIRY_MARGIN_S);
}

/** The success URL with Stripe's `{CHECKOUT_SESSION_ID}` template, which Stripe fills in on return. */
export function withSessionIdTemplate(returnUrl: string): string {
  const hashAt = returnUrl.indexOf("#");
  const base = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : returnUrl.slice(hashAt);
  const sep = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${sep}session_id={CHECKOUT_SESSION_ID}${hash}`;
}

/** A thrown Stripe error (or anything else) as a provider failure: connection, 429 and 5xx are retried. */
function failureOf(error: unknown): ProviderFailure {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return { ok: false, retryable: true, error: `connection: ${error.message}`.slice(0, 500) };
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    // No status: an unreadable answer (not JSON) or a cut connection, as good as a 5xx.
    const retryable = status === undefined || status === 429 || status >= 500 || error instanceof Stripe.errors.StripeRateLimitError;
    const code = error.decline_code ?? error.code;
    const text = `HTTP ${status ?? "?"}: ${code ? `${code}: ` : ""}${error.message}`.slice(0, 500);
    return code ? { ok: false, retryable, error: text, code } : { ok: false, retryable, error: text };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { ok: false, retryable: true, error: text.slice(0, 500) };
}

const refusal = (error: string, code?: string): ProviderFailure => (code ? { ok: false, retryable: false, error, code } : { ok: false, retryable: false, error });

function clientFor(config: StripeConfig): Stripe {
  const api = new URL(config.apiUrl ?? DEFAULT_STRIPE_API_URL);
  const protocol = api.protocol === "http:" ? "http" : "https";
  return new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === "http" ? 80 : 443),
    protocol,
    timeout: config.timeoutMs ?? PAYMENT_TIMEOUT_MS,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

function checkoutOriginOf(config: StripeConfig): string {
  if (config.checkoutOrigin) return new URL(config.checkoutOrigin).origin;
  const api = new URL(config.apiUrl ?? DEFAULT_STRIPE_API_URL);
  return api.origin === new URL(DEFAULT_STRIPE_API_URL).origin ? STRIPE_CHECKOUT_ORIGIN : api.origin;
}

/** What a Checkout Session read with its PaymentIntent expanded says of the payment. */
function stateOf(session: Stripe.Checkout.Session): CheckoutState {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  if (session.status === "complete" && session.payment_status === "paid") {
    const paymentRef = intent?.id ?? (typeof session.payment_intent === "string" ? session.payment_intent : null);
    const currency = (session.currency ?? "").toUpperCase();
    if (!paymentRef) return refusal(`session ${session.id} is paid but names no payment_intent`);
    if (!isCurrency(currency)) return refusal(`session ${session.id} was paid in an unknown currency "${session.currency ?? ""}"`);
    if (typeof session.amount_total !== "number") return refusal(`session ${session.id} is paid but has no amount_total`);
    return { ok: true, status: "paid", paymentRef, amountMinor: session.amount_total, currency };
  }
  if (session.status === "expired") return { ok: true, status: "expired" };
  const lastError = intent?.last_payment_error;
  if (lastError) {
    const code = lastError.decline_code ?? lastError.code;
    const reason = lastError.message ?? code ?? "the payment failed";
    return code ? { ok: true, status: "failed", reason, code } : { ok: true, status: "failed", reason };
  }
  // open (the guest is still on the page), or complete but unpaid (an asynchronous method still pending)
  return { ok: true, status: "open" };
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = clientFor(config);
  const checkoutOrigins = [checkoutOriginOf(config)] as const;

  return {
    name: "stripe",
    currencies: STRIPE_CURRENCIES,
    idempotentRefunds: true,
    checkoutOrigins,

    async startCheckout(request): Promise<CheckoutStart> {
      if (!(STRIPE_CURRENCIES as readonly string[]).includes(request.currency)) {
        return refusal(`Stripe does not charge ${request.currency} here: charge it in TRY`);
      }
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
        return refusal(`not a chargeable amount: ${request.amountMinor}`);
      }
      const metadata = { attempt: request.attemptId, reference: request.reference };
      const locale = STRIPE_LOCALES.has(request.locale) ? (request.locale as Stripe.Checkout.SessionCreateParams.Locale) : "auto";
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: withSessionIdTemplate(request.returnUrl),
            cancel_url: request.cancelUrl,
            client_reference_id: request.attemptId,
            ...(request.guest.email ? { customer_email: request.guest.email } : {}),
            locale,
            expires_at: stripeExpiresAt(request.expiresAt),
            metadata,
            payment_intent_data: { metadata, description: request.description },
          },
          { idempotencyKey: `checkout:${request.attemptId}` },
        );
        if (!session.url) return refusal(`session ${session.id} came back without a url (status ${session.status ?? "?"})`);
        return { ok: true, url: session.url, sessionId: session.id };
      } catch (error) {
        return failureOf(error);
      }
    },

    async readCheckout(sessionId): Promise<CheckoutState> {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
        return stateOf(session);
      } catch (error) {
        return failureOf(error);
      }
    },

    async refund(request): Promise<RefundResult> {
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
        return refusal(`not a refundable amount: ${request.amountMinor}`);
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentRef,
            amount: request.amountMinor,
            // our key, to find the refund from Stripe's dashboard (the guest's IP stays with us)
            metadata: { refund_key: request.idempotencyKey.slice(0, 500) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          return refusal(`refund ${refund.id} ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ""}`, refund.failure_reason ?? undefined);
        }
        // succeeded, or pending / requires_action: accepted by Stripe, the money is on its way back
        return { ok: true, refundRef: refund.id };
      } catch (error) {
        return failureOf(error);
      }
    },

    parseWebhook(raw, headers, now): WebhookNotice | null {
      const signature = headers.get("stripe-signature");
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        // receivedAt (ms) lets a caller check against its own clock; Stripe refuses older than the tolerance.
        event = stripe.webhooks.constructEvent(raw, signature, config.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S, undefined, (now ?? new Date()).getTime());
      } catch {
        return null;
      }
      if (typeof event.type !== "string" || !event.type.startsWith("checkout.session.")) return null;
      const object = (event.data as { object?: { id?: unknown; object?: unknown } } | undefined)?.object;
      if (!object || typeof object.id !== "string" || !object.id) return null;
      return { sessionId: object.id, eventId: typeof event.id === "string" && event.id ? event.id : null };
    },
  };
}
