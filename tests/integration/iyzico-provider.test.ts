/**
 * The iyzico Checkout Form adapter (app/payments/iyzico.server.ts) against the local fake iyzico
 * (tests/fakes/iyzico.ts): the official client's signed requests, the hosted page's round trip, the
 * signed results, refunds and the HPP webhook. No database, no network beyond 127.0.0.1.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createIyzicoProvider, iyzicoCheckoutOrigin, type IyzicoConfig } from "~/payments/iyzico.server";
import type { CheckoutRequest, CheckoutStart, PaymentProvider } from "~/payments/provider";
import { IYZICO_PATHS, startIyzicoFake, type IyzicoFake } from "../fakes/iyzico";

const KEYS = { apiKey: "sandbox-test-api-key", secretKey: "sandbox-test-secret-key" };
const RETURN_URL = "https://vip.example/payments/iyzico/return";

let fake: IyzicoFake;
beforeAll(async () => {
  fake = await startIyzicoFake(KEYS);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.corruptSignature = false;
  fake.idempotentRefunds = true;
  fake.calls.length = 0;
});

const provider = (overrides: Partial<IyzicoConfig> = {}): PaymentProvider =>
  createIyzicoProvider({ ...KEYS, baseUrl: fake.url, timeoutMs: 3000, ...overrides });

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    attemptId: randomUUID(),
    reference: "VIP-7K2M9Q",
    amountMinor: 123450,
    currency: "EUR",
    description: "Deposit for transfer VIP-7K2M9Q",
    locale: "en",
    guest: { name: "Ayşe Nur Yılmaz", email: "ayse@example.com", phone: "+905350000000", ip: "85.34.78.112" },
    returnUrl: RETURN_URL,
    cancelUrl: "https://vip.example/booking/VIP-7K2M9Q",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...overrides,
  };
}

function expectStarted(start: CheckoutStart): { url: string; sessionId: string } {
  if (!start.ok) throw new Error(`startCheckout failed: ${start.error}`);
  return start;
}

async function started(request = checkoutRequest()) {
  const start = expectStarted(await provider().startCheckout(request));
  return { request, token: start.sessionId, url: start.url };
}

async function paid(amountMinor = 123450, currency: CheckoutRequest["currency"] = "EUR") {
  const { token } = await started(checkoutRequest({ amountMinor, currency }));
  fake.pay(token, "success");
  const state = await provider().readCheckout(token);
  if (!state.ok || state.status !== "paid") throw new Error(`not paid: ${JSON.stringify(state)}`);
  return { token, paymentRef: state.paymentRef };
}

describe("startCheckout", () => {
  it("sends the Checkout Form initialize with IYZWSv2 and answers the hosted page and its token", async () => {
    const request = checkoutRequest();
    const start = expectStarted(await provider().startCheckout(request));
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call!.method).toBe("POST");
    expect(call!.path).toBe(IYZICO_PATHS.initialize);
    expect(call!.headers.authorization).toMatch(/^IYZWSv2 /);
    expect(call!.headers["x-iyzi-rnd"]).toBeTruthy();
    expect(JSON.parse(call!.raw)).toMatchObject({
      locale: "en",
      conversationId: request.attemptId,
      price: "1234.5",
      paidPrice: "1234.5",
      currency: "EUR",
      basketId: request.attemptId,
      paymentGroup: "PRODUCT",
      callbackUrl: RETURN_URL,
      enabledInstallments: [1],
      buyer: {
        id: request.attemptId,
        name: "Ayşe Nur",
        surname: "Yılmaz",
        email: "ayse@example.com",
        gsmNumber: "+905350000000",
        identityNumber: "11111111111",
        registrationAddress: "Antalya",
        city: "Antalya",
        country: "Turkey",
        ip: "85.34.78.112",
      },
      billingAddress: { contactName: "Ayşe Nur Yılmaz", city: "Antalya", country: "Turkey", address: "Antalya" },
      basketItems: [
        {
          id: "VIP-7K2M9Q",
          name: "Deposit for transfer VIP-7K2M9Q",
          category1: "Transfer",
          itemType: "VIRTUAL",
          price: "1234.5",
        },
      ],
    });
    expect(start.url).toBe(`${fake.url}/checkout/${start.sessionId}`);
    expect(fake.checkouts.get(start.sessionId)).toMatchObject({
      conversationId: request.attemptId,
      priceMinor: 123450,
      currency: "EUR",
      callbackUrl: RETURN_URL,
      status: "open",
    });
  });

  it("asks for the Turkish page for tr, English otherwise; a one-word name is name and surname; no IP is 127.0.0.1", async () => {
    await started(
      checkoutRequest({
        locale: "tr",
        guest: { name: "Cher", email: "cher@example.com", phone: "+905350000001", ip: null },
      }),
    );
    await started(checkoutRequest({ locale: "de" }));
    const [tr, de] = fake.calls.map(
      (call) => JSON.parse(call.raw) as { locale: string; buyer: { name: string; surname: string; ip: string } },
    );
    expect(tr).toMatchObject({ locale: "tr", buyer: { name: "Cher", surname: "Cher", ip: "127.0.0.1" } });
    expect(de!.locale).toBe("en");
  });

  it("refuses with iyzico's code when the keys are wrong: not retryable", async () => {
    const wrongKey = await provider({ apiKey: "someone-else" }).startCheckout(checkoutRequest());
    expect(wrongKey).toMatchObject({ ok: false, retryable: false, code: "1001" });
    const wrongSecret = await provider({ secretKey: "not-the-secret" }).startCheckout(checkoutRequest());
    expect(wrongSecret).toMatchObject({ ok: false, retryable: false, code: "1000" });
    expect(fake.checkouts.size).toBeGreaterThan(0);
  });

  it("is retryable when iyzico is down or does not answer in time", async () => {
    fake.mode = "down";
    expect(await provider().startCheckout(checkoutRequest())).toMatchObject({ ok: false, retryable: true, code: "1" });
    fake.mode = "hang";
    const began = Date.now();
    expect(await provider({ timeoutMs: 200 }).startCheckout(checkoutRequest())).toEqual({
      ok: false,
      retryable: true,
      error: "timed out",
    });
    expect(Date.now() - began).toBeLessThan(2000);
  });

  it("is retryable when nothing listens", async () => {
    const result = await provider({ baseUrl: "http://127.0.0.1:9" }).startCheckout(checkoutRequest());
    expect(result).toMatchObject({ ok: false, retryable: true });
  });
});

describe("readCheckout", () => {
  it("reads a paid checkout with the exact amount, currency and paymentId", async () => {
    const { token } = await started();
    fake.pay(token, "success");
    const state = await provider().readCheckout(token);
    expect(state).toEqual({
      ok: true,
      status: "paid",
      paymentRef: fake.checkouts.get(token)!.paymentId,
      amountMinor: 123450,
      currency: "EUR",
    });
    expect(fake.calls.at(-1)!.path).toBe(IYZICO_PATHS.retrieve);
    expect(JSON.parse(fake.calls.at(-1)!.raw)).toEqual({ locale: "en", conversationId: token, token });
  });

  it("reads whole amounts and roubles exactly (10000.00 RUB, 99.99 TRY)", async () => {
    for (const [amountMinor, currency] of [
      [1_000_000, "RUB"],
      [9999, "TRY"],
    ] as const) {
      const { token } = await started(checkoutRequest({ amountMinor, currency }));
      fake.pay(token, "success");
      expect(await provider().readCheckout(token)).toMatchObject({ ok: true, status: "paid", amountMinor, currency });
    }
  });

  it("reads a declined card and a failed 3-D Secure as failed, with iyzico's code", async () => {
    const declined = await started();
    fake.pay(declined.token, "decline");
    expect(await provider().readCheckout(declined.token)).toEqual({
      ok: true,
      status: "failed",
      reason: "Insufficient card limit, insufficient balance",
      code: "10051",
    });
    const threeDs = await started();
    fake.pay(threeDs.token, "threeds_fail");
    expect(await provider().readCheckout(threeDs.token)).toMatchObject({ ok: true, status: "failed", code: "10210" });
  });

  it("reads a checkout the guest has not paid yet as open", async () => {
    const { token } = await started();
    expect(await provider().readCheckout(token)).toEqual({ ok: true, status: "open" });
  });

  it("refuses an answer whose signature does not verify (paid, declined, or the initialize)", async () => {
    const { token } = await started();
    fake.pay(token, "success");
    const declined = await started();
    fake.pay(declined.token, "decline");
    fake.corruptSignature = true;
    expect(await provider().readCheckout(token)).toEqual({ ok: false, retryable: false, error: "signature mismatch" });
    expect(await provider().readCheckout(declined.token)).toMatchObject({ ok: false, error: "signature mismatch" });
    expect(await provider().startCheckout(checkoutRequest())).toEqual({
      ok: false,
      retryable: false,
      error: "signature mismatch",
    });
  });

  it("answers an unknown or expired token as iyzico's refusal, not retryable", async () => {
    expect(await provider().readCheckout(randomUUID())).toMatchObject({ ok: false, retryable: false, code: "11" });
    const { token } = await started();
    fake.expire(token);
    expect(fake.checkouts.get(token)!.status).toBe("expired");
    expect(await provider().readCheckout(token)).toMatchObject({ ok: false, retryable: false, code: "11" });
  });

  it("is retryable when iyzico is down or hangs", async () => {
    const { token } = await started();
    fake.mode = "down";
    expect(await provider().readCheckout(token)).toMatchObject({ ok: false, retryable: true });
    fake.mode = "hang";
    expect(await provider({ timeoutMs: 200 }).readCheckout(token)).toEqual({
      ok: false,
      retryable: true,
      error: "timed out",
    });
  });
});

describe("the hosted page over HTTP", () => {
  it("shows the amount and posts the token back to the callbackUrl after the guest pays", async () => {
    const { token, url } = await started();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const shown = await page.text();
    expect(shown).toContain("1234.50 EUR");
    expect(shown).toContain(`<form method="post" action="/checkout/${token}">`);
    for (const label of ["Pay", "Decline", "Fail 3-D Secure"]) expect(shown).toContain(`>${label}</button>`);

    const after = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=success",
    });
    expect(after.status).toBe(200);
    const back = await after.text();
    expect(back).toContain(`<form method="post" action="${RETURN_URL}">`);
    expect(back).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(back).toContain("document.forms[0].submit()");
    expect(back).toContain(">Continue</button>");
    expect(await provider().readCheckout(token)).toMatchObject({ ok: true, status: "paid", amountMinor: 123450 });

    expect(
      (
        await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "outcome=success",
        })
      ).status,
    ).toBe(409);
  });

  it("records a decline from the page and shows an error page for an unknown or expired token", async () => {
    const { token, url } = await started();
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=decline",
    });
    expect(fake.checkouts.get(token)).toMatchObject({ status: "failed", outcome: "decline" });
    expect((await fetch(`${fake.url}/checkout/${randomUUID()}`)).status).toBe(404);
    const expiring = await started();
    fake.expire(expiring.token);
    expect((await fetch(expiring.url)).status).toBe(404);
    expect(() => fake.pay(expiring.token, "success")).toThrow(/expired/);
  });
});

describe("refund", () => {
  const refundRequest = (paymentRef: string, amountMinor: number, idempotencyKey = randomUUID()) => ({
    paymentRef,
    amountMinor,
    currency: "EUR" as const,
    idempotencyKey,
    ip: "85.34.78.112",
  });

  it("refunds in full by paymentId (refund v2)", async () => {
    const { paymentRef } = await paid();
    const key = randomUUID();
    expect(await provider().refund(refundRequest(paymentRef, 123450, key))).toEqual({
      ok: true,
      refundRef: `${paymentRef}:${key}`,
    });
    expect(fake.calls.at(-1)!.path).toBe(IYZICO_PATHS.refund);
    expect(JSON.parse(fake.calls.at(-1)!.raw)).toEqual({
      locale: "en",
      conversationId: key,
      price: "1234.5",
      paymentId: paymentRef,
      currency: "EUR",
      ip: "85.34.78.112",
    });
    expect(fake.refunds.filter((r) => r.paymentId === paymentRef)).toEqual([
      { paymentId: paymentRef, conversationId: key, priceMinor: 123450, currency: "EUR", ip: "85.34.78.112" },
    ]);
  });

  it("refunds in parts up to what was paid, then refuses", async () => {
    const { paymentRef } = await paid();
    expect(await provider().refund(refundRequest(paymentRef, 50_000))).toMatchObject({ ok: true });
    expect(await provider().refund(refundRequest(paymentRef, 73_450))).toMatchObject({ ok: true });
    expect(await provider().refund(refundRequest(paymentRef, 1))).toMatchObject({
      ok: false,
      retryable: false,
      code: "11",
    });
    expect(fake.refunds.filter((r) => r.paymentId === paymentRef).map((r) => r.priceMinor)).toEqual([50_000, 73_450]);
  });

  it("refunds once for the same idempotency key", async () => {
    const { paymentRef } = await paid();
    const key = randomUUID();
    const first = await provider().refund(refundRequest(paymentRef, 10_000, key));
    const again = await provider().refund(refundRequest(paymentRef, 10_000, key));
    expect(first).toEqual({ ok: true, refundRef: `${paymentRef}:${key}` });
    expect(again).toEqual(first);
    expect(fake.refunds.filter((r) => r.paymentId === paymentRef)).toHaveLength(1);
  });

  it("refuses a refund of an unknown payment, in another currency, or of nothing", async () => {
    const { paymentRef } = await paid();
    expect(await provider().refund(refundRequest("99999999", 100))).toMatchObject({
      ok: false,
      retryable: false,
      code: "11",
    });
    expect(await provider().refund({ ...refundRequest(paymentRef, 100), currency: "TRY" })).toMatchObject({
      ok: false,
      code: "11",
    });
    expect(await provider().refund(refundRequest(paymentRef, 0))).toMatchObject({ ok: false, code: "5005" });
    expect(fake.refunds.filter((r) => r.paymentId === paymentRef)).toHaveLength(0);
  });

  it("is retryable when iyzico is down or hangs, and refuses a tampered answer", async () => {
    const { paymentRef } = await paid();
    fake.mode = "down";
    expect(await provider().refund(refundRequest(paymentRef, 100))).toMatchObject({ ok: false, retryable: true });
    fake.mode = "hang";
    expect(await provider({ timeoutMs: 200 }).refund(refundRequest(paymentRef, 100))).toEqual({
      ok: false,
      retryable: true,
      error: "timed out",
    });
    fake.mode = "ok";
    fake.corruptSignature = true;
    expect(await provider().refund(refundRequest(paymentRef, 100))).toEqual({
      ok: false,
      retryable: false,
      error: "signature mismatch",
    });
  });
});

describe("parseWebhook", () => {
  async function attempted(outcome: "success" | "decline" = "success") {
    const { token } = await started();
    fake.pay(token, outcome);
    return token;
  }
  const headersOf = (plain: Record<string, string>) => new Headers(plain);

  it("accepts iyzico's signed HPP webhook and names the checkout", async () => {
    for (const outcome of ["success", "decline"] as const) {
      const token = await attempted(outcome);
      const { body, headers } = fake.webhookRequest(token);
      expect(JSON.parse(body)).toMatchObject({
        token,
        iyziEventType: "CHECKOUT_FORM_AUTH",
        status: outcome === "success" ? "SUCCESS" : "FAILURE",
      });
      expect(provider().parseWebhook(body, headersOf(headers))).toEqual({ sessionId: token, eventId: null });
    }
  });

  it("refuses a wrong signature, no signature, bad JSON and missing fields", async () => {
    const token = await attempted();
    const forged = fake.webhookRequest(token, { secretKey: "not-the-secret" });
    expect(provider().parseWebhook(forged.body, headersOf(forged.headers))).toBeNull();
    const { body, headers } = fake.webhookRequest(token);
    expect(provider().parseWebhook(body, new Headers({ "Content-Type": "application/json" }))).toBeNull();
    expect(provider().parseWebhook(body.replace(token, randomUUID()), headersOf(headers))).toBeNull();
    expect(provider().parseWebhook("{not json", headersOf(headers))).toBeNull();
    expect(provider().parseWebhook("[]", headersOf(headers))).toBeNull();
    const withoutToken = JSON.parse(body) as Record<string, unknown>;
    delete withoutToken.token;
    expect(provider().parseWebhook(JSON.stringify(withoutToken), headersOf(headers))).toBeNull();
  });

  it("sends the webhook over HTTP as received by a merchant, as often as asked", async () => {
    const received: Array<{ raw: string; headers: IncomingHttpHeaders }> = [];
    const merchant = createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      received.push({ raw, headers: req.headers });
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
    try {
      fake.webhookUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/api/webhooks/iyzico`;
      const token = await attempted();
      expect(await fake.sendWebhook(token)).toBe(200);
      expect(await fake.sendWebhook(token)).toBe(200);
      expect(await fake.forgeWebhook(token)).toBe(200);
      const notices = received.map(({ raw, headers }) =>
        provider().parseWebhook(
          raw,
          new Headers(
            Object.entries(headers).flatMap(([name, value]) =>
              typeof value === "string" ? [[name, value] as [string, string]] : [],
            ),
          ),
        ),
      );
      expect(notices).toEqual([{ sessionId: token, eventId: null }, { sessionId: token, eventId: null }, null]);
    } finally {
      fake.webhookUrl = undefined;
      await new Promise<void>((resolve) => merchant.close(() => resolve()));
    }
  });
});

describe("the fake validates like iyzico", () => {
  type Client = {
    checkoutFormInitialize: {
      create(request: object, callback: (error: Error | null, result: Record<string, unknown>) => void): void;
    };
  };
  const Iyzipay = createRequire(import.meta.url)("iyzipay") as new (config: {
    apiKey: string;
    secretKey: string;
    uri: string;
  }) => Client;
  const initialize = (request: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) =>
      new Iyzipay({ ...KEYS, uri: fake.url }).checkoutFormInitialize.create(request, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  const valid = {
    locale: "en",
    conversationId: "c-1",
    price: "10.0",
    paidPrice: "10.0",
    currency: "TRY",
    basketId: "b-1",
    paymentGroup: "PRODUCT",
    callbackUrl: RETURN_URL,
    buyer: {
      id: "b",
      name: "A",
      surname: "B",
      email: "a@example.com",
      identityNumber: "11111111111",
      registrationAddress: "Antalya",
      city: "Antalya",
      country: "Turkey",
      ip: "127.0.0.1",
    },
    billingAddress: { contactName: "A B", city: "Antalya", country: "Turkey", address: "Antalya" },
    basketItems: [{ id: "i", name: "Transfer", category1: "Transfer", itemType: "VIRTUAL", price: "10.0" }],
  };

  it("answers a valid request, and iyzico's codes for a basket that does not add up, no callbackUrl, no email", async () => {
    expect(await initialize(valid)).toMatchObject({ status: "success", conversationId: "c-1", tokenExpireTime: 1800 });
    expect(await initialize({ ...valid, price: "12.0" })).toMatchObject({
      status: "failure",
      errorCode: "5062",
      locale: "en",
      conversationId: "c-1",
    });
    expect(await initialize({ ...valid, callbackUrl: undefined })).toMatchObject({
      status: "failure",
      errorCode: "23",
    });
    expect(await initialize({ ...valid, buyer: { ...valid.buyer, email: undefined } })).toMatchObject({
      status: "failure",
      errorCode: "3",
    });
    expect(await initialize({ ...valid, currency: "XYZ" })).toMatchObject({ status: "failure", errorCode: "11" });
  });
});

describe("checkoutOrigins", () => {
  it("is iyzico's hosted page origin for its API hosts, the fake's own origin otherwise, or as configured", () => {
    expect(iyzicoCheckoutOrigin("https://sandbox-api.iyzipay.com")).toBe("https://sandbox-cpp.iyzipay.com");
    expect(iyzicoCheckoutOrigin("https://api.iyzipay.com/")).toBe("https://cpp.iyzipay.com");
    expect(provider().checkoutOrigins).toEqual([fake.url]);
    expect(provider({ checkoutOrigin: "https://pay.example" }).checkoutOrigins).toEqual(["https://pay.example"]);
    expect(provider().currencies).toEqual(["TRY", "EUR", "USD", "GBP", "RUB"]);
    expect(provider().name).toBe("iyzico");
  });
});
