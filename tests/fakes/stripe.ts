/**
 * A local Stripe API for tests: what our Checkout integration uses of the real one, answered the
 * way Stripe answers. Form-encoded bodies with bracket keys (`line_items[0][price_data][currency]`),
 * `Authorization: Bearer sk_…`, `Idempotency-Key` (same key and parameters → the saved answer with
 * `Idempotent-Replayed: true`; other parameters → 400 idempotency_error), `Request-Id` on every
 * answer, and Stripe's error shape `{ error: { type, code, message, param, decline_code } }`.
 * Endpoints: POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id} (`expand[]=payment_intent`),
 * POST /v1/checkout/sessions/{id}/expire, GET /v1/payment_intents/{id}, POST /v1/refunds,
 * GET /v1/refunds/{id}; and the hosted page GET/POST /c/pay/{id} (checkout.stripe.com's part).
 * As with Checkout since API 2022-08-01, a session has no PaymentIntent until the guest tries to pay.
 * Webhook events are signed as Stripe signs them: `Stripe-Signature: t={unix},v1={hex HMAC-SHA256
 * of "{t}.{body}" with the whsec_ secret}`; a redelivery carries the same event id.
 * `mode` ("down": 500 api_error, "hang": no answer) applies to the API, not to the hosted page.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OutageMode, RecordedCall } from "./messaging";

export type StripeOutcome = "success" | "decline" | "threeds_fail";

export interface StripeApiError {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  charge?: string;
  doc_url?: string;
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  ui_mode: "hosted";
  url: string | null;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StripeApiError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: "requires_payment_method" | "succeeded" | "canceled";
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string | null;
  charge: string | null;
  created: number;
  currency: string;
  failure_reason?: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded" | "pending" | "failed";
}

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface StripeFake {
  url: string;
  mode: OutageMode;
  calls: RecordedCall[];
  sessions: Map<string, FakeCheckoutSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** the status the next refunds are created with (Stripe: "succeeded" for cards, rarely "pending"/"failed") */
  refundStatus: FakeRefund["status"];
  /** where the hosted page's success POSTs checkout.session.completed (fire and forget) */
  webhookUrl?: string;
  /** what the guest does on the hosted page, without a browser (sends no webhook: see sendWebhook) */
  pay(sessionId: string, outcome: StripeOutcome): FakeCheckoutSession;
  /** the session expires now (as POST /v1/checkout/sessions/{id}/expire, or its expires_at passing) */
  expire(sessionId: string): FakeCheckoutSession;
  /**
   * A signed event about the session: its type defaults to the session's state (completed, expired);
   * the same (session, type) is the same event id and body, as Stripe redelivers it. `timestamp`
   * (Unix seconds) and `secret` override the signature's, to make replays and forgeries.
   */
  webhookRequest(sessionId: string, type?: string, options?: { timestamp?: number; secret?: string }): SignedWebhook;
  /** POSTs `webhookRequest(…)` to `webhookUrl` and returns the HTTP status (callable again: a redelivery) */
  sendWebhook(sessionId: string, type?: string): Promise<number>;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown; keep?: boolean };
type Form = Record<string, unknown>;

/** The currencies this fake account can charge (Stripe has ~135; RUB is not settled for our accounts). */
const CURRENCIES = ["try", "eur", "usd", "gbp", "chf", "sek", "nok", "dkk", "pln", "czk", "cad", "aud"];
const LOCALES = new Set(
  "auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW".split(" "),
);
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;
const MAX_AMOUNT = 99_999_999;
const DECLINE: StripeApiError = {
  type: "card_error",
  code: "card_declined",
  decline_code: "insufficient_funds",
  message: "Your card has insufficient funds.",
  doc_url: "https://stripe.com/docs/error-codes/card-declined",
};
const THREEDS_FAIL: StripeApiError = {
  type: "invalid_request_error",
  code: "payment_intent_authentication_failure",
  message: "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
  doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
};

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const newId = (prefix: string, length = 24) => prefix + Array.from(randomBytes(length), (b) => BASE62[b % 62]).join("");
const nowS = () => Math.floor(Date.now() / 1000);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const isForm = (v: unknown): v is Form => typeof v === "object" && v !== null && !Array.isArray(v);
const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
const sign = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

