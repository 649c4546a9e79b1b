/**
 * The Stripe Checkout provider (app/payments/stripe.server.ts, the official `stripe` client)
 * against the local Stripe fake (tests/fakes/stripe.ts): sessions, the guest's outcomes, outages,
 * refunds with idempotency keys, signed webhooks and the hosted page over HTTP. No database.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CheckoutRequest, PaymentProvider } from "~/payments/provider";
import { createStripeProvider, stripeExpiresAt, withSessionIdTemplate } from "~/payments/stripe.server";
import { parseStripeForm, startStripeFake, type StripeFake } from "../fakes/stripe";

const SECRET_KEY = "sk_test_51FakeKeyForTheLocalStripeFake0000";
const WEBHOOK_SECRET = "whsec_localFakeSigningSecret0000";

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.calls.length = 0;
  fake.refundStatus = "succeeded";
  delete fake.webhookUrl;
});

const stripeProvider = (over: Partial<Parameters<typeof createStripeProvider>[0]> = {}): PaymentProvider =>
  createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url, timeoutMs: 3_000, ...over });

function checkoutRequest(over: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    attemptId: randomUUID(),
    reference: "VIP-7K2M9Q",
    amountMinor: 123_450,
    currency: "EUR",
    description: "Deposit for transfer VIP-7K2M9Q",
    locale: "de",
    guest: { name: "Anna Schmidt", email: "anna@example.de", phone: "+4915112345678", ip: "203.0.113.7" },
    returnUrl: "https://vip.example/pay/return?attempt=1",
    cancelUrl: "https://vip.example/pay/cancel",
    expiresAt: new Date(Date.now() + 60 * 60_000),
    ...over,
  };
}

async function started(provider: PaymentProvider, over: Partial<CheckoutRequest> = {}) {
  const start = await provider.startCheckout(checkoutRequest(over));
  if (!start.ok) throw new Error(`startCheckout failed: ${start.error}`);
  return start;
}

/** A paid checkout's PaymentIntent id (what refunds name). */
async function paidIntent(provider: PaymentProvider, amountMinor = 123_450): Promise<string> {
  const { sessionId } = await started(provider, { amountMinor });
  fake.pay(sessionId, "success");
  const state = await provider.readCheckout(sessionId);
  if (!state.ok || state.status !== "paid") throw new Error(`not paid: ${JSON.stringify(state)}`);
  return state.paymentRef;
}

const apiCalls = () => fake.calls.filter((c) => c.path.startsWith("/v1/"));

