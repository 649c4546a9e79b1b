/**
 * Money, part 2 (issue 30): paying online through iyzico's Checkout Form and Stripe Checkout,
 * against local fakes that answer like the real APIs (signed answers and webhooks, tokens, declines,
 * 3-D Secure, timeouts). A deposit paid (the guest's return first, the webhook first, each twice),
 * declined, abandoned and released; refunds by the policy within and outside the free window; a
 * forged callback and a forged webhook; a provider that does not answer; the ledger's balance after
 * each. Bookings are made through the production write path; requests go through the router.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, deleteBooking, guestCancel, officeActor, refundToCard, releaseHolds, settleCheckout, startCheckout } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { convertAtRate } from "~/pricing/currency";
import { createIyzicoProvider } from "~/payments/iyzico.server";
import type { PaymentProvider } from "~/payments/provider";
import { setPaymentProvider } from "~/payments/registry.server";
import { createStripeProvider } from "~/payments/stripe.server";
import type { BookingRow } from "~/server/db/schema";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { startIyzicoFake, type IyzicoFake } from "../fakes/iyzico";
import { startStripeFake, type StripeFake } from "../fakes/stripe";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext, testMailer } from "../setup/test-app";

const SESSION_SECRET = "online-payments-test-secret-0123456789abcdef";
const IYZICO = { apiKey: "sandbox-api-key-123", secretKey: "sandbox-secret-key-456" };
const STRIPE = { secretKey: "sk_test_onlinepayments123", webhookSecret: "whsec_onlinepayments123" };
const env = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET };
const DAY = 86_400_000;

let iyzicoFake: IyzicoFake;
let stripeFake: StripeFake;
let iyzico: PaymentProvider;
let stripe: PaymentProvider;

beforeAll(async () => {
  iyzicoFake = await startIyzicoFake(IYZICO);
  stripeFake = await startStripeFake(STRIPE);
  iyzico = createIyzicoProvider({ ...IYZICO, baseUrl: iyzicoFake.url, timeoutMs: 1_500 });
  stripe = createStripeProvider({ ...STRIPE, apiUrl: stripeFake.url, timeoutMs: 1_500 });
});
afterAll(async () => {
  setPaymentProvider(null);
  await iyzicoFake.close();
  await stripeFake.close();
});

describe.each(engines)("paying online on %s", (engine) => {
  let db: TestDb;
  let car: string;
  let admin: { id: string; name: string | null; email: string };
  const handler = appRequestHandler();
  const mailer = testMailer();
  const deps = () => ({ db: db.kysely, mailer, env, log: silentLog });
  const checkoutDeps = (now?: Date) => ({ ...deps(), ...(now ? { now: () => now } : {}) });
  const describe_ = (purpose: string, reference: string) => `${purpose} ${reference}`;

  beforeAll(async () => {
    db = await testDb(engine);
    car = (await createCar(db.kysely, buildCar({ name: "Online Vito", category: "Minivan" }))).id;
    admin = await createTestUser(db.kysely, { role: "admin", name: "Muhasebe" });
  });
  afterAll(() => db.destroy());
  afterEach(() => {
    iyzicoFake.mode = "ok";
    stripeFake.mode = "ok";
  });

  const row = (id: string) => db.kysely.selectFrom("bookings").select(["status", "payment_status", "amount_paid", "total_price", "hold_until", "pay_mode", "pay_now"]).where("id", "=", id).executeTakeFirstOrThrow();
  const ledger = (id: string) => db.kysely.selectFrom("payments").selectAll().where("booking_id", "=", id).orderBy("created_at").execute();
  const checkout = (id: string) => db.kysely.selectFrom("checkouts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const mails = (id: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).execute();

  /** A guest's booking with a deposit (or the whole fare) to pay online, in EUR, Russian. */
  async function heldBooking(provider: PaymentProvider, mode: "deposit" | "full" = "deposit", overrides: { pickupAt?: string } = {}): Promise<BookingRow> {
    setPaymentProvider(provider);
    return createTestBooking(deps(), { carId: car, payMode: mode, currency: "EUR", fullName: "Ольга Смирнова", email: "olga@example.com", ...overrides }, { locale: "ru" });
  }

  async function post(path: string, body: string, headers: Record<string, string>) {
    const context = testAppContext(db, { env, mailer });
    const response = await handler(new Request(`http://localhost${path}`, { method: "POST", headers, body }), context);
    return { status: response.status, location: response.headers.get("location"), body: response.headers.get("content-type")?.includes("json") ? ((await response.json()) as { data?: Record<string, unknown>; error?: { code: string } }) : null };
  }

  it("holds a deposit booking unpaid with its car, and pays it through iyzico: the guest's return first, the webhook after, each twice", async () => {
    const b = await heldBooking(iyzico);
    const held = await row(b.id);
    expect(held).toMatchObject({ status: "pending", payment_status: "unpaid", pay_mode: "deposit", pay_now: Math.floor((b.total_price * 30 + 50) / 100) });
    expect(Date.parse(held.hold_until!)).toBeGreaterThan(Date.now() + 50 * 60_000);
    // the guest's mail says what is due now and by when
    const received = (await mails(b.id)).find((m) => m.kind === "booking-confirmation")!;
    expect(received.text_body).toContain("Оплатить онлайн сейчас");

    const started = await startCheckout(checkoutDeps(), b.id, { ip: "10.0.0.7", describe: describe_ });
    if (!started.ok) throw new Error(started.code);
    const c = await checkout(started.checkoutId);
    expect(c).toMatchObject({ provider: "iyzico", purpose: "deposit", status: "open", currency: "EUR", amount: held.pay_now });
    const asked = iyzicoFake.checkouts.get(c.session_id!)!;
    expect(asked.priceMinor).toBe(c.currency_amount);
    expect(asked.callbackUrl).toBe(`http://localhost/payments/return/${c.id}`);
    // the same open page is sent again rather than a second one
    expect(await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ })).toMatchObject({ ok: true, checkoutId: c.id });

    // a forged return before paying: read from iyzico, it is still open; nothing is written
    const forged = await post(`/payments/return/${c.id}`, `token=${encodeURIComponent(c.session_id!)}&status=success`, { "content-type": "application/x-www-form-urlencoded", origin: "https://sandbox-cpp.iyzipay.com" });
    expect(forged.status).toBe(302);
    expect(forged.location).toMatch(/^\/my-booking\/[\w-]+\?lng=ru&payment=open#payment$/);
    expect(await ledger(b.id)).toHaveLength(0);

    iyzicoFake.pay(c.session_id!, "success");
    for (let i = 0; i < 2; i++) {
      const back = await post(`/payments/return/${c.id}`, `token=${encodeURIComponent(c.session_id!)}`, { "content-type": "application/x-www-form-urlencoded", origin: "https://sandbox-cpp.iyzipay.com" });
      expect(back.location).toContain("payment=paid");
    }
    for (let i = 0; i < 2; i++) {
      const hook = iyzicoFake.webhookRequest(c.session_id!);
      expect((await post("/api/webhooks/iyzico", hook.body, hook.headers)).status).toBe(200);
    }
    const rows = await ledger(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "charge", method: "card", provider: "iyzico", amount: held.pay_now, currency: "EUR", currency_amount: c.currency_amount });
    expect(await row(b.id)).toMatchObject({ status: "confirmed", payment_status: "part_paid", amount_paid: held.pay_now, hold_until: null });
    expect(await checkout(c.id)).toMatchObject({ status: "paid", payment_id: rows[0]!.id });
    const sent = await mails(b.id);
    expect(sent.filter((m) => m.kind === "payment-receipt")).toHaveLength(1);
    expect(sent.find((m) => m.kind === "booking-status")!.text_body).toContain("онлайн-оплата получена");
    // the rest is the balance, payable later from the private link
    const later = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
    const balance = later.ok ? await checkout(later.checkoutId) : null;
    expect(balance).toMatchObject({ purpose: "balance", amount: b.total_price - held.pay_now });
    // in euros the rest of the total quoted, as the page shows it: the deposit's euros and the balance's add up to the total's
    expect(b.currency_rate).toBeGreaterThan(0);
    expect(c.currency_amount + balance!.currency_amount).toBe(convertAtRate(b.total_price, "EUR", b.currency_rate!));
  });

  it("pays the whole fare through Stripe: the webhook first, the return after, each twice; a forged or replayed webhook changes nothing", async () => {
    const b = await heldBooking(stripe, "full");
    const started = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
    if (!started.ok) throw new Error(started.code);
    const c = await checkout(started.checkoutId);
    expect(stripeFake.sessions.get(c.session_id!)).toMatchObject({ currency: "eur", amount_total: c.currency_amount, client_reference_id: c.id });

    // signed for an unpaid session: re-read, still open; signed with another secret or long ago: refused
    const early = stripeFake.webhookRequest(c.session_id!, "checkout.session.completed");
    expect((await post("/api/webhooks/stripe", early.body, early.headers)).body?.data).toMatchObject({ status: "open" });
    const forged = stripeFake.webhookRequest(c.session_id!, "checkout.session.completed", { secret: "whsec_someoneelse123" });
    expect((await post("/api/webhooks/stripe", forged.body, forged.headers)).status).toBe(400);
    const replay = stripeFake.webhookRequest(c.session_id!, "checkout.session.completed", { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await post("/api/webhooks/stripe", replay.body, replay.headers)).status).toBe(400);
    expect((await post("/api/webhooks/stripe", "x".repeat(70_000), { "content-type": "application/json", "stripe-signature": "t=1,v1=0" })).status).toBe(413);
    expect(await ledger(b.id)).toHaveLength(0);

    stripeFake.pay(c.session_id!, "success");
    for (let i = 0; i < 2; i++) {
      const hook = stripeFake.webhookRequest(c.session_id!);
      expect((await post("/api/webhooks/stripe", hook.body, hook.headers)).body?.data).toMatchObject({ received: true, status: "paid" });
    }
    const context = testAppContext(db, { env, mailer });
    for (let i = 0; i < 2; i++) {
      const back = await handler(new Request(`http://localhost/payments/return/${c.id}?session_id=${c.session_id}`), context);
      expect(back.headers.get("location")).toContain("payment=paid");
    }
    const rows = await ledger(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "charge", provider: "stripe", amount: b.total_price });
    expect(await row(b.id)).toMatchObject({ status: "confirmed", payment_status: "paid", amount_paid: b.total_price, hold_until: null });
  });

  it("keeps a declined or 3-D Secure-failed booking held and payable again; a provider that does not answer keeps it too", async () => {
    const b = await heldBooking(stripe);
    const first = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
    if (!first.ok) throw new Error(first.code);
    const c = await checkout(first.checkoutId);
    stripeFake.pay(c.session_id!, "decline");
    expect(await settleCheckout(checkoutDeps(), { checkoutId: c.id })).toMatchObject({ ok: true, status: "failed" });
    expect((await checkout(c.id)).failure).toContain("insufficient_funds");
    stripeFake.pay(c.session_id!, "threeds_fail");
    expect(await settleCheckout(checkoutDeps(), { checkoutId: c.id })).toMatchObject({ ok: true, status: "failed" });
    expect(await row(b.id)).toMatchObject({ status: "pending", payment_status: "unpaid" });
    expect((await row(b.id)).hold_until).not.toBeNull();

    // Stripe away: the guest is told, the booking stays held, nothing is written
    stripeFake.mode = "hang";
    expect(await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ })).toEqual({ ok: false, code: "provider", retryable: true });
    stripeFake.mode = "down";
    expect(await settleCheckout(checkoutDeps(), { checkoutId: c.id })).toMatchObject({ ok: false, code: "provider", retryable: true });
    stripeFake.mode = "ok";
    // the guest tries again on the same page and pays
    stripeFake.pay(c.session_id!, "success");
    expect(await settleCheckout(checkoutDeps(), { checkoutId: c.id })).toMatchObject({ ok: true, status: "paid", added: true });
    expect(await row(b.id)).toMatchObject({ status: "confirmed", payment_status: "part_paid" });

    // a booking whose attempts all failed took no money: the office may still delete it, its attempts with it
    const declined = await heldBooking(stripe);
    const attempt = await startCheckout(checkoutDeps(), declined.id, { ip: null, describe: describe_ });
    if (!attempt.ok) throw new Error(attempt.code);
    stripeFake.pay((await checkout(attempt.checkoutId)).session_id!, "decline");
    await settleCheckout(checkoutDeps(), { checkoutId: attempt.checkoutId });
    expect(await deleteBooking(db.kysely, declined.id)).toBe("deleted");
    expect(await db.kysely.selectFrom("checkouts").select("id").where("booking_id", "=", declined.id).execute()).toEqual([]);
  });

  it("releases a booking whose hold passed unpaid (reading its page once more), mails the guest why, and frees the car", async () => {
    const b = await heldBooking(iyzico);
    const started = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
    if (!started.ok) throw new Error(started.code);
    const { hold_until } = await row(b.id);
    // before the hold passes nothing happens
    expect(await releaseHolds(checkoutDeps(new Date(Date.parse(hold_until!) - 60_000)))).toBe(0);
    expect(await releaseHolds(checkoutDeps(new Date(Date.parse(hold_until!) + 60_000)))).toBe(1);
    expect(await row(b.id)).toMatchObject({ status: "cancelled", payment_status: "unpaid", hold_until: null });
    expect(await checkout(started.checkoutId)).toMatchObject({ status: "expired" });
    const released = (await mails(b.id)).find((m) => m.kind === "booking-status")!;
    expect(released.text_body).toContain("онлайн-оплата не поступила вовремя");
    expect(released.text_body).not.toContain("Online ödeme");
    // the car is free again for those times
    const again = await createTestBooking(deps(), { carId: car, pickupAt: b.pickup_date });
    expect(again.car_id).toBe(car);

    // its page paid after the release (a provider's page can outlive the hold): all of it goes back by itself
    const checkoutRow = await checkout(started.checkoutId);
    iyzicoFake.pay(checkoutRow.session_id!, "success");
    expect(await settleCheckout(checkoutDeps(), { checkoutId: started.checkoutId })).toMatchObject({ ok: true, status: "paid", added: true });
    expect((await ledger(b.id)).map((r) => r.kind)).toEqual(["charge", "refund"]);
    expect(await row(b.id)).toMatchObject({ status: "cancelled", payment_status: "refunded", amount_paid: 0 });

    // a booking paid at the last minute is not released
    const paidLate = await heldBooking(iyzico);
    const page = await startCheckout(checkoutDeps(), paidLate.id, { ip: null, describe: describe_ });
    if (!page.ok) throw new Error(page.code);
    iyzicoFake.pay((await checkout(page.checkoutId)).session_id!, "success");
    const late = (await row(paidLate.id)).hold_until!;
    expect(await releaseHolds(checkoutDeps(new Date(Date.parse(late) + 60_000)))).toBe(0);
    expect(await row(paidLate.id)).toMatchObject({ status: "confirmed", payment_status: "part_paid" });
  });

  it("refunds the deposit in full when the guest cancels within the free window, through the provider, with the guest's mail", async () => {
    const iyzicoRefunds = iyzicoFake.refunds.length;
    for (const provider of [stripe, iyzico]) {
      const b = await heldBooking(provider, "deposit", { pickupAt: new Date(Date.now() + 5 * DAY).toISOString() });
      const started = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
      if (!started.ok) throw new Error(started.code);
      const c = await checkout(started.checkoutId);
      if (provider === stripe) stripeFake.pay(c.session_id!, "success");
      else iyzicoFake.pay(c.session_id!, "success");
      await settleCheckout(checkoutDeps(), { checkoutId: c.id });
      const paid = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", b.id).executeTakeFirstOrThrow();
      const full = await testBookingDeps(deps());
      expect(await guestCancel(full, paid)).toEqual({ ok: true, changed: true });
      const rows = await ledger(b.id);
      expect(rows.map((r) => [r.kind, r.amount])).toEqual([
        ["charge", c.amount],
        ["refund", -c.amount],
      ]);
      expect(rows[1]).toMatchObject({ provider: provider.name, currency: "EUR", currency_amount: -c.currency_amount });
      expect(await row(b.id)).toMatchObject({ status: "cancelled", payment_status: "refunded", amount_paid: 0 });
      expect((await mails(b.id)).filter((m) => m.kind === "payment-receipt")).toHaveLength(2);
    }
    expect([...stripeFake.refunds.values()].at(-1)).toMatchObject({ status: "succeeded" });
    expect(iyzicoFake.refunds).toHaveLength(iyzicoRefunds + 1);
  });

  it("keeps the policy's fee when the office cancels after the free window, and refunds the rest", async () => {
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, payments: { ...settings.payments, lateCancelFeePercent: 10 } }, null);
    try {
      // picked up in 10 hours: inside the 24-hour free-cancellation cut-off
      const b = await heldBooking(stripe, "full", { pickupAt: new Date(Date.now() + 10 * 3_600_000).toISOString() });
      const started = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
      if (!started.ok) throw new Error(started.code);
      stripeFake.pay((await checkout(started.checkoutId)).session_id!, "success");
      await settleCheckout(checkoutDeps(), { checkoutId: started.checkoutId });
      const cancelled = await changeBookingStatus(db.kysely, mailer, { id: b.id, to: "cancelled", note: "Misafir telefonla iptal etti", actor: officeActor(admin) }, { env, log: silentLog });
      expect(cancelled.ok).toBe(true);
      const fee = Math.floor((b.total_price * 10 + 50) / 100);
      const rows = await ledger(b.id);
      expect(rows.map((r) => [r.kind, r.amount])).toEqual([
        ["charge", b.total_price],
        ["refund", -(b.total_price - fee)],
      ]);
      expect(rows[1]!.reason).toContain("kesinti");
      expect(await row(b.id)).toMatchObject({ status: "cancelled", payment_status: "refunded", amount_paid: fee });
    } finally {
      await saveSettings(db.kysely, settings, null);
    }
  });

  it("lets the office give any part back to the card through the provider, never more than was charged, each refund in the ledger and mailed", async () => {
    const b = await heldBooking(stripe);
    const started = await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ });
    if (!started.ok) throw new Error(started.code);
    const c = await checkout(started.checkoutId);
    stripeFake.pay(c.session_id!, "success");
    await settleCheckout(checkoutDeps(), { checkoutId: c.id });
    const rates = (await getSettings(db.kysely)).currency.rates;
    const office = { actor: officeActor(admin), ip: "10.1.1.1", rates, reason: "Bebek koltuğu getirilemedi" };
    expect(await refundToCard(deps(), b.id, { ...office, minor: c.currency_amount + 1, currency: "EUR", key: "k1" })).toMatchObject({ ok: false, tooMuch: true });
    expect(await refundToCard(deps(), b.id, { ...office, minor: 500, currency: "TRY", key: "k2" })).toMatchObject({ ok: false, tooMuch: true });
    // the same form pressed twice: one refund at Stripe, one ledger row
    for (let i = 0; i < 2; i++) expect(await refundToCard(deps(), b.id, { ...office, minor: 200, currency: "EUR", key: "same-form" })).toMatchObject({ ok: true });
    const refunds = (await ledger(b.id)).filter((r) => r.kind === "refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ provider: "stripe", currency: "EUR", currency_amount: -200, reason: "Bebek koltuğu getirilemedi", actor_label: admin.name });
    expect(await row(b.id)).toMatchObject({ status: "confirmed", payment_status: "part_paid", amount_paid: c.amount + refunds[0]!.amount });
    expect((await mails(b.id)).filter((m) => m.kind === "payment-receipt")).toHaveLength(2);
  });

  it("offers nothing online without a provider: the booking is paid on arrival and a mode asked online is refused", async () => {
    setPaymentProvider(null);
    const b = await createTestBooking(deps(), { carId: car });
    expect(await row(b.id)).toMatchObject({ pay_mode: "arrival", pay_now: 0, hold_until: null });
    await expect(createTestBooking(deps(), { carId: car, payMode: "deposit" })).rejects.toThrow(/modeUnavailable/);
    expect(await startCheckout(checkoutDeps(), b.id, { ip: null, describe: describe_ })).toEqual({ ok: false, code: "no_provider" });
    const hook = stripeFake.webhookRequest([...stripeFake.sessions.keys()][0]!);
    expect((await post("/api/webhooks/stripe", hook.body, hook.headers)).status).toBe(404);
  });
});
