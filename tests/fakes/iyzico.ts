/**
 * A local iyzico for the Checkout Form, answering as the real API does (HTTP 200 and iyzico's JSON
 * for success and refusal alike): every request must carry a verifying `Authorization: IYZWSv2 …`
 * (HMAC-SHA256 of randomKey + path + body with the secret key) and `x-iyzi-rnd`, else 1001 (unknown
 * API key), 1000 ("Geçersiz imza") or 1004 (no random string).
 * - POST /payment/iyzipos/checkoutform/initialize/auth/ecom: validates the documented required fields
 *   (3, 5, 8, 23, 24; 5062 when the basket does not add up to price) and answers token,
 *   checkoutFormContent, tokenExpireTime, paymentPageUrl (this server's /checkout/{token}), signature.
 * - POST /payment/iyzipos/checkoutform/auth/ecom/detail: the result with the real field names and the
 *   response signature (paymentStatus:paymentId:currency:basketId:conversationId:paidPrice:price:token,
 *   prices without trailing zeros); no paymentStatus while the guest has not paid.
 * - POST /v2/payment/refund: by paymentId, up to what remains; signed paymentId:conversationId.
 * - GET/POST /checkout/{token}: the hosted page (Pay / Decline / Fail 3-D Secure), which posts `token`
 *   back to the callbackUrl as iyzico does.
 * - The HPP webhook (X-IYZ-SIGNATURE-V3 over secretKey + iyziEventType + iyziPaymentId + token +
 *   paymentConversationId + status) is built by `webhookRequest` and sent by `sendWebhook`.
 * Not confirmed from iyzico's documents, so chosen here: an unknown or expired token, an unknown
 * payment or an over-refund answer the generic 11 ("Invalid request"); a failed 3-D Secure answers
 * mdStatus 0 with the bank code 10210 (INVALID_CAVV). iyzico documents its services as NOT idempotent:
 * `idempotentRefunds` (default true) answers a repeated refund conversationId without refunding twice;
 * set it to false to behave as the real service may.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { listenOnLoopback } from "./loopback";
import { createServer, type ServerResponse } from "node:http";
import { decimalToMinor, minorToDecimal } from "~/payments/provider";
import type { OutageMode, RecordedCall } from "./messaging";

export type IyzicoOutcome = "success" | "decline" | "threeds_fail";

export interface IyzicoFakeCheckout {
  token: string;
  conversationId: string;
  basketId: string;
  /** the basket total as iyzico writes it ("1234.5") */
  price: string;
  priceMinor: number;
  paidPriceMinor: number;
  currency: string;
  locale: string;
  callbackUrl: string;
  status: "open" | "paid" | "failed" | "expired";
  outcome: IyzicoOutcome | null;
  paymentId: string | null;
  paymentTransactionId: string | null;
  refundedMinor: number;
  /** epoch ms after which an unpaid token is expired */
  expiresAt: number;
  /** the initialize request's body as received */
  request: Record<string, unknown>;
}

export interface IyzicoFakeRefund {
  paymentId: string;
  conversationId: string;
  priceMinor: number;
  currency: string;
  ip: string;
}

export interface IyzicoFake {
  url: string;
  mode: OutageMode;
  calls: RecordedCall[];
  /** by token */
  checkouts: Map<string, IyzicoFakeCheckout>;
  /** the refunds made (a repeated conversationId is not recorded twice while idempotentRefunds) */
  refunds: IyzicoFakeRefund[];
  /** answers carry a wrong `signature` (initialize, retrieve, refund) */
  corruptSignature: boolean;
  idempotentRefunds: boolean;
  /** tokenExpireTime of new checkouts, in seconds (iyzico: 1800) */
  tokenExpireSeconds: number;
  /** where sendWebhook posts (iyzico: the merchant's notification URL) */
  webhookUrl?: string;
  /** what the guest does on the hosted page; throws for an unknown, expired or finished token */
  pay(token: string, outcome: IyzicoOutcome): void;
  /** the token expires now (when unpaid) */
  expire(token: string): void;
  /** the HPP webhook for the checkout's current result, signed with the secret key (or `secretKey`) */
  webhookRequest(token: string, options?: { secretKey?: string }): { body: string; headers: Record<string, string> };
  /** POSTs webhookRequest(token) to webhookUrl; the HTTP status it got */
  sendWebhook(token: string, options?: { secretKey?: string }): Promise<number>;
  /** sendWebhook signed with a wrong key */
  forgeWebhook(token: string): Promise<number>;
  close(): Promise<void>;
}