describe("startCheckout", () => {
  it("creates a Checkout Session with Stripe's form encoding, bearer key and our idempotency key", async () => {
    const request = checkoutRequest();
    const start = await stripeProvider().startCheckout(request);
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    expect(start.sessionId).toMatch(/^cs_test_/);
    expect(start.url).toBe(`${fake.url}/c/pay/${start.sessionId}`);
    const [call] = apiCalls();
    expect(call!.method).toBe("POST");
    expect(call!.path).toBe("/v1/checkout/sessions");
    expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call!.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(call!.headers["idempotency-key"]).toBe(`checkout:${request.attemptId}`);
    expect(call!.raw).toContain("line_items[0][price_data][currency]=eur");
    const form = parseStripeForm(call!.raw);
    expect(form).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "eur", unit_amount: "123450", product_data: { name: "Deposit for transfer VIP-7K2M9Q" } } }],
      success_url: "https://vip.example/pay/return?attempt=1&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://vip.example/pay/cancel",
      client_reference_id: request.attemptId,
      customer_email: "anna@example.de",
      locale: "de",
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      metadata: { attempt: request.attemptId, reference: "VIP-7K2M9Q" },
      payment_intent_data: { metadata: { attempt: request.attemptId, reference: "VIP-7K2M9Q" }, description: "Deposit for transfer VIP-7K2M9Q" },
    });
    const session = fake.sessions.get(start.sessionId)!;
    expect(session).toMatchObject({ status: "open", payment_status: "unpaid", amount_total: 123_450, currency: "eur", payment_intent: null });
  });

  it("answers the same session for the same attempt (Stripe replays the idempotent request)", async () => {
    const provider = stripeProvider();
    const request = checkoutRequest();
    const first = await provider.startCheckout(request);
    const again = await provider.startCheckout(request);
    expect(first).toEqual(again);
    expect(fake.sessions.size).toBeGreaterThan(0);
    expect([...fake.sessions.values()].filter((s) => s.client_reference_id === request.attemptId)).toHaveLength(1);
  });

  it("keeps expires_at inside Stripe's 30 min – 24 h window, and names the origins the guest goes to", async () => {
    const now = new Date("2026-05-01T10:00:00Z");
    const nowS = now.getTime() / 1000;
    expect(stripeExpiresAt(new Date(now.getTime() + 5 * 60_000), now)).toBeGreaterThanOrEqual(nowS + 30 * 60);
    expect(stripeExpiresAt(new Date(now.getTime() + 3 * 86_400_000), now)).toBeLessThanOrEqual(nowS + 86_400);
    expect(stripeExpiresAt(new Date(now.getTime() + 2 * 3_600_000), now)).toBe(nowS + 7_200);
    const soon = await stripeProvider().startCheckout(checkoutRequest({ expiresAt: new Date(Date.now() + 60_000) }));
    const late = await stripeProvider().startCheckout(checkoutRequest({ expiresAt: new Date(Date.now() + 3 * 86_400_000) }));
    expect(soon.ok && late.ok).toBe(true);
    expect(withSessionIdTemplate("https://x.test/r")).toBe("https://x.test/r?session_id={CHECKOUT_SESSION_ID}");
    expect(withSessionIdTemplate("https://x.test/r?a=1#top")).toBe("https://x.test/r?a=1&session_id={CHECKOUT_SESSION_ID}#top");
    expect(stripeProvider().checkoutOrigins).toEqual([fake.url]);
    expect(createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).checkoutOrigins).toEqual(["https://checkout.stripe.com"]);
    expect(stripeProvider({ checkoutOrigin: "https://pay.example/x" }).checkoutOrigins).toEqual(["https://pay.example"]);
    expect(stripeProvider().currencies).toEqual(["TRY", "EUR", "USD", "GBP"]);
  });

  it("refuses RUB without calling Stripe (the caller charges it in TRY)", async () => {
    const start = await stripeProvider().startCheckout(checkoutRequest({ currency: "RUB" }));
    expect(start).toMatchObject({ ok: false, retryable: false });
    expect(apiCalls()).toHaveLength(0);
  });

  it("a wrong secret key is refused and not retried; an outage and a hang are retryable", async () => {
    const wrong = await stripeProvider({ secretKey: "sk_test_wrongwrongwrongwrong1234" }).startCheckout(checkoutRequest());
    expect(wrong).toMatchObject({ ok: false, retryable: false });
    if (!wrong.ok) expect(wrong.error).toMatch(/^HTTP 401: Invalid API Key provided: sk_test_\*+1234/);

    fake.mode = "down";
    const down = await stripeProvider().startCheckout(checkoutRequest());
    expect(down).toMatchObject({ ok: false, retryable: true });
    if (!down.ok) expect(down.error).toMatch(/^HTTP 500/);
    expect(apiCalls()).toHaveLength(2); // the client itself never retried

    fake.mode = "hang";
    const t0 = Date.now();
    const hung = await stripeProvider({ timeoutMs: 300 }).readCheckout("cs_test_anything");
    expect(hung).toMatchObject({ ok: false, retryable: true });
    if (!hung.ok) expect(hung.error).toContain("timeout");
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});

