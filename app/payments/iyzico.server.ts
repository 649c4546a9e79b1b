/**
 * iyzico Checkout Form (DESIGN.md §9, issue 30) through the official `iyzipay` client: CF-Initialize
 * (POST /payment/iyzipos/checkoutform/initialize/auth/ecom) gives the hosted page's URL and its
 * token; CF-Retrieve (POST /payment/iyzipos/checkoutform/auth/ecom/detail) reads the result, whose
 * `signature` (HMAC-SHA256 hex with the secret key over paymentStatus:paymentId:currency:basketId:
 * conversationId:paidPrice:price:token, prices without trailing zeros) is verified before anything is
 * believed; Refund v2 (POST /v2/payment/refund) refunds by paymentId. The hosted page's webhook
 * (HPP format) is verified by X-IYZ-SIGNATURE-V3 = HMAC-SHA256 hex with the secret key over
 * secretKey + iyziEventType + iyziPaymentId + token + paymentConversationId + status.
 * iyzico answers failures with HTTP 200 and `{ status: "failure", errorCode, errorMessage, … }`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import type { Currency } from "~/pricing/currency";
import {
  PAYMENT_TIMEOUT_MS,
  decimalToMinor,
  minorToDecimal,
  type CheckoutState,
  type PaymentProvider,
  type ProviderFailure,
  type RefundResult,
} from "./provider";

export interface IyzicoConfig {
  apiKey: string;
  secretKey: string;
  /** https://api.iyzipay.com, https://sandbox-api.iyzipay.com (or the local fake) */
  baseUrl: string;
  /** the hosted page's origin, when it cannot be derived from baseUrl */
  checkoutOrigin?: string;
  timeoutMs?: number;
}

// --- the part of `iyzipay` (CommonJS, callback-based, untyped) used here --------------------------

type IyzipayCallback = (error: Error | null, result: unknown) => void;
interface IyzipayClient {
  checkoutFormInitialize: { create(request: object, callback: IyzipayCallback): void };
  checkoutForm: { retrieve(request: object, callback: IyzipayCallback): void };
  refundV2: { create(request: object, callback: IyzipayCallback): void };
}
type IyzipayConstructor = new (config: { apiKey: string; secretKey: string; uri: string }) => IyzipayClient;

const Iyzipay = createRequire(import.meta.url)("iyzipay") as IyzipayConstructor;

const CURRENCIES = ["TRY", "EUR", "USD", "GBP", "RUB"] as const satisfies readonly Currency[];

/** iyzico's "System error occurred" (1, 2) and "Request Limit Exceeded" (50000): worth another try. */
const RETRYABLE_CODES = new Set(["1", "2", "50000"]);

/** The placeholders iyzico documents for a buyer without a Turkish identity number, and the service's city. */
const FOREIGN_IDENTITY_NUMBER = "11111111111";
const SERVICE_CITY = "Antalya";
const SERVICE_COUNTRY = "Turkey";

type Answer = Record<string, unknown>;
type Called = { ok: true; answer: Answer } | ProviderFailure;

const isRecord = (value: unknown): value is Answer =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === "string" && value !== ""
    ? value
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : null;