const fail = (status: number, error: StripeApiError, keep = true): Answer => ({ status, body: { error }, keep });
/** A parameter refused before the endpoint runs: Stripe saves no idempotent result for it. */
const invalid = (param: string, message: string, code?: string): Answer =>
  fail(400, { type: "invalid_request_error", message, param, ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` } : {}) }, false);
const missing = (param: string) => invalid(param, `Missing required param: ${param}.`, "parameter_missing");
const noSuch = (object: string, id: string, param: string) =>
  fail(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${object}: '${id}'`, param, doc_url: "https://stripe.com/docs/error-codes/resource-missing" });

/** `a[b][0][c]=v&a[e][]=w` → `{ a: { b: [{ c: "v" }], e: ["w"] } }`, as Stripe reads forms and query strings. */
export function parseStripeForm(raw: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1]!, ...Array.from(m[2]!.matchAll(/\[([^[\]]*)\]/g), (x) => x[1]!)];
    let node = root;
    path.forEach((segment, i) => {
      const k = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[k] = value;
      else node = isForm(node[k]) ? (node[k] as Form) : (node[k] = {});
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!isForm(v)) return v;
    const keys = Object.keys(v);
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(v[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(v[k])]));
  };
  return arrays(root) as Form;
}

function metadataOf(value: unknown, param: string): Record<string, string> | Answer {
  if (value === undefined || value === "") return {};
  if (!isForm(value)) return invalid(param, `Invalid object`, "parameter_invalid_empty");
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== "string") return invalid(`${param}[${k}]`, "Invalid string");
    if (k.length > 40) return invalid(param, `Metadata keys can have up to 40 characters (${k}).`);
    if (v.length > 500) return invalid(`${param}[${k}]`, "Metadata values can have up to 500 characters.");
    out[k] = v;
  }
  return out;
}
const isAnswer = (v: unknown): v is Answer => isForm(v) && typeof v.status === "number" && "body" in v;

function positiveInteger(value: unknown, param: string): number | Answer {
  if (value === undefined) return missing(param);
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) return invalid(param, `Invalid integer: ${String(value)}`, "parameter_invalid_integer");
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) return invalid(param, `This value must be greater than or equal to 1.`, "parameter_invalid_integer");
  return n;
}

function urlParam(value: unknown, param: string, required: boolean): string | null | Answer {
  if (value === undefined) return required ? missing(param) : null;
  const text = str(value) ?? "";
  try {
    if (["http:", "https:"].includes(new URL(text).protocol)) return text;
  } catch {
    // falls through to the refusal
  }
  return invalid(param, "Not a valid URL", "url_invalid");
}

