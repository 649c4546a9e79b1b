/**
 * Money, part 1 (issue 30): the ledger. Every movement is a row in kuruş with its currency and the
 * rate used; the booking's payment_status and balance follow in the same transaction (also when its
 * total or its status changes); a repeated reference adds nothing, even sent at once; the office's
 * page and the API record an adjustment only with a reason; the list, the admin API and the CSV
 * filter and export by payment state; a booking with money is never deleted; and the guest reads
 * what is owed on arrival in their currency and in lira, with how the driver takes it. Bookings
 * are made through the production write path; requests go through React Router's handler.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { bookingLinkToken, changeBookingStatus, checkBookingQuery, deleteBooking, getBooking, listBookings, officeActor, parseBookingQuery, recordPayment, updateBooking } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { bookingDetailRows, detailPricingOf } from "~/notify/booking-details.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { createMailer } from "~/server/mail.server";
import type { BookingRow } from "~/server/db/schema";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { parseExcelCsv } from "../setup/excel-csv";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const SESSION_SECRET = "payments-test-session-secret-0123456789abcdef";
const csvText = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe.each(engines)("the ledger on %s", (engine) => {
  let db: TestDb;
  let admin: { id: string; name: string | null; email: string };
  let dispatcher: string;
  let car: string;
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });
  const deps = () => ({ db: db.kysely, mailer });

  beforeAll(async () => {
    db = await testDb(engine);
    admin = await createTestUser(db.kysely, { role: "admin", name: "Muhasebe Ayşe" });
    dispatcher = (await createTestUser(db.kysely, { role: "dispatcher" })).id;
    car = (await createCar(db.kysely, buildCar({ name: "Kasa Vito" }))).id;
  });
  afterAll(() => db.destroy());

  const rates = async () => (await getSettings(db.kysely)).currency.rates;
  const office = () => officeActor(admin);
  const row = async (id: string) => (await db.kysely.selectFrom("bookings").select(["payment_status", "amount_paid", "total_price", "status"]).where("id", "=", id).executeTakeFirstOrThrow());

  async function send(method: string, path: string, body?: object, as: string = admin.id, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { authorization: `Bearer ${(await createSession(db.kysely, as, { remember: false })).token}`, ...headers };
    if (body) h["content-type"] = "application/json";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET }, mailer, clientIp: "10.30.0.1" });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers: h, body: body ? JSON.stringify(body) : undefined }), context);
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; error?: { code: string; reason?: string; fields?: Record<string, string[]> } } };
  }

  it("starts every booking unpaid with its whole total owed", async () => {
    const b = await createTestBooking(deps(), { carId: car });
    expect(await row(b.id)).toMatchObject({ payment_status: "unpaid", amount_paid: 0 });
    const api = await send("GET", `/api/bookings/${b.id}`);
    expect(api.body.data).toMatchObject({ payment_status: "unpaid", amount_paid: 0, balance_due: b.total_price / 100, pay_mode: "arrival" });
  });

  it("moves unpaid → part paid → paid with each movement, and back to part paid when money goes back", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Kısmi Ödeme" });
    const part = Math.floor(b.total_price / 3);
    const first = await recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "bank", amount: part, currency: "TRY", reason: "Havale 12 Mayıs", actor: office(), rates: await rates() });
    expect(first).toMatchObject({ ok: true, added: true, state: { status: "part_paid", balanceDue: b.total_price - part } });
    expect(await row(b.id)).toMatchObject({ payment_status: "part_paid", amount_paid: part });
    await recordPayment(db.kysely, { bookingId: b.id, kind: "driver_cash", method: "cash", amount: b.total_price - part, currency: "TRY", actor: office(), rates: await rates() });
    expect(await row(b.id)).toMatchObject({ payment_status: "paid", amount_paid: b.total_price });

    // An edit that leaves the price keeps it paid; money given back makes it owe again.
    const full = await testBookingDeps(deps());
    const edited = await updateBooking(full, b.id, { notes: "Bebek koltuğu" }, { actor: office() });
    expect(edited.ok).toBe(true);
    expect((await row(b.id)).payment_status).toBe("paid");
    const bigger = await recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "other", amount: -5000, currency: "TRY", reason: "Fazla alınan iade", actor: office(), rates: await rates() });
    expect(bigger).toMatchObject({ ok: true, state: { status: "part_paid", balanceDue: 5000 } });
  });

  it("owes again when the office's edit raises the total of a paid booking", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Uzayan Yol" });
    await recordPayment(db.kysely, { bookingId: b.id, kind: "driver_cash", method: "cash", amount: b.total_price, currency: "TRY", actor: office(), rates: await rates() });
    expect((await row(b.id)).payment_status).toBe("paid");
    const edited = await updateBooking(await testBookingDeps(deps()), b.id, { outbound_km: b.total_distance + 300 }, { actor: office() });
    expect(edited.ok).toBe(true);
    const after = await row(b.id);
    expect(after.total_price).toBeGreaterThan(b.total_price);
    expect(after).toMatchObject({ payment_status: "part_paid", amount_paid: b.total_price });
    const api = await send("GET", `/api/bookings/${b.id}`);
    expect(api.body.data).toMatchObject({ balance_due: (after.total_price - b.total_price) / 100 });
  });

  it("converts a payment in the guest's currency at the booked rate and settles the balance shown exactly", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Euro Gast", currency: "EUR" });
    expect(b.currency).toBe("EUR");
    expect(b.currency_rate).toBeGreaterThan(0);
    // The euro amount the guest was shown, paid to the cent, leaves nothing owed although a cent is ~52 kuruş.
    const paid = await recordPayment(db.kysely, { bookingId: b.id, kind: "driver_cash", method: "cash", amount: b.currency_total!, currency: "EUR", actor: office(), rates: await rates() });
    expect(paid).toMatchObject({ ok: true, state: { status: "paid", balanceDue: 0, credit: 0 } });
    if (!paid.ok) return;
    expect(paid.payment).toMatchObject({ amount: b.total_price, currency: "EUR", currency_amount: b.currency_total, currency_rate: b.currency_rate });
    // Ten euros more are 10 × the rate in lira, whatever was owed.
    const more = await recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "cash", amount: 1000, currency: "EUR", reason: "Bahşiş değil, fazla ödeme", actor: office(), rates: await rates() });
    if (!more.ok) throw new Error("refused");
    expect(more.payment.amount).toBe(Math.round((1000 * b.currency_rate!) / 10_000));
    expect(more.state.credit).toBe(more.payment.amount);
  });

  it("adds nothing for a reference already in the ledger, even when both arrive at once", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Çift Geri Çağrı" });
    const input = { bookingId: b.id, kind: "charge" as const, method: "card" as const, amount: 10_000, currency: "TRY" as const, provider: "test", providerRef: `ref-${b.id}`, actor: { kind: "payment" as const, id: null, label: "test" }, rates: await rates() };
    const [one, two] = await Promise.all([recordPayment(db.kysely, input), recordPayment(db.kysely, input)]);
    expect([one, two].filter((r) => r.ok && r.added)).toHaveLength(1);
    const again = await recordPayment(db.kysely, input);
    expect(again).toMatchObject({ ok: true, added: false });
    const rows = await db.kysely.selectFrom("payments").select("amount").where("booking_id", "=", b.id).execute();
    expect(rows).toEqual([{ amount: 10_000 }]);
    expect(await row(b.id)).toMatchObject({ payment_status: "part_paid", amount_paid: 10_000 });
  });

  it("sums two movements of one booking written at once", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Aynı Anda" });
    const current = await rates();
    await Promise.all(
      [1, 2, 3, 4].map((n) => recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "cash", amount: 1000 * n, currency: "TRY", reason: `Parça ${n}`, actor: office(), rates: current })),
    );
    expect((await row(b.id)).amount_paid).toBe(10_000);
  });

  it("refuses an adjustment without a reason, a zero or a fractional-kuruş amount, and an unknown booking", async () => {
    const b = await createTestBooking(deps(), { carId: car });
    const base = { bookingId: b.id, kind: "adjustment" as const, method: "cash" as const, currency: "TRY" as const, actor: office(), rates: await rates() };
    expect(await recordPayment(db.kysely, { ...base, amount: 100, reason: "  " })).toMatchObject({ ok: false, fields: { reason: [{ code: "admin:payments.errors.reasonRequired" }] } });
    expect(await recordPayment(db.kysely, { ...base, amount: 0, reason: "x" })).toMatchObject({ ok: false, fields: { amount: [{ code: "admin:payments.errors.amount" }] } });
    expect(await recordPayment(db.kysely, { ...base, amount: 1.5, reason: "x" })).toMatchObject({ ok: false, fields: { amount: [{ code: "admin:payments.errors.amount" }] } });
    expect(await recordPayment(db.kysely, { ...base, kind: "driver_cash", method: "card", amount: 100 })).toMatchObject({ ok: false, fields: { method: [{ code: "admin:payments.errors.method" }] } });
    expect(await recordPayment(db.kysely, { ...base, bookingId: "no-such-booking", amount: 100, reason: "x" })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await db.kysely.selectFrom("payments").select("id").where("booking_id", "=", b.id).execute()).toEqual([]);
  });

  it("owes nothing more once cancelled: a kept deposit reads paid, one given back refunded", async () => {
    const kept = await createTestBooking(deps(), { carId: car, fullName: "İptal Kapora" });
    await recordPayment(db.kysely, { bookingId: kept.id, kind: "adjustment", method: "bank", amount: 20_000, currency: "TRY", reason: "Kapora", actor: office(), rates: await rates() });
    const cancelled = await changeBookingStatus(db.kysely, mailer, { id: kept.id, to: "cancelled", note: "Misafir vazgeçti", actor: office() });
    expect(cancelled.ok).toBe(true);
    expect(await row(kept.id)).toMatchObject({ status: "cancelled", payment_status: "paid" });
    const api = await send("GET", `/api/bookings/${kept.id}/payments`);
    expect(api.body.data).toMatchObject({ payment_status: "paid", amount_paid: 200, balance_due: 0 });

    await recordPayment(db.kysely, { bookingId: kept.id, kind: "refund", method: "bank", amount: 20_000, currency: "TRY", reason: "Kapora iadesi", actor: office(), rates: await rates() });
    expect(await row(kept.id)).toMatchObject({ payment_status: "refunded", amount_paid: 0 });
  });

  it("records the office's payment from the booking page with its reason, keeps the typed values on a mistake, and audits it", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Sayfa Ödeme" });
    const token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    const post = async (fields: Record<string, string>) => {
      const form = new URLSearchParams({ intent: "payment", ...fields });
      const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer, clientIp: "10.30.0.2" });
      const response = await handler(
        new Request(`http://localhost/admin/bookings/${b.id}?_data=routes/admin/bookings.$id`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
          body: form,
        }),
        context,
      );
      return response;
    };
    const missing = await post({ direction: "in", amount: "1.250,50", currency: "TRY", method: "bank", reason: "" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Açıklama zorunludur.");
    expect(html).toContain("1.250,50");
    const ok = await post({ direction: "in", amount: "1.250,50", currency: "TRY", method: "bank", reason: "Havale 3 Haziran" });
    expect(ok.status).toBe(200);
    expect(await row(b.id)).toMatchObject({ amount_paid: 125_050, payment_status: "part_paid" });
    // money given back from the same form is a refund
    expect((await post({ direction: "out", amount: "50", currency: "TRY", method: "cash", reason: "Fazla alınan" })).status).toBe(200);
    const kinds = await db.kysely.selectFrom("payments").select(["kind", "amount"]).where("booking_id", "=", b.id).orderBy("created_at").execute();
    expect(kinds).toEqual([{ kind: "adjustment", amount: 125_050 }, { kind: "refund", amount: -5_000 }]);
    const audit = await db.kysely.selectFrom("audit_log").select(["action", "user_label", "details"]).where("entity_id", "=", b.id).where("action", "=", "booking.payment").execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.user_label).toBe("Muhasebe Ayşe");
    expect(String(audit[0]!.details)).toContain("Havale 3 Haziran");
  });

  it("takes an adjustment through the API only from an admin, with a key that makes a retry harmless", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "API Ödeme" });
    expect((await send("POST", `/api/bookings/${b.id}/payments`, { amount: 100, method: "cash", reason: "x" }, dispatcher)).status).toBe(403);
    expect((await send("GET", `/api/bookings/${b.id}/payments`, undefined, dispatcher)).status).toBe(200);
    const bad = await send("POST", `/api/bookings/${b.id}/payments`, { amount: "100", method: "cash", reason: "x" });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    expect(bad.body.error?.fields?.amount).toBeDefined();
    expect((await send("POST", `/api/bookings/${b.id}/payments`, { amount: 10.001, method: "cash", reason: "x" })).status).toBe(400);
    expect((await send("POST", `/api/bookings/${b.id}/payments`, { amount: 10, currency: "XYZ", method: "cash", reason: "x" })).body.error?.fields?.currency).toBeDefined();
    expect((await send("POST", `/api/bookings/${b.id}/payments`, { amount: 10, method: "cash" })).body.error?.fields?.reason).toBeDefined();

    const key = { "Idempotency-Key": `pay-${b.id}` };
    const made = await send("POST", `/api/bookings/${b.id}/payments`, { amount: 4, currency: "EUR", method: "cash", reason: "Ofiste nakit" }, admin.id, key);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ payment_status: "part_paid", payments: [{ kind: "adjustment", method: "cash", currency: "EUR", currency_amount: 4, reason: "Ofiste nakit", by: "Muhasebe Ayşe" }] });
    const retry = await send("POST", `/api/bookings/${b.id}/payments`, { amount: 4, currency: "EUR", method: "cash", reason: "Ofiste nakit" }, admin.id, key);
    expect(retry.status).toBe(200);
    expect((retry.body.data as { payments: unknown[] }).payments).toHaveLength(1);
    // money given back is a refund, with its reason
    const back = await send("POST", `/api/bookings/${b.id}/payments`, { amount: -2, currency: "EUR", method: "cash", reason: "Fazlası iade" });
    expect(back.status).toBe(201);
    expect((back.body.data as { payments: Array<{ kind: string; currency_amount: number }> }).payments.at(-1)).toMatchObject({ kind: "refund", currency_amount: -2 });
    expect((await send("POST", `/api/bookings/${b.id}/payments`, { amount: -2, method: "cash" })).body.error?.fields?.reason).toBeDefined();
    const other = await send("POST", `/api/bookings/${b.id}/payments`, { amount: 5, currency: "EUR", method: "cash", reason: "Ofiste nakit" }, admin.id, key);
    expect(other).toMatchObject({ status: 422, body: { error: { code: "idempotency_mismatch" } } });
  });

  it("filters the list and the admin API by payment state, names an unknown one, and exports it to the CSV", async () => {
    const paid = await createTestBooking(deps(), { carId: car, fullName: "Filtre Ödendi" });
    await recordPayment(db.kysely, { bookingId: paid.id, kind: "driver_card", method: "card", amount: paid.total_price, currency: "TRY", actor: office(), rates: await rates() });
    const query = await checkBookingQuery(db.kysely, parseBookingQuery(new URLSearchParams("view=all&payment=paid")));
    const page = await listBookings(db.kysely, query, 1, 100);
    expect(page.bookings.map((x) => x.id)).toContain(paid.id);
    expect(page.bookings.every((x) => x.payment_status === "paid")).toBe(true);
    expect(parseBookingQuery(new URLSearchParams("payment=bedava")).problems.payment).toEqual([{ code: "admin:worklist.errors.payment" }]);
    const api = await send("GET", "/api/bookings?view=all&payment=unpaid&limit=100");
    expect(api.status).toBe(200);
    const listed = (api.body.data as unknown as Array<{ id: string; payment_status: string }>) ?? [];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((x) => x.payment_status === "unpaid")).toBe(true);
    expect((await send("GET", "/api/bookings?payment=bedava")).status).toBe(400);

    const csv = parseExcelCsv(await csvText(bookingsCsvStream(db.kysely, { ...query, q: "Filtre Ödendi" }, 1000, "tr")));
    const header = csv[0]!;
    const line = csv.find((r) => r.includes("Filtre Ödendi"))!;
    expect(line[header.indexOf("Ödeme durumu")]).toBe("Ödendi");
    expect(line[header.indexOf("Ödenen (TL)")]).toBe((paid.total_price / 100).toFixed(2).replace(".", ","));
    expect(line[header.indexOf("Kalan (TL)")]).toBe("0,00");
  });

  it("keeps a booking with money: it is cancelled, not deleted", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Silinmez" });
    await recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "cash", amount: 100, currency: "TRY", reason: "x", actor: office(), rates: await rates() });
    expect(await deleteBooking(db.kysely, b.id)).toBe("has_payments");
    const api = await send("DELETE", `/api/bookings/${b.id}`);
    expect(api).toMatchObject({ status: 409, body: { error: { code: "conflict", reason: "admin:bookings.messages.deleteHasPayments" } } });
    expect(await getBooking(db.kysely, b.id)).toBeDefined();
  });

  it("gives every movement a receipt numbered without gaps, even two bookings' at once", async () => {
    const a = await createTestBooking(deps(), { carId: car, fullName: "Makbuz A" });
    const b = await createTestBooking(deps(), { carId: car, fullName: "Makbuz B" });
    const current = await rates();
    await Promise.all(
      [a, b, a, b, a].map((x, i) => recordPayment(db.kysely, { bookingId: x.id, kind: "adjustment", method: "cash", amount: 100 + i, currency: "TRY", reason: `r${i}`, actor: office(), rates: current })),
    );
    const rows = await db.kysely.selectFrom("receipts").select(["number", "year", "seq"]).orderBy("seq").execute();
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(rows.at(-1)!.number).toBe(`${rows.at(-1)!.year}-${String(rows.at(-1)!.seq).padStart(6, "0")}`);
    // each ledger row has exactly one
    const payments = await db.kysely.selectFrom("payments").select("id").execute();
    expect(rows).toHaveLength(payments.length);
  });

  it("mails the guest the receipt as a PDF in their language, lists it on the private page and serves it there and to the office", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Анна Receipt", currency: "EUR" }, { locale: "ru" });
    const notify = { mailer, env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, log };
    const paid = await recordPayment(db.kysely, { bookingId: b.id, kind: "driver_cash", method: "cash", amount: 2000, currency: "EUR", actor: { kind: "driver", id: null, label: "Şoför" }, rates: await rates() }, notify);
    if (!paid.ok) throw new Error("refused");
    const receipt = await db.kysely.selectFrom("receipts").selectAll().where("payment_id", "=", paid.payment.id).executeTakeFirstOrThrow();
    // the event's handler queued the mail (tests/setup/notify.ts handles events at once)
    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "payment-receipt").where("related_id", "=", b.id).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Квитанция ${receipt.number} по бронированию ${b.reference}`);
    expect(mail.text_body).toContain("Мы записали вашу оплату 20,00");
    const [attachment] = JSON.parse(mail.attachments!) as Array<{ filename: string; contentType: string; content: string }>;
    expect(attachment).toMatchObject({ filename: `kvitantsiya-${receipt.number}.pdf`, contentType: "application/pdf" });
    const pdf = Buffer.from(attachment!.content, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // the private page lists it; its link serves the PDF to the link's holder only
    const token = await bookingLinkToken(db.kysely, SESSION_SECRET, b);
    const context = () => testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer, clientIp: "10.30.0.3" });
    const page = await handler(new Request(`http://localhost/my-booking/${token}?lng=ru`), context());
    const html = await page.text();
    expect(html).toContain(`/my-booking/${token}/receipts/${receipt.number}`);
    expect(html).toContain(`квитанция ${receipt.number} (PDF)`);
    const file = await handler(new Request(`http://localhost/my-booking/${token}/receipts/${receipt.number}?lng=ru`), context());
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const other = await createTestBooking(deps(), { carId: car, fullName: "Başka Misafir" });
    const otherToken = await bookingLinkToken(db.kysely, SESSION_SECRET, other);
    const stranger = await handler(new Request(`http://localhost/my-booking/${otherToken}/receipts/${receipt.number}?lng=en`), context());
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toBe("No such receipt for this booking.\n");
    expect((await handler(new Request(`http://localhost/my-booking/${token}/receipts/..%2F..%2Fetc?lng=en`), context())).status).toBe(404);

    const staff = (await createSession(db.kysely, admin.id, { remember: false })).token;
    const office = await handler(new Request(`http://localhost/admin/bookings/${b.id}/receipts/${receipt.number}`, { headers: { authorization: `Bearer ${staff}` } }), context());
    expect(office.status).toBe(200);
    expect(office.headers.get("content-type")).toBe("application/pdf");
  });

  it("exports the month's movements for the accountant with the KDV split, and names a bad month", async () => {
    const b = await createTestBooking(deps(), { carId: car, fullName: "Muhasebe Misafir" });
    await recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "bank", amount: 120_000, currency: "TRY", reason: "Havale", actor: office(), rates: await rates() });
    const month = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/Istanbul" }).slice(0, 7);
    const token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer, clientIp: "10.30.0.4" });
    const response = await handler(new Request(`http://localhost/admin/payments/export?month=${month}`, { headers: { authorization: `Bearer ${token}` } }), context);
    expect(response.status).toBe(200);
    const csv = parseExcelCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()));
    const header = csv[0]!;
    expect(header.slice(0, 4)).toEqual(["Makbuz No", "Tarih", "Rezervasyon No", "Müşteri"]);
    const line = csv.find((r) => r.includes("Muhasebe Misafir"))!;
    expect(line[header.indexOf("Tutar (₺)")]).toBe("1200,00");
    expect(line[header.indexOf("Matrah (₺)")]).toBe("1000,00");
    expect(line[header.indexOf("KDV (₺)")]).toBe("200,00");
    expect(line[header.indexOf("Hareket")]).toBe("Ofis kaydı");
    const bad = await handler(new Request("http://localhost/admin/payments/export?month=2026-13", { headers: { authorization: `Bearer ${token}` } }), context);
    expect(bad.status).toBe(400);
  });

  it("tells the guest what is owed on arrival in their currency and in lira, what was paid, and how the driver takes it", async () => {
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, payments: { ...settings.payments, arrivalCash: true, arrivalCard: false, driverCurrencies: ["EUR", "TRY"] } }, null);
    const b = await createTestBooking(deps(), { carId: car, fullName: "Deutscher Gast", currency: "EUR" }, { locale: "de" });
    const rowsOf = async (booking: BookingRow) => bookingDetailRows(booking, (await testBookingDeps(deps())).translator!("de"), "de", await detailPricingOf(db.kysely, booking));
    const before = Object.fromEntries(await rowsOf(b));
    expect(before["Bei Ankunft zu zahlen"]).toMatch(/€ \(.*₺\)$/);
    expect(before["Bei Ankunft zu zahlen"]).toContain(new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 }).format(b.currency_total! / 100));
    expect(before["So bezahlen Sie"]).toBe("Ihr Fahrer nimmt Bargeld (EUR oder TRY).");
    expect(before.Bezahlt).toBeUndefined();

    await recordPayment(db.kysely, { bookingId: b.id, kind: "adjustment", method: "bank", amount: 2000, currency: "EUR", reason: "Anzahlung", actor: office(), rates: await rates() });
    const after = Object.fromEntries(await rowsOf((await getBooking(db.kysely, b.id))!));
    expect(after.Bezahlt).toMatch(/^20,00\s€ \(.*₺\)$/);
    expect(after["Bei Ankunft zu zahlen"]).toContain(new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 }).format((b.currency_total! - 2000) / 100));
    await saveSettings(db.kysely, settings, null);
  });
});