export const IYZICO_PATHS = {
  initialize: "/payment/iyzipos/checkoutform/initialize/auth/ecom",
  retrieve: "/payment/iyzipos/checkoutform/auth/ecom/detail",
  refund: "/v2/payment/refund",
} as const;

type Answer = Record<string, unknown>;
type Reply = { status: number; type: "json" | "html"; body: string };

/** errorCode → [tr, en] text. 1000, 1001, 1004 and 5062 are iyzico's own wording; the others its English list's. */
const MESSAGES: Record<string, [string, string]> = {
  "1": ["Sistem hatası", "System error occurred"],
  "3": ["Email gönderilmesi zorunludur", "Email is mandatory"],
  "5": ["Email geçerli formatta değildir", "Email was sent in an incorrect format"],
  "8": ["Kimlik numarası gönderilmesi zorunludur", "Identity number is mandatory"],
  "11": ["Geçersiz istek", "Invalid request"],
  "23": ["Callback url gönderilmesi zorunludur", "Callback URL is mandatory"],
  "24": ["{0} gönderilmesi zorunludur", "{0} is mandatory"],
  "1000": ["Geçersiz imza", "Invalid signature"],
  "1001": ["api bilgileri bulunamadı", "API information not found"],
  "1004": ["Random string gönderilmesi zorunludur", "Random string is mandatory"],
  "5002": ["paymentId gönderilmesi zorunludur", "paymentId is a mandatory parameter"],
  "5005": ["Fiyat sıfırdan büyük olmalıdır", "price should be more than zero"],
  "5062": [
    "Gönderilen tutar tüm kırılımların toplam tutarına eşit olmalıdır",
    "Total item price must be equal to price",
  ],
};

const DECLINES: Record<
  Exclude<IyzicoOutcome, "success">,
  { code: string; group: string; message: [string, string]; mdStatus: number }
> = {
  decline: {
    code: "10051",
    group: "NOT_SUFFICIENT_FUNDS",
    message: ["Kart limiti yetersiz, yetersiz bakiye", "Insufficient card limit, insufficient balance"],
    mdStatus: 1,
  },
  threeds_fail: { code: "10210", group: "INVALID_CAVV", message: ["Hatalı CAVV bilgisi", "Invalid CAVV"], mdStatus: 0 },
};

const CURRENCIES = new Set(["TRY", "EUR", "USD", "GBP", "RUB", "IRR", "NOK", "CHF"]);

const hmacHex = (key: string, data: string) => createHmac("sha256", key).update(data, "utf8").digest("hex");
const isRecord = (value: unknown): value is Answer =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** hundredths as iyzico's JSON number (123450 → 1234.5): String() of it is the signature's text */
const asNumber = (minor: number) => minor / 100;