describe("readCheckout", () => {
  it("paid: the exact amount, the currency and the pi_ reference", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider, { amountMinor: 98_765, currency: "GBP" });
    fake.pay(sessionId, "success");
    const state = await provider.readCheckout(sessionId);
    const session = fake.sessions.get(sessionId)!;
    expect(state).toEqual({ ok: true, status: "paid", paymentRef: session.payment_intent, amountMinor: 98_765, currency: "GBP" });
    if (state.ok && state.status === "paid") expect(state.paymentRef).toMatch(/^pi_/);
    const read = apiCalls().at(-1)!;
    expect(read.method).toBe("GET");
    expect(read.path).toBe(`/v1/checkout/sessions/${sessionId}?expand[0]=payment_intent`);
    expect(fake.paymentIntents.get(session.payment_intent!)).toMatchObject({ status: "succeeded", amount_received: 98_765, metadata: { reference: "VIP-7K2M9Q" } });
  });

  it("declined: failed with the decline code and Stripe's message", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    fake.pay(sessionId, "decline");
    expect(await provider.readCheckout(sessionId)).toEqual({ ok: true, status: "failed", reason: "Your card has insufficient funds.", code: "insufficient_funds" });
  });

  it("3-D Secure failed: failed with payment_intent_authentication_failure", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    fake.pay(sessionId, "threeds_fail");
    const state = await provider.readCheckout(sessionId);
    expect(state).toMatchObject({ ok: true, status: "failed", code: "payment_intent_authentication_failure" });
  });

  it("a guest who was declined and then paid is paid", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    fake.pay(sessionId, "decline");
    fake.pay(sessionId, "success");
    expect(await provider.readCheckout(sessionId)).toMatchObject({ ok: true, status: "paid", amountMinor: 123_450, currency: "EUR" });
  });

  it("not paid yet: open; expired: expired; unknown: refused, not retryable", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    expect(await provider.readCheckout(sessionId)).toEqual({ ok: true, status: "open" });
    fake.expire(sessionId);
    expect(await provider.readCheckout(sessionId)).toEqual({ ok: true, status: "expired" });
    expect(() => fake.pay(sessionId, "success")).toThrow(/expired/);
    const unknown = await provider.readCheckout("cs_test_doesnotexist");
    expect(unknown).toMatchObject({ ok: false, retryable: false, code: "resource_missing" });
    if (!unknown.ok) expect(unknown.error).toMatch(/^HTTP 404: resource_missing: No such checkout\.session/);
  });
});

describe("refund", () => {
  const refundOf = (provider: PaymentProvider, paymentRef: string, amountMinor: number, idempotencyKey: string = randomUUID()) =>
    provider.refund({ paymentRef, amountMinor, currency: "EUR", idempotencyKey, ip: "198.51.100.4" });

  it("refunds the whole payment once: a second full refund is refused as already refunded", async () => {
    const provider = stripeProvider();
    const pi = await paidIntent(provider);
    const refund = await refundOf(provider, pi, 123_450);
    expect(refund).toMatchObject({ ok: true });
    if (!refund.ok) return;
    expect(refund.refundRef).toMatch(/^re_/);
    expect(fake.refunds.get(refund.refundRef)).toMatchObject({ amount: 123_450, payment_intent: pi, status: "succeeded", currency: "eur" });
    const call = apiCalls().at(-1)!;
    expect(call.path).toBe("/v1/refunds");
    expect(parseStripeForm(call.raw)).toMatchObject({ payment_intent: pi, amount: "123450" });
    const again = await refundOf(provider, pi, 123_450);
    expect(again).toMatchObject({ ok: false, retryable: false, code: "charge_already_refunded" });
  });

  it("refunds in parts up to the amount paid, and refuses more than what is left", async () => {
    const provider = stripeProvider();
    const pi = await paidIntent(provider);
    expect(await refundOf(provider, pi, 50_000)).toMatchObject({ ok: true });
    const over = await refundOf(provider, pi, 80_000);
    expect(over).toMatchObject({ ok: false, retryable: false });
    if (!over.ok) expect(over.error).toContain("greater than unrefunded amount");
    expect(await refundOf(provider, pi, 73_450)).toMatchObject({ ok: true });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === pi).map((r) => r.amount)).toEqual([50_000, 73_450]);
  });

  it("the same idempotency key twice refunds once and answers the same refund", async () => {
    const provider = stripeProvider();
    const pi = await paidIntent(provider);
    const key = `refund:${randomUUID()}`;
    const first = await refundOf(provider, pi, 20_000, key);
    const second = await refundOf(provider, pi, 20_000, key);
    expect(first.ok && second.ok).toBe(true);
    expect(second).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    expect(apiCalls().filter((c) => c.path === "/v1/refunds").map((c) => c.headers["idempotency-key"])).toEqual([key, key]);
    const reused = await refundOf(provider, pi, 30_000, key);
    expect(reused).toMatchObject({ ok: false, retryable: false });
    if (!reused.ok) expect(reused.error).toContain("same parameters");
  });

  it("refuses an unknown payment and an unpaid one; a failed refund is not ok; an outage is retryable", async () => {
    const provider = stripeProvider();
    expect(await refundOf(provider, "pi_doesnotexist", 1_000)).toMatchObject({ ok: false, retryable: false, code: "resource_missing" });
    const { sessionId } = await started(provider);
    fake.pay(sessionId, "decline");
    const declined = fake.sessions.get(sessionId)!.payment_intent!;
    expect(await refundOf(provider, declined, 1_000)).toMatchObject({ ok: false, retryable: false });
    const pi = await paidIntent(provider);
    fake.refundStatus = "failed";
    expect(await refundOf(provider, pi, 1_000)).toMatchObject({ ok: false, retryable: false });
    fake.refundStatus = "succeeded";
    fake.mode = "down";
    expect(await refundOf(provider, pi, 1_000)).toMatchObject({ ok: false, retryable: true });
  });
});