export async function startStripeFake(options: { secretKey: string; webhookSecret: string; /** a fixed port (the e2e server's STRIPE_API_URL); 0: any free one */ port?: number }): Promise<StripeFake> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  /** what the hosted page shows, and what the PaymentIntent gets when the guest pays */
  const pageData = new Map<string, { name: string; intentMetadata: Record<string, string>; intentDescription: string | null }>();
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const events = new Map<string, { id: string; body: string }>();
  const hanging = new Set<ServerResponse>();
  const deliveries = new Set<Promise<unknown>>();
  let apiVersion: string | null = null;

  /** The session as it is now: an open one past its expires_at has expired. */
  function current(id: string): FakeCheckoutSession | undefined {
    const session = sessions.get(id);
    if (session?.status === "open" && session.expires_at <= nowS()) expireSession(session);
    return session;
  }
  function expireSession(session: FakeCheckoutSession) {
    session.status = "expired";
    session.url = null;
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (intent && intent.status !== "succeeded") intent.status = "canceled";
  }

  function createSession(p: Form): Answer {
    const mode = str(p.mode);
    if (!mode) return missing("mode");
    if (!["payment", "setup", "subscription"].includes(mode)) return invalid("mode", `Invalid mode: must be one of payment, setup, or subscription`);
    if (mode !== "payment") return invalid("mode", "This test account takes mode=payment only.");
    const items = p.line_items;
    if (items === undefined) return missing("line_items");
    if (!Array.isArray(items) || items.length === 0) return invalid("line_items", "Invalid array", "parameter_invalid_empty");
    let currency: string | undefined;
    let total = 0;
    const names: string[] = [];
    for (const [i, item] of items.entries()) {
      const at = `line_items[${i}]`;
      if (!isForm(item)) return invalid(at, "Invalid object");
      if (item.price !== undefined) return fail(400, { type: "invalid_request_error", code: "resource_missing", message: `No such price: '${String(item.price)}'`, param: `${at}[price]` });
      const quantity = positiveInteger(item.quantity, `${at}[quantity]`);
      if (isAnswer(quantity)) return quantity;
      const pd = item.price_data;
      if (!isForm(pd)) return missing(`${at}[price_data]`);
      const cur = str(pd.currency)?.toLowerCase();
      if (!cur) return missing(`${at}[price_data][currency]`);
      if (!CURRENCIES.includes(cur)) return invalid(`${at}[price_data][currency]`, `Invalid currency: ${cur}. Stripe currently supports these currencies: ${CURRENCIES.join(", ")}`);
      if (currency && cur !== currency) return invalid(`${at}[price_data][currency]`, "All line items must use the same currency.");
      currency = cur;
      const unit = positiveInteger(pd.unit_amount, `${at}[price_data][unit_amount]`);
      if (isAnswer(unit)) return unit;
      const name = isForm(pd.product_data) ? str(pd.product_data.name) : undefined;
      if (!name?.trim()) return missing(`${at}[price_data][product_data][name]`);
      names.push(name);
      total += unit * quantity;
    }
    if (total > MAX_AMOUNT) return invalid("line_items", `The Checkout Session's total amount due must be no more than ${decimal(MAX_AMOUNT)} ${currency}.`, "amount_too_large");
    const successUrl = urlParam(p.success_url, "success_url", true);
    if (isAnswer(successUrl)) return successUrl;
    const cancelUrl = urlParam(p.cancel_url, "cancel_url", false);
    if (isAnswer(cancelUrl)) return cancelUrl;
    const created = nowS();
    let expiresAt = created + MAX_EXPIRY_S;
    if (p.expires_at !== undefined) {
      const v = str(p.expires_at) ?? "";
      if (!/^\d+$/.test(v)) return invalid("expires_at", `Invalid integer: ${v}`, "parameter_invalid_integer");
      expiresAt = Number(v);
      if (expiresAt < created + MIN_EXPIRY_S) return invalid("expires_at", "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.");
      if (expiresAt > created + MAX_EXPIRY_S) return invalid("expires_at", "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.");
    }
    const locale = str(p.locale) ?? null;
    if (locale !== null && !LOCALES.has(locale)) return invalid("locale", `Invalid locale: ${locale}`);
    const email = str(p.customer_email) ?? null;
    if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return invalid("customer_email", `Invalid email address: ${email}`, "email_invalid");
    const reference = str(p.client_reference_id) ?? null;
    if (reference !== null && reference.length > 200) return invalid("client_reference_id", "client_reference_id can have up to 200 characters.");
    const metadata = metadataOf(p.metadata, "metadata");
    if (isAnswer(metadata)) return metadata;
    const pid = isForm(p.payment_intent_data) ? p.payment_intent_data : {};
    const intentMetadata = metadataOf(pid.metadata, "payment_intent_data[metadata]");
    if (isAnswer(intentMetadata)) return intentMetadata;
    const id = newId("cs_test_", 58);
    const session: FakeCheckoutSession = {
      id, object: "checkout.session", amount_subtotal: total, amount_total: total, cancel_url: cancelUrl, client_reference_id: reference, created,
      currency: currency!, customer_details: null, customer_email: email, expires_at: expiresAt, livemode: false, locale, metadata, mode: "payment",
      payment_intent: null, payment_method_types: ["card"], payment_status: "unpaid", status: "open", success_url: successUrl!, ui_mode: "hosted",
      url: `${fake.url}/c/pay/${id}`,
    };
    sessions.set(id, session);
    pageData.set(id, { name: names.join(", "), intentMetadata, intentDescription: str(pid.description) ?? null });
    return { status: 200, body: session };
  }

  function pay(sessionId: string, outcome: StripeOutcome): FakeCheckoutSession {
    const session = current(sessionId);
    if (!session) throw new Error(`no such checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`checkout session ${sessionId} is ${session.status}: it takes no payment`);
    let intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (!intent) {
      const data = pageData.get(sessionId);
      intent = {
        id: newId("pi_"), object: "payment_intent", amount: session.amount_total, amount_received: 0, created: nowS(), currency: session.currency,
        description: data?.intentDescription ?? null, last_payment_error: null, latest_charge: null, livemode: false,
        metadata: { ...data?.intentMetadata }, payment_method_types: ["card"], status: "requires_payment_method",
      };
      paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
    }
    const charge = newId("ch_");
    if (outcome === "success") {
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge, last_payment_error: null });
      Object.assign(session, { status: "complete", payment_status: "paid", url: null, customer_details: { email: session.customer_email } });
    } else {
      // The guest stays on the page and may try again; the failed attempt is the intent's last error.
      const error = outcome === "decline" ? { ...DECLINE, charge } : { ...THREEDS_FAIL };
      Object.assign(intent, { status: "requires_payment_method", last_payment_error: error, latest_charge: outcome === "decline" ? charge : intent.latest_charge });
    }
    return session;
  }

  function expire(sessionId: string): FakeCheckoutSession {
    const session = current(sessionId);
    if (!session) throw new Error(`no such checkout session ${sessionId}`);
    if (session.status === "complete") throw new Error(`checkout session ${sessionId} is complete: it cannot expire`);
    expireSession(session);
    return session;
  }

  function createRefund(p: Form): Answer {
    const intentId = str(p.payment_intent);
    if (!intentId) {
      if (p.charge !== undefined) return invalid("charge", "This test account refunds by payment_intent only.");
      return invalid("payment_intent", "One of the following params should be provided for this request: payment_intent or charge.", "parameter_missing");
    }
    const metadata = metadataOf(p.metadata, "metadata");
    if (isAnswer(metadata)) return metadata;
    const asked = p.amount === undefined ? undefined : positiveInteger(p.amount, "amount");
    if (isAnswer(asked)) return asked;
    const intent = paymentIntents.get(intentId);
    if (!intent) return noSuch("payment_intent", intentId, "payment_intent");
    if (intent.status !== "succeeded" || !intent.latest_charge) {
      return fail(400, { type: "invalid_request_error", message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, param: "payment_intent" });
    }
    const remaining = intent.amount_received - (refunded.get(intentId) ?? 0);
    if (remaining <= 0) {
      return fail(400, { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ${intent.latest_charge} has already been refunded.`, charge: intent.latest_charge, doc_url: "https://stripe.com/docs/error-codes/charge-already-refunded" });
    }
    const amount = asked ?? remaining;
    if (amount > remaining) {
      const cur = intent.currency.toUpperCase();
      return fail(400, { type: "invalid_request_error", message: `Refund amount (${decimal(amount)} ${cur}) is greater than unrefunded amount on charge (${decimal(remaining)} ${cur})`, param: "amount" });
    }
    const status = fake.refundStatus;
    const refund: FakeRefund = {
      id: newId("re_"),
      object: "refund",
      amount,
      balance_transaction: status === "failed" ? null : newId("txn_"),
      charge: intent.latest_charge,
      created: nowS(),
      currency: intent.currency,
      ...(status === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
      metadata,
      payment_intent: intentId,
      reason: str(p.reason) ?? null,
      status,
    };
    if (status !== "failed") refunded.set(intentId, (refunded.get(intentId) ?? 0) + amount);
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, form: Form): Answer {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    if (method === "POST" && path === "/v1/refunds") return createRefund(form);
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === "GET") {
      const id = decodeURIComponent(m[1]!);
      const session = current(id);
      if (!session) return noSuch("checkout.session", id, "session");
      const expand = Array.isArray(form.expand) ? form.expand : form.expand === undefined ? [] : [form.expand];
      for (const field of expand) if (field !== "payment_intent") return invalid("expand", `This property cannot be expanded (${String(field)}).`);
      const intent = expand.length && session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      return { status: 200, body: intent ? { ...session, payment_intent: intent } : session };
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === "POST") {
      const id = decodeURIComponent(m[1]!);
      const session = current(id);
      if (!session) return noSuch("checkout.session", id, "session");
      if (session.status !== "open") return fail(400, { type: "invalid_request_error", message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".` });
      expireSession(session);
      return { status: 200, body: session };
    }
    if ((m = /^\/v1\/(payment_intents|refunds)\/([^/]+)$/.exec(path)) && method === "GET") {
      const id = decodeURIComponent(m[2]!);
      const found = m[1] === "refunds" ? refunds.get(id) : paymentIntents.get(id);
      return found ? { status: 200, body: found } : noSuch(m[1] === "refunds" ? "refund" : "payment_intent", id, m[1] === "refunds" ? "refund" : "intent");
    }
    return fail(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` });
  }

  function authError(header: string | undefined): Answer | null {
    let key = "";
    if (header?.startsWith("Bearer ")) key = header.slice(7).trim();
    else if (header?.startsWith("Basic ")) key = Buffer.from(header.slice(6), "base64").toString().split(":")[0] ?? "";
    if (key === options.secretKey) return null;
    if (!key) {
      return fail(401, { type: "invalid_request_error", message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')." });
    }
    return fail(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${key.slice(0, Math.min(8, key.length - 4))}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` });
  }

  function api(method: string, path: string, query: string, raw: string, headers: Record<string, string | string[] | undefined>): { answer: Answer; replayed: boolean } {
    const denied = authError(str(headers.authorization));
    if (denied) return { answer: denied, replayed: false };
    apiVersion = str(headers["stripe-version"]) ?? apiVersion;
    const key = str(headers["idempotency-key"]);
    const fingerprint = `${method} ${path} ${[...new URLSearchParams(raw)].map(([k, v]) => `${k}=${v}`).sort().join("&")}`;
    if (method === "POST" && key) {
      const saved = idempotent.get(key);
      if (saved && saved.fingerprint === fingerprint) return { answer: { status: saved.status, body: saved.body }, replayed: true };
      if (saved) {
        return {
          answer: fail(400, { type: "idempotency_error", message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` }),
          replayed: false,
        };
      }
    }
    const answer = route(method, path, parseStripeForm(method === "GET" ? query : raw));
    if (method === "POST" && key && answer.keep !== false) idempotent.set(key, { fingerprint, status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) });
    return { answer, replayed: false };
  }

  function page(session: FakeCheckoutSession, error?: string): string {
    const data = pageData.get(session.id);
    const amount = `${decimal(session.amount_total)} ${session.currency.toUpperCase()}`;
    const body =
      session.status === "open"
        ? `<h1>${html(data?.name ?? "")}</h1><p class="amount">${html(amount)}</p>${error ? `<p class="error" role="alert">${html(error)}</p>` : ""}` +
          `<form method="post"><button name="outcome" value="success">Pay</button> <button name="outcome" value="decline">Decline</button> ` +
          `<button name="outcome" value="threeds_fail">Fail 3-D Secure</button></form>` +
          (session.cancel_url ? `<p><a href="${html(session.cancel_url)}">Back</a></p>` : "")
        : session.status === "expired"
          ? `<h1>This Checkout Session is no longer active</h1><p class="error" role="alert">The payment page has expired.</p>`
          : `<h1>This Checkout Session is complete</h1><p>${html(amount)} paid.</p>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (test)</title></head><body>${body}</body></html>`;
  }

  const fake: StripeFake = {
    url: "",
    mode: "ok",
    calls: [],
    sessions,
    paymentIntents,
    refunds,
    refundStatus: "succeeded",
    pay,
    expire,
    webhookRequest(sessionId, type, signing) {
      const session = current(sessionId);
      if (!session) throw new Error(`no such checkout session ${sessionId}`);
      const eventType =
        type ?? (session.status === "complete" ? "checkout.session.completed" : session.status === "expired" ? "checkout.session.expired" : undefined);
      if (!eventType) throw new Error(`checkout session ${sessionId} is open: name the event type`);
      const key = `${sessionId}|${eventType}`;
      let event = events.get(key);
      if (!event) {
        const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
        const object = eventType.startsWith("payment_intent.") && intent ? intent : session;
        const id = newId("evt_");
        const created = nowS();
        const payload = { id, object: "event", api_version: apiVersion, created, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: eventType };
        event = { id, body: JSON.stringify(payload, null, 2) };
        events.set(key, event);
      }
      const timestamp = signing?.timestamp ?? nowS();
      return {
        body: event.body,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": `t=${timestamp},v1=${sign(signing?.secret ?? options.webhookSecret, timestamp, event.body)}`,
        },
      };
    },
    async sendWebhook(sessionId, type) {
      if (!fake.webhookUrl) throw new Error("the Stripe fake has no webhookUrl");
      const { body, headers } = fake.webhookRequest(sessionId, type);
      const response = await fetch(fake.webhookUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    },
    close: () => Promise.resolve(),
  };

  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const method = req.method ?? "GET";
    const target = new URL(req.url ?? "/", "http://127.0.0.1");
    fake.calls.push({ method, path: req.url ?? "/", headers: req.headers, raw });
    const requestId = newId("req_", 14);

    const hosted = /^\/c\/pay\/([^/]+)$/.exec(target.pathname);
    if (hosted) {
      const session = current(decodeURIComponent(hosted[1]!));
      const send = (status: number, text: string) => res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(text);
      if (!session) return send(404, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Something went wrong</h1><p>The page you were looking for could not be found.</p></body></html>`);
      if (method !== "POST" || session.status !== "open") return send(200, page(session));
      const outcome = new URLSearchParams(raw).get("outcome");
      if (outcome !== "success" && outcome !== "decline" && outcome !== "threeds_fail") return send(400, page(session, "Choose how the test payment ends."));
      pay(session.id, outcome);
      if (outcome !== "success") return send(200, page(session, paymentIntents.get(session.payment_intent!)?.last_payment_error?.message));
      const location = session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
      res.writeHead(303, { Location: location }).end(() => {
        if (!fake.webhookUrl) return;
        const delivery = fake.sendWebhook(session.id, "checkout.session.completed").catch(() => undefined);
        deliveries.add(delivery);
        void delivery.finally(() => deliveries.delete(delivery));
      });
      return;
    }

    if (fake.mode === "hang") {
      hanging.add(res);
      return;
    }
    const { answer, replayed } =
      fake.mode === "down"
        ? { answer: { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred" } } }, replayed: false }
        : api(method, target.pathname, target.search.slice(1), raw, req.headers);
    const key = str(req.headers["idempotency-key"]);
    res
      .writeHead(answer.status, {
        "Content-Type": "application/json",
        "Request-Id": requestId,
        ...(key ? { "Idempotency-Key": key } : {}),
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      })
      .end(JSON.stringify(answer.body, null, 2));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    await Promise.all(deliveries);
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