/** One call of the client as a promise that always settles with iyzico's answer (success or not); a network error or no answer in time is retryable. */
function call(invoke: (callback: IyzipayCallback) => void, timeoutMs: number): Promise<Called> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, retryable: true, error: "timed out" }), timeoutMs);
    const settle = (outcome: Called) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    try {
      invoke((error, result) => {
        if (error) settle({ ok: false, retryable: true, error: `network: ${error.message}` });
        else if (!isRecord(result)) settle({ ok: false, retryable: true, error: "unreadable answer (not JSON)" });
        else settle({ ok: true, answer: result });
      });
    } catch (error) {
      settle({
        ok: false,
        retryable: false,
        error: `client error: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
}

/** iyzico's failure shape as ours; an answer without a status is not iyzico's (a proxy's page): retryable. */
function failureOf(answer: Answer): ProviderFailure {
  if (answer.status !== "failure") return { ok: false, retryable: true, error: "unexpected answer (no status)" };
  const code = text(answer.errorCode);
  const message = text(answer.errorMessage) ?? "no error message";
  return {
    ok: false,
    retryable: code !== null && RETRYABLE_CODES.has(code),
    error: `iyzico ${code ?? "?"}: ${message}`,
    ...(code !== null ? { code } : {}),
  };
}

function hmacHex(secretKey: string, data: string): string {
  return createHmac("sha256", secretKey).update(data, "utf8").digest("hex");
}

function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(received.trim().toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A price as iyzico writes it into a signature: no trailing zeros ("1234.50" → "1234.5", 15.0 → "15"). */
function signaturePrice(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== "string" || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  const trimmed = value.trim();
  return trimmed.includes(".") ? trimmed.replace(/0+$/, "").replace(/\.$/, "") : trimmed;
}

/** The response signature over `fields` (joined by ':'); false when it is missing or a field is. */
function signatureMatches(secretKey: string, answer: Answer, fields: Array<string | null>): boolean {
  const signature = answer.signature;
  if (typeof signature !== "string" || fields.some((field) => field === null)) return false;
  return sameHex(hmacHex(secretKey, fields.join(":")), signature);
}

const retrieveSignatureFields = (answer: Answer) => [
  text(answer.paymentStatus),
  text(answer.paymentId),
  text(answer.currency),
  text(answer.basketId),
  text(answer.conversationId),
  signaturePrice(answer.paidPrice),
  signaturePrice(answer.price),
  text(answer.token),
];

const isCurrency = (value: unknown): value is Currency =>
  typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

/** "Ayşe Nur Yılmaz" → Ayşe Nur / Yılmaz; a single word is both (iyzico requires both). */
function splitName(full: string): { name: string; surname: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { name: "Guest", surname: "Guest" };
  if (words.length === 1) return { name: words[0]!, surname: words[0]! };
  return { name: words.slice(0, -1).join(" "), surname: words[words.length - 1]! };
}

/** The hosted page's origin: iyzico's cpp host for its own API hosts, otherwise the API's origin (the local fake). */
export function iyzicoCheckoutOrigin(baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  if (origin === "https://sandbox-api.iyzipay.com") return "https://sandbox-cpp.iyzipay.com";
  if (origin === "https://api.iyzipay.com") return "https://cpp.iyzipay.com";
  return origin;
}

export function createIyzicoProvider(config: IyzicoConfig): PaymentProvider {
  const client = new Iyzipay({ apiKey: config.apiKey, secretKey: config.secretKey, uri: config.baseUrl });
  const timeoutMs = config.timeoutMs ?? PAYMENT_TIMEOUT_MS;
  const { secretKey } = config;

  return {
    name: "iyzico",
    currencies: CURRENCIES,
    idempotentRefunds: false,
    checkoutOrigins: [config.checkoutOrigin ?? iyzicoCheckoutOrigin(config.baseUrl)],

    async startCheckout(request) {
      const price = minorToDecimal(request.amountMinor);
      const guestName = request.guest.name.trim() || "Guest";
      const ip = request.guest.ip ?? "127.0.0.1";
      const address = { contactName: guestName, city: SERVICE_CITY, country: SERVICE_COUNTRY, address: SERVICE_CITY };
      const called = await call(
        (callback) =>
          client.checkoutFormInitialize.create(
            {
              locale: request.locale === "tr" ? "tr" : "en",
              conversationId: request.attemptId,
              price,
              paidPrice: price,
              currency: request.currency,
              basketId: request.attemptId,
              paymentGroup: "PRODUCT",
              callbackUrl: request.returnUrl,
              enabledInstallments: [1],
              buyer: {
                id: request.attemptId,
                ...splitName(guestName),
                gsmNumber: request.guest.phone,
                email: request.guest.email,
                identityNumber: FOREIGN_IDENTITY_NUMBER,
                registrationAddress: SERVICE_CITY,
                city: SERVICE_CITY,
                country: SERVICE_COUNTRY,
                ip,
              },
              billingAddress: address,
              basketItems: [
                { id: request.reference, name: request.description, category1: "Transfer", itemType: "VIRTUAL", price },
              ],
            },
            callback,
          ),
        timeoutMs,
      );
      if (!called.ok) return called;
      const { answer } = called;
      if (answer.status !== "success") return failureOf(answer);
      const url = text(answer.paymentPageUrl);
      const token = text(answer.token);
      if (!url || !token)
        return { ok: false, retryable: false, error: "iyzico answered without paymentPageUrl or token" };
      // CF-Initialize signs conversationId:token; checked when the answer carries a signature.
      if (
        answer.signature !== undefined &&
        !signatureMatches(secretKey, answer, [text(answer.conversationId), token])
      ) {
        return { ok: false, retryable: false, error: "signature mismatch" };
      }
      return { ok: true, url, sessionId: token };
    },

    async readCheckout(token): Promise<CheckoutState> {
      // The retrieve's conversationId is echoed into the signed answer: the token names this read.
      const called = await call(
        (callback) => client.checkoutForm.retrieve({ locale: "en", conversationId: token, token }, callback),
        timeoutMs,
      );
      if (!called.ok) return called;
      const { answer } = called;
      const paymentStatus = text(answer.paymentStatus);
      if (answer.status !== "success" && paymentStatus !== "FAILURE") return failureOf(answer);
      if (paymentStatus === "SUCCESS") {
        if (!signatureMatches(secretKey, answer, retrieveSignatureFields(answer)))
          return { ok: false, retryable: false, error: "signature mismatch" };
        if (answer.token !== token)
          return { ok: false, retryable: false, error: "the answer is about another checkout" };
        const fraudStatus = answer.fraudStatus;
        if (fraudStatus === -1 || fraudStatus === "-1")
          return { ok: true, status: "failed", reason: "refused by iyzico's fraud check", code: "fraud" };
        // 0: held for iyzico's fraud review; the money is not ours yet (read again later).
        if (fraudStatus === 0 || fraudStatus === "0") return { ok: true, status: "open" };
        const paymentRef = text(answer.paymentId);
        const amountMinor =
          typeof answer.paidPrice === "number" || typeof answer.paidPrice === "string"
            ? decimalToMinor(answer.paidPrice)
            : Number.NaN;
        if (!paymentRef || !Number.isFinite(amountMinor) || !isCurrency(answer.currency)) {
          return {
            ok: false,
            retryable: false,
            error: "iyzico's paid answer lacks paymentId, paidPrice or a known currency",
          };
        }
        return { ok: true, status: "paid", paymentRef, amountMinor, currency: answer.currency };
      }
      if (paymentStatus === "FAILURE") {
        // Checked when signed in full; a forged failure could not mark anything paid anyway.
        const fields = retrieveSignatureFields(answer);
        if (
          answer.signature !== undefined &&
          fields.every((field) => field !== null) &&
          !signatureMatches(secretKey, answer, fields)
        ) {
          return { ok: false, retryable: false, error: "signature mismatch" };
        }
        const code = text(answer.errorCode);
        return {
          ok: true,
          status: "failed",
          reason: text(answer.errorMessage) ?? "the payment failed",
          ...(code !== null ? { code } : {}),
        };
      }
      // No payment yet (the guest is on the page), or 3-D Secure under way (INIT_THREEDS, CALLBACK_THREEDS).
      return { ok: true, status: "open" };
    },

    async refund(request): Promise<RefundResult> {
      const called = await call(
        (callback) =>
          client.refundV2.create(
            {
              locale: "en",
              conversationId: request.idempotencyKey,
              paymentId: request.paymentRef,
              price: minorToDecimal(request.amountMinor),
              currency: request.currency,
              ip: request.ip ?? "127.0.0.1",
            },
            callback,
          ),
        timeoutMs,
      );
      if (!called.ok) return called;
      const { answer } = called;
      if (answer.status !== "success") return failureOf(answer);
      const paymentId = text(answer.paymentId) ?? request.paymentRef;
      const conversationId = text(answer.conversationId) ?? request.idempotencyKey;
      // Refund v2 signs paymentId:conversationId; checked when the answer carries a signature.
      if (answer.signature !== undefined && !signatureMatches(secretKey, answer, [paymentId, conversationId])) {
        return { ok: false, retryable: false, error: "signature mismatch" };
      }
      return { ok: true, refundRef: `${paymentId}:${conversationId}` };
    },

    parseWebhook(raw, headers) {
      const signature = headers.get("x-iyz-signature-v3");
      if (!signature) return null;
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return null;
      }
      if (!isRecord(body)) return null;
      const eventType = text(body.iyziEventType);
      const paymentId = text(body.iyziPaymentId);
      const token = text(body.token);
      const conversationId = text(body.paymentConversationId);
      const status = text(body.status);
      if (!eventType || !paymentId || !token || !conversationId || !status) return null;
      const expected = hmacHex(secretKey, `${secretKey}${eventType}${paymentId}${token}${conversationId}${status}`);
      return sameHex(expected, signature) ? { sessionId: token, eventId: null } : null;
    },
  };
}