describe("parseWebhook", () => {
  it("accepts a signed checkout event: the session and the event id, the same on redelivery", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    fake.pay(sessionId, "success");
    const { body, headers } = fake.webhookRequest(sessionId);
    expect(JSON.parse(body)).toMatchObject({ object: "event", type: "checkout.session.completed", data: { object: { id: sessionId, status: "complete" } } });
    const notice = provider.parseWebhook(body, new Headers(headers));
    expect(notice).toEqual({ sessionId, eventId: JSON.parse(body).id });
    expect(notice?.eventId).toMatch(/^evt_/);
    const again = fake.webhookRequest(sessionId);
    expect(provider.parseWebhook(again.body, new Headers(again.headers))).toEqual(notice);
  });

  it("refuses a wrong secret, a tampered body, a missing signature, an event older than 5 minutes, other event types, bad JSON", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    fake.pay(sessionId, "success");
    const good = fake.webhookRequest(sessionId);
    const forged = fake.webhookRequest(sessionId, undefined, { secret: "whsec_notours" });
    expect(provider.parseWebhook(forged.body, new Headers(forged.headers))).toBeNull();
    expect(provider.parseWebhook(good.body.replace(sessionId, "cs_test_someoneelse"), new Headers(good.headers))).toBeNull();
    expect(provider.parseWebhook(good.body, new Headers({ "Content-Type": "application/json" }))).toBeNull();

    const nowS = Math.floor(Date.now() / 1000);
    const old = fake.webhookRequest(sessionId, undefined, { timestamp: nowS - 301 });
    expect(provider.parseWebhook(old.body, new Headers(old.headers))).toBeNull();
    // the same old delivery, checked against the clock it arrived at, is fine
    expect(provider.parseWebhook(old.body, new Headers(old.headers), new Date((nowS - 290) * 1000))).toMatchObject({ sessionId });

    const other = fake.webhookRequest(sessionId, "payment_intent.succeeded");
    expect(JSON.parse(other.body).data.object.object).toBe("payment_intent");
    expect(provider.parseWebhook(other.body, new Headers(other.headers))).toBeNull();

    const t = nowS;
    const junk = "{not json";
    const junkSig = createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${junk}`).digest("hex");
    expect(provider.parseWebhook(junk, new Headers({ "Stripe-Signature": `t=${t},v1=${junkSig}` }))).toBeNull();
  });

  it("an expired session's event names it; an open session needs an explicit type", async () => {
    const provider = stripeProvider();
    const { sessionId } = await started(provider);
    expect(() => fake.webhookRequest(sessionId)).toThrow(/open/);
    fake.expire(sessionId);
    const expired = fake.webhookRequest(sessionId);
    expect(JSON.parse(expired.body).type).toBe("checkout.session.expired");
    expect(provider.parseWebhook(expired.body, new Headers(expired.headers))).toMatchObject({ sessionId });
  });
});

describe("the hosted page and webhook delivery over HTTP", () => {
  let receiver: Server;
  let receiverUrl = "";
  const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      received.push({ body, headers: req.headers });
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
  });

  const headersOf = (h: IncomingHttpHeaders) => new Headers(Object.entries(h).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));

  it("shows the amount, declines like Stripe (the guest may retry), then pays: 303 to the success URL and a signed webhook", async () => {
    const provider = stripeProvider();
    const { url, sessionId } = await started(provider, { amountMinor: 4_250, currency: "TRY" });
    fake.webhookUrl = receiverUrl;

    const pageRes = await fetch(url);
    expect(pageRes.status).toBe(200);
    const pageHtml = await pageRes.text();
    expect(pageHtml).toContain("42.50 TRY");
    expect(pageHtml).toContain("Deposit for transfer VIP-7K2M9Q");
    expect(pageHtml).toMatch(/<form method="post">/);
    expect(pageHtml).toContain('value="success">Pay</button>');
    expect(pageHtml).toContain('value="decline">Decline</button>');
    expect(pageHtml).toContain('value="threeds_fail">Fail 3-D Secure</button>');
    expect(pageHtml).toContain('<a href="https://vip.example/pay/cancel">Back</a>');

    const post = (outcome: string) =>
      fetch(url, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ outcome }) });
    const declined = await post("decline");
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("Your card has insufficient funds.");
    expect(await provider.readCheckout(sessionId)).toMatchObject({ status: "failed", code: "insufficient_funds" });

    const paid = await post("success");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`https://vip.example/pay/return?attempt=1&session_id=${sessionId}`);
    expect(await provider.readCheckout(sessionId)).toMatchObject({ ok: true, status: "paid", amountMinor: 4_250, currency: "TRY" });

    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(1);
    const notice = provider.parseWebhook(received[0]!.body, headersOf(received[0]!.headers));
    expect(notice).toMatchObject({ sessionId });

    // a redelivery: the same event
    expect(await fake.sendWebhook(sessionId)).toBe(200);
    expect(received).toHaveLength(2);
    expect(provider.parseWebhook(received[1]!.body, headersOf(received[1]!.headers))).toEqual(notice);

    const after = await fetch(url);
    expect(await after.text()).toContain("complete");
  });

  it("an expired session's page is an error page; an unknown one is 404", async () => {
    const { url, sessionId } = await started(stripeProvider());
    fake.expire(sessionId);
    const res = await fetch(url);
    expect(await res.text()).toContain("no longer active");
    expect((await fetch(`${fake.url}/c/pay/cs_test_nothing`)).status).toBe(404);
  });
});