function sameText(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

function failure(code: string, locale: string, conversationId?: unknown, field?: string): Answer {
  const [tr, en] = MESSAGES[code] ?? ["Hata", "Error"];
  const message = (locale === "en" ? en : tr).replace("{0}", field ?? "");
  return {
    status: "failure",
    errorCode: code,
    errorMessage: message,
    locale,
    systemTime: Date.now(),
    ...(conversationId !== undefined ? { conversationId } : {}),
  };
}

const json = (answer: Answer, status = 200): Reply => ({ status, type: "json", body: JSON.stringify(answer) });
const html = (body: string, status = 200): Reply => ({
  status,
  type: "html",
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>iyzico (fake)</title></head><body>${body}</body></html>`,
});

export async function startIyzicoFake(options: { apiKey: string; secretKey: string }): Promise<IyzicoFake> {
  const { apiKey, secretKey } = options;
  const checkouts = new Map<string, IyzicoFakeCheckout>();
  const refundAnswers = new Map<string, Answer>();
  const hanging = new Set<ServerResponse>();

  const sign = (fields: Array<string | number>) => {
    const signature = hmacHex(secretKey, fields.map(String).join(":"));
    return fake.corruptSignature ? signature.replace(/^./, (c) => (c === "0" ? "1" : "0")) : signature;
  };

  /** The checkout by token, its expiry applied; undefined when unknown. */
  function find(token: string): IyzicoFakeCheckout | undefined {
    const checkout = checkouts.get(token);
    if (checkout && checkout.status === "open" && Date.now() > checkout.expiresAt) checkout.status = "expired";
    return checkout;
  }

  /** 1004 / 1001 / 1000, or null when the IYZWSv2 header verifies. */
  function authFailure(call: RecordedCall, path: string, locale: string): Answer | null {
    const rnd = call.headers["x-iyzi-rnd"];
    if (typeof rnd !== "string" || !rnd) return failure("1004", locale);
    const header = call.headers.authorization ?? "";
    const decoded = header.startsWith("IYZWSv2 ") ? Buffer.from(header.slice(8), "base64").toString("utf8") : "";
    const parts = /^apiKey:(.*)&randomKey:(.*)&signature:([0-9a-f]{64})$/.exec(decoded);
    if (!parts || parts[1] !== apiKey) return failure("1001", locale);
    if (parts[2] !== rnd) return failure("1000", locale);
    return sameText(hmacHex(secretKey, `${parts[2]}${path}${call.raw}`), parts[3]!) ? null : failure("1000", locale);
  }

  function initialize(body: Answer, locale: string): Reply {
    const cid = body.conversationId;
    const fail = (code: string, field?: string) => json(failure(code, locale, cid, field), 400);
    const priceMinor = decimalToMinor(str(body.price));
    const paidPriceMinor = decimalToMinor(str(body.paidPrice));
    if (!str(body.price) || Number.isNaN(priceMinor)) return fail("24", "price");
    if (!str(body.paidPrice) || Number.isNaN(paidPriceMinor)) return fail("24", "paidPrice");
    if (priceMinor <= 0 || paidPriceMinor <= 0) return fail("5005");
    if (!CURRENCIES.has(str(body.currency))) return fail("11");
    if (!str(body.callbackUrl)) return fail("23");
    const buyer = isRecord(body.buyer) ? body.buyer : null;
    if (!buyer) return fail("24", "buyer");
    for (const field of ["id", "name", "surname"]) if (!str(buyer[field])) return fail("24", `buyer.${field}`);
    if (!str(buyer.email)) return fail("3");
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(str(buyer.email))) return fail("5");
    if (!str(buyer.identityNumber)) return fail("8");
    for (const field of ["registrationAddress", "city", "country"])
      if (!str(buyer[field])) return fail("24", `buyer.${field}`);
    const billing = isRecord(body.billingAddress) ? body.billingAddress : null;
    if (!billing) return fail("24", "billingAddress");
    for (const field of ["contactName", "city", "country", "address"])
      if (!str(billing[field])) return fail("24", `billingAddress.${field}`);
    const items = Array.isArray(body.basketItems) ? body.basketItems.filter(isRecord) : [];
    if (items.length === 0) return fail("24", "basketItems");
    let total = 0;
    for (const item of items) {
      for (const field of ["id", "name", "category1", "itemType"])
        if (!str(item[field])) return fail("24", `basketItems.${field}`);
      const itemMinor = decimalToMinor(str(item.price));
      if (Number.isNaN(itemMinor) || itemMinor <= 0) return fail("5005");
      total += itemMinor;
    }
    if (total !== priceMinor) return fail("5062");

    const token = randomUUID();
    const conversationId = str(cid);
    checkouts.set(token, {
      token,
      conversationId,
      basketId: str(body.basketId),
      price: String(asNumber(priceMinor)),
      priceMinor,
      paidPriceMinor,
      currency: str(body.currency),
      locale,
      callbackUrl: str(body.callbackUrl),
      status: "open",
      outcome: null,
      paymentId: null,
      paymentTransactionId: null,
      refundedMinor: 0,
      expiresAt: Date.now() + fake.tokenExpireSeconds * 1000,
      request: body,
    });
    const paymentPageUrl = `${fake.url}/checkout/${token}`;
    return json({
      status: "success",
      locale,
      systemTime: Date.now(),
      conversationId,
      token,
      checkoutFormContent: `<div id="iyzipay-checkout-form"><a href="${paymentPageUrl}">iyzico</a></div>`,
      tokenExpireTime: fake.tokenExpireSeconds,
      paymentPageUrl,
      signature: sign([conversationId, token]),
    });
  }

  function retrieve(body: Answer, locale: string): Reply {
    const conversationId = body.conversationId;
    const checkout = find(str(body.token));
    if (!checkout || checkout.status === "expired") return json(failure("11", locale, conversationId));
    const echoed = conversationId === undefined ? checkout.conversationId : str(conversationId);
    const price = asNumber(checkout.priceMinor);
    const paidPrice = asNumber(checkout.paidPriceMinor);
    const common = {
      status: "success",
      locale,
      systemTime: Date.now(),
      conversationId: echoed,
      price,
      paidPrice,
      basketId: checkout.basketId,
      currency: checkout.currency,
      token: checkout.token,
      callbackUrl: checkout.callbackUrl,
    };
    if (checkout.status === "open" || !checkout.paymentId) return json(common);
    const paid = checkout.status === "paid";
    const decline = checkout.outcome && checkout.outcome !== "success" ? DECLINES[checkout.outcome] : null;
    const paymentStatus = paid ? "SUCCESS" : "FAILURE";
    return json({
      ...common,
      installment: 1,
      paymentId: checkout.paymentId,
      fraudStatus: 1,
      merchantCommissionRate: 0,
      merchantCommissionRateAmount: 0,
      iyziCommissionRateAmount: paid ? asNumber(Math.round(checkout.paidPriceMinor * 0.0249)) : 0,
      iyziCommissionFee: paid ? 0.25 : 0,
      cardType: "CREDIT_CARD",
      cardAssociation: "MASTER_CARD",
      cardFamily: "Bonus",
      binNumber: "552608",
      lastFourDigits: "0006",
      itemTransactions: [
        {
          itemId: str(
            Array.isArray(checkout.request.basketItems) && isRecord(checkout.request.basketItems[0])
              ? checkout.request.basketItems[0].id
              : "",
          ),
          paymentTransactionId: checkout.paymentTransactionId,
          transactionStatus: paid ? 2 : 0,
          price,
          paidPrice,
        },
      ],
      ...(paid ? { authCode: String(randomInt(100_000, 999_999)), hostReference: `mock${checkout.paymentId}` } : {}),
      phase: "AUTH",
      mdStatus: decline ? decline.mdStatus : 1,
      paymentStatus,
      ...(decline
        ? { errorCode: decline.code, errorMessage: decline.message[locale === "en" ? 1 : 0], errorGroup: decline.group }
        : {}),
      signature: sign([
        paymentStatus,
        checkout.paymentId,
        checkout.currency,
        checkout.basketId,
        echoed,
        paidPrice,
        price,
        checkout.token,
      ]),
    });
  }

  function refund(body: Answer, locale: string): Reply {
    const conversationId = str(body.conversationId);
    const paymentId = str(body.paymentId);
    if (!paymentId) return json(failure("5002", locale, conversationId), 400);
    const key = `${paymentId}|${conversationId}`;
    const earlier = refundAnswers.get(key);
    if (earlier && fake.idempotentRefunds) return json(earlier);
    const checkout = [...checkouts.values()].find((c) => c.paymentId === paymentId && c.status === "paid");
    const priceMinor = decimalToMinor(str(body.price));
    if (Number.isNaN(priceMinor) || priceMinor <= 0) return json(failure("5005", locale, conversationId), 400);
    if (
      !checkout ||
      str(body.currency) !== checkout.currency ||
      priceMinor > checkout.paidPriceMinor - checkout.refundedMinor
    ) {
      return json(failure("11", locale, conversationId), 400);
    }
    checkout.refundedMinor += priceMinor;
    fake.refunds.push({ paymentId, conversationId, priceMinor, currency: checkout.currency, ip: str(body.ip) });
    const hostReference = `mock${randomInt(10_000_000, 99_999_999)}iyzihostrfn`;
    const answer: Answer = {
      status: "success",
      locale,
      systemTime: Date.now(),
      conversationId,
      paymentId,
      price: asNumber(priceMinor),
      currency: checkout.currency,
      authCode: String(randomInt(100_000, 999_999)),
      hostReference,
      refundHostReference: hostReference,
      retryable: false,
      signature: sign([paymentId, conversationId]),
    };
    refundAnswers.set(key, answer);
    return json(answer);
  }

  function pay(token: string, outcome: IyzicoOutcome): void {
    const checkout = find(token);
    if (!checkout) throw new Error(`iyzico fake: unknown token ${token}`);
    if (checkout.status !== "open") throw new Error(`iyzico fake: the checkout ${token} is ${checkout.status}`);
    checkout.outcome = outcome;
    checkout.status = outcome === "success" ? "paid" : "failed";
    checkout.paymentId = String(randomInt(10_000_000, 99_999_999));
    checkout.paymentTransactionId = String(randomInt(10_000_000, 99_999_999));
  }

  function page(method: string, token: string, raw: string): Reply {
    const checkout = find(token);
    if (!checkout || checkout.status === "expired")
      return html("<h1>Ödeme sayfası bulunamadı</h1><p>This payment page has expired or does not exist.</p>", 404);
    if (checkout.status !== "open")
      return html("<h1>Bu ödeme tamamlandı</h1><p>This payment was already made.</p>", 409);
    const amount = `${minorToDecimal(checkout.paidPriceMinor)} ${escapeHtml(checkout.currency)}`;
    if (method === "GET") {
      const action = `/checkout/${escapeHtml(token)}`;
      return html(
        `<h1>iyzico</h1><p>Amount: <strong>${amount}</strong></p>` +
          `<form method="post" action="${action}">` +
          `<button type="submit" name="outcome" value="success">Pay</button> ` +
          `<button type="submit" name="outcome" value="decline">Decline</button> ` +
          `<button type="submit" name="outcome" value="threeds_fail">Fail 3-D Secure</button></form>`,
      );
    }
    const outcome = new URLSearchParams(raw).get("outcome");
    if (outcome !== "success" && outcome !== "decline" && outcome !== "threeds_fail")
      return html("<h1>Geçersiz istek</h1>", 400);
    pay(token, outcome);
    return html(
      `<p>Redirecting to the merchant…</p><form method="post" action="${escapeHtml(checkout.callbackUrl)}">` +
        `<input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Continue</button></form>` +
        `<script>document.forms[0].submit()</script>`,
    );
  }

  function handle(call: RecordedCall): Reply {
    const path = call.path.split("?")[0] ?? "/";
    const pageMatch = /^\/checkout\/([\w-]+)$/.exec(path);
    if (pageMatch && (call.method === "GET" || call.method === "POST"))
      return page(call.method, pageMatch[1]!, call.raw);
    const route = path.replace(/\/$/, "");
    const known = route === IYZICO_PATHS.initialize || route === IYZICO_PATHS.retrieve || route === IYZICO_PATHS.refund;
    if (!known || call.method !== "POST") return json(failure("11", "tr"), 404);
    let body: unknown;
    try {
      body = JSON.parse(call.raw);
    } catch {
      return json(failure("11", "tr"), 400);
    }
    if (!isRecord(body)) return json(failure("11", "tr"), 400);
    const locale = body.locale === "en" ? "en" : "tr";
    const denied = authFailure(call, path, locale);
    if (denied) return json(denied);
    if (route === IYZICO_PATHS.initialize) return initialize(body, locale);
    if (route === IYZICO_PATHS.retrieve) return retrieve(body, locale);
    return refund(body, locale);
  }

  function webhookRequest(token: string, signing: { secretKey?: string } = {}) {
    const checkout = find(token);
    if (!checkout?.paymentId) throw new Error(`iyzico fake: no payment attempt for token ${token}`);
    const status = checkout.status === "paid" ? "SUCCESS" : "FAILURE";
    const payload = {
      paymentConversationId: checkout.conversationId,
      merchantId: 3382172,
      token,
      status,
      iyziReferenceCode: randomUUID(),
      iyziEventType: "CHECKOUT_FORM_AUTH",
      iyziEventTime: Date.now(),
      iyziPaymentId: Number(checkout.paymentId),
    };
    const key = signing.secretKey ?? secretKey;
    const signature = hmacHex(
      key,
      `${key}${payload.iyziEventType}${payload.iyziPaymentId}${token}${payload.paymentConversationId}${status}`,
    );
    return {
      body: JSON.stringify(payload),
      headers: { "Content-Type": "application/json", "X-IYZ-SIGNATURE-V3": signature },
    };
  }

  async function sendWebhook(token: string, signing: { secretKey?: string } = {}): Promise<number> {
    if (!fake.webhookUrl) throw new Error("iyzico fake: webhookUrl is not set");
    const request = webhookRequest(token, signing);
    const response = await fetch(fake.webhookUrl, { method: "POST", headers: request.headers, body: request.body });
    await response.arrayBuffer();
    return response.status;
  }

  const server = createServer(async (req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    for await (const chunk of req) raw += chunk;
    const call: RecordedCall = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, raw };
    fake.calls.push(call);
    if (fake.mode === "hang") {
      hanging.add(res);
      return;
    }
    const reply = fake.mode === "down" ? json(failure("1", "tr"), 500) : handle(call);
    res
      .writeHead(reply.status, {
        "Content-Type": reply.type === "json" ? "application/json;charset=UTF-8" : "text/html; charset=utf-8",
      })
      .end(reply.body);
  });
  const loopback = await listenOnLoopback(server, hanging);

  const fake: IyzicoFake = {
    url: loopback.url,
    mode: "ok",
    calls: [],
    checkouts,
    refunds: [],
    corruptSignature: false,
    idempotentRefunds: true,
    tokenExpireSeconds: 1800,
    pay,
    expire(token) {
      const checkout = checkouts.get(token);
      if (checkout?.status === "open") checkout.status = "expired";
    },
    webhookRequest,
    sendWebhook,
    forgeWebhook: (token) => sendWebhook(token, { secretKey: `${secretKey}-forged` }),
    close: loopback.close,
  };
  return fake;
}