describe("the fake answers like the real API", () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, { method: "POST", headers: { Authorization: `Bearer ${SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });
  const valid = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "1000",
      "line_items[0][price_data][product_data][name]": "Transfer",
      success_url: "https://vip.example/ok?session_id={CHECKOUT_SESSION_ID}",
      ...over,
    }).toString();

  it("validates the parameters with Stripe's error shape", async () => {
    const errorOf = async (res: Response) => ({ status: res.status, requestId: res.headers.get("request-id"), ...((await res.json()) as { error: Record<string, string> }).error });
    expect(await errorOf(await post("/v1/checkout/sessions", valid().replace("mode=payment&", "")))).toMatchObject({ status: 400, type: "invalid_request_error", code: "parameter_missing", param: "mode", requestId: expect.stringMatching(/^req_/) });
    const soon = String(Math.floor(Date.now() / 1000) + 10 * 60);
    expect(await errorOf(await post("/v1/checkout/sessions", valid({ expires_at: soon })))).toMatchObject({ status: 400, param: "expires_at" });
    expect(await errorOf(await post("/v1/checkout/sessions", valid({ "line_items[0][price_data][currency]": "rub" })))).toMatchObject({ status: 400, param: "line_items[0][price_data][currency]" });
    expect(await errorOf(await post("/v1/checkout/sessions", valid({ "line_items[0][price_data][unit_amount]": "0" })))).toMatchObject({ status: 400, param: "line_items[0][price_data][unit_amount]" });
    expect(await errorOf(await post("/v1/checkout/sessions", valid({ success_url: "not a url" })))).toMatchObject({ status: 400, param: "success_url" });
    expect(await errorOf(await post("/v1/checkout/sessions", valid(), { Authorization: "" }))).toMatchObject({ status: 401, type: "invalid_request_error" });
    const noSuch = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_nope`, { headers: { Authorization: `Bearer ${SECRET_KEY}` } });
    expect(await errorOf(noSuch)).toMatchObject({ status: 404, code: "resource_missing", message: "No such checkout.session: 'cs_test_nope'" });
  });

  it("honours Idempotency-Key: the same answer replayed, other parameters refused", async () => {
    const key = randomUUID();
    const first = await post("/v1/checkout/sessions", valid(), { "Idempotency-Key": key });
    const replay = await post("/v1/checkout/sessions", valid(), { "Idempotency-Key": key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(await first.json());
    const other = await post("/v1/checkout/sessions", valid({ "line_items[0][price_data][unit_amount]": "2000" }), { "Idempotency-Key": key });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe("idempotency_error");
  });
});
