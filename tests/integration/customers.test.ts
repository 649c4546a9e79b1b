/**
 * The guests the office knows (issue 29 part 3): every booking matched to its guest by phone in
 * any format or by e-mail, in the booking's transaction; the bookings made before guests were kept
 * linked by the start-up job; the list and the API search them; the office's notes; the KVKK
 * export (admins) and erasure leaving no personal field behind in bookings, history, mails or
 * notices; the retention job. Bookings are made through the production write path.
 */
import pino from "pino";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { anonymiseStaleCustomers, eraseCustomer, getCustomer, linkUnmatchedBookings, listBookings, listCustomers, parseBookingQuery, recordPayment, updateBooking, updateCustomer } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { jobSheet } from "~/drivers/job.server";
import { getSettings } from "~/settings/settings.server";
import { createMailer } from "~/server/mail.server";
import { bookingRow } from "../../bench/booking-rows";
import { migrations } from "../../db/migrations";
import { buildCar, createTestBooking, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const SESSION_SECRET = "customers-test-session-secret-0123456789abcdef";

describe.each(engines)("guests the office knows on %s", (engine) => {
  let db: TestDb;
  let car: string;
  const users: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });
  const deps = () => ({ db: db.kysely, mailer });

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher", "driver"] as const) users[role] = (await createTestUser(db.kysely, { role })).id;
    car = (await createCar(db.kysely, buildCar({ name: "Misafir Vito", seats: 7 }))).id;
  });
  afterAll(() => db.destroy());

  async function send(role: "admin" | "dispatcher" | "driver", method: string, path: string, form?: Record<string, string>) {
    const { token } = await createSession(db.kysely, users[role]!, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer, clientIp: "10.29.60.1" });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
    return { status: response.status, location: response.headers.get("location"), type: response.headers.get("content-type"), text: await response.text() };
  }

  it("matches a guest's bookings by phone in four formats, and by e-mail", async () => {
    const made = [];
    for (const phone of ["0532 987 65 43", "+90 532 987 65 43", "532 987 6543", "05329876543"]) {
      made.push(await createTestBooking(deps(), { carId: car, fullName: "Zeynep Kaya", email: `zeynep.${made.length}@example.com`, phone }));
    }
    const ids = new Set(made.map((b) => b.customer_id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    // a new phone with a known e-mail is the same guest; another guest is another row
    const byEmail = await createTestBooking(deps(), { carId: car, fullName: "Zeynep Kaya", email: "ZEYNEP.0@example.com", phone: "+49 151 1111111" });
    expect(byEmail.customer_id).toBe(made[0]!.customer_id);
    const other = await createTestBooking(deps(), { carId: car, fullName: "Hans Müller", email: "hans@example.com", phone: "+49 151 2222222" });
    expect(other.customer_id).not.toBe(made[0]!.customer_id);
    const detail = (await getCustomer(db.kysely, made[0]!.customer_id!))!;
    expect(detail.customer.phone).toBe("+90 532 987 65 43");
    expect(detail.totals.trips).toBe(5);
    // the list finds them by name (any case, Turkish letters), by phone as typed, by e-mail
    for (const q of ["zeynep", "ZEYNEP KAYA", "0532 987", "5329876543", "zeynep.0@"]) {
      expect((await listCustomers(db.kysely, q)).customers.map((c) => c.full_name), q).toEqual(["Zeynep Kaya"]);
    }
    // a guest written in Cyrillic is found by what a Russian office worker types, through the text index
    await createTestBooking(deps(), { carId: car, fullName: "Ольга Смирнова", email: "olga.s@example.ru", phone: "+7 916 765 43 21" });
    for (const q of ["Ольга", "смирнова", "ОЛЬГА СМ", "+7 916 765"]) {
      expect((await listCustomers(db.kysely, q)).customers.map((c) => c.full_name), q).toEqual(["Ольга Смирнова"]);
    }
  });

  it("answers the staff API's search, and not a driver's", async () => {
    const { token } = await createSession(db.kysely, users.dispatcher!, { remember: false });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer });
    const answer = await handler(new Request("http://localhost/api/customers?q=%2B49%20151%202222222", { headers: { authorization: `Bearer ${token}` } }), context);
    const body = (await answer.json()) as { data: Array<{ full_name: string }>; pagination: { total: number } };
    expect([answer.status, body.data.map((c) => c.full_name), body.pagination.total]).toEqual([200, ["Hans Müller"], 1]);
    const driver = await createSession(db.kysely, users.driver!, { remember: false });
    const refused = await handler(new Request("http://localhost/api/customers", { headers: { authorization: `Bearer ${driver.token}` } }), testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET }, mailer }));
    expect(refused.status).toBe(403);
  });

  it("keeps the office's notes for drivers and the marketing consent, audit-logged, and fills a new booking with them", async () => {
    const booking = await createTestBooking(deps(), { carId: car, fullName: "Olga Petrova", email: "olga@example.com", phone: "+7 916 123 45 67" });
    const id = booking.customer_id!;
    const saved = await send("dispatcher", "POST", `/admin/customers/${id}`, { intent: "update", notes: "Her zaman çocuk koltuğu; VIP, içeride karşıla", language: "ru", marketing_consent: "on" });
    expect([saved.status, saved.location]).toEqual([302, `/admin/customers/${id}?saved=1`]);
    const detail = (await getCustomer(db.kysely, id))!;
    expect([detail.customer.notes, detail.customer.language, Boolean(detail.customer.marketing_consent_at)]).toEqual(["Her zaman çocuk koltuğu; VIP, içeride karşıla", "ru", true]);
    expect(await db.kysely.selectFrom("audit_log").select("action").where("entity_id", "=", id).execute()).toEqual([{ action: "customer.update" }]);
    // the driver's job sheet of their booking says it
    const sheet = await jobSheet(db.kysely, { booking_id: booking.id, leg: "outbound", job_status: "assigned", job_status_at: null }, "tr");
    expect(sheet?.guestNotes).toBe("Her zaman çocuk koltuğu; VIP, içeride karşıla");
    const form = await send("dispatcher", "GET", `/admin/bookings/new?customer=${id}`);
    expect(form.text).toContain('value="Olga Petrova"');
    expect(form.text).toContain("Her zaman çocuk koltuğu");
    const found = await send("dispatcher", "GET", "/admin/bookings/new?guest=olga");
    expect(found.text).toContain(`/admin/bookings/new?customer=${id}`);
  });

  it("exports one guest's data for an admin only, as JSON and as CSV, audit-logged", async () => {
    const booking = await createTestBooking(deps(), { carId: car, fullName: "Çağla Öztürk", email: "cagla@example.com", phone: "0533 444 55 66", notes: "Kapıda karşılama" });
    const id = booking.customer_id!;
    // a deposit by bank transfer: the export carries the guest's money too (issue 30)
    const { rates } = (await getSettings(db.kysely)).currency;
    await recordPayment(db.kysely, { bookingId: booking.id, kind: "adjustment", method: "bank", amount: 50_000, currency: "TRY", reason: "Kapora", actor: { kind: "office", id: null, label: "Ofis" }, rates, notifyGuest: false });
    expect((await send("dispatcher", "GET", `/admin/customers/${id}/export?format=json`)).status).toBe(403);
    const json = await send("admin", "GET", `/admin/customers/${id}/export?format=json`);
    expect(json.status).toBe(200);
    const data = JSON.parse(json.text) as { guest: { full_name: string; phone: string }; bookings: Array<{ reference: string; notes: string }> };
    expect([data.guest.full_name, data.guest.phone, data.bookings.map((b) => [b.reference, b.notes])]).toEqual(["Çağla Öztürk", "+90 533 444 55 66", [[booking.reference, "Kapıda karşılama"]]]);
    expect((data.bookings[0] as unknown as { payment_status: string; amount_paid: number; payments: unknown[] })).toMatchObject({
      payment_status: "part_paid",
      amount_paid: 500,
      payments: [{ kind: "adjustment", method: "bank", amount: 500, currency: "TRY", currency_amount: 500 }],
    });
    const csv = await send("admin", "GET", `/admin/customers/${id}/export?format=csv`);
    expect(csv.type).toContain("text/csv");
    expect(csv.text).toContain("Çağla Öztürk");
    expect(csv.text).toContain(booking.reference);
    expect(csv.text).toContain(';Kısmen ödendi;"500,00"');
    const audit = await db.kysely.selectFrom("audit_log").select("action").where("entity_id", "=", id).where("action", "=", "customer.export").execute();
    expect(audit).toHaveLength(2);
  });

  it("erases a guest: no personal field left in their bookings, history, mails or notices; the trips and the audit entry stay", async () => {
    const first = await createTestBooking(deps(), { carId: car, fullName: "Günther Schäfer", email: "guenther@example.com", phone: "+49 170 5556667", notes: "Allergie: Hund", flightNumber: "DE 1234", addresses: { dropoffAddress: "Hotel Sirene" } });
    const second = await createTestBooking(deps(), { carId: car, fullName: "Günther Schäfer", email: "guenther@example.com", phone: "+49 170 5556667" });
    const id = first.customer_id!;
    // an edit of the phone leaves its old and new values in the history
    const admin = { id: users.admin!, label: "Ofis" };
    const edited = await updateBooking(await testBookingDeps(deps()), second.id, { phone: "+49 170 5556668" }, { actor: admin });
    expect(edited.ok).toBe(true);
    const refused = await send("admin", "POST", `/admin/customers/${id}`, { intent: "erase" });
    expect(refused.text).toContain("onay kutusunu");
    expect((await send("dispatcher", "POST", `/admin/customers/${id}`, { intent: "erase", confirm: "on" })).status).toBe(403);
    const erased = await send("admin", "POST", `/admin/customers/${id}`, { intent: "erase", confirm: "on", reason: "Misafirin talebi" });
    expect([erased.status, erased.location]).toEqual([302, `/admin/customers/${id}?erased=1`]);

    const personal = ["Günther", "Schäfer", "guenther@", "5556667", "5556668", "Allergie", "DE 1234", "Sirene"];
    const leaks = (text: string) => personal.filter((p) => text.includes(p));
    for (const b of [first, second]) {
      const row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", b.id).executeTakeFirstOrThrow();
      expect(leaks(JSON.stringify(row)), `booking ${b.reference}`).toEqual([]);
      expect([row.reference, row.pickup_location, row.status]).toEqual([b.reference, b.pickup_location, b.status]);
      const history = await db.kysely.selectFrom("booking_events").selectAll().where("booking_id", "=", b.id).execute();
      expect(history.length).toBeGreaterThan(0);
      expect(leaks(JSON.stringify(history))).toEqual([]);
      expect(await db.kysely.selectFrom("mail_outbox").select("id").where("related_id", "=", b.id).execute()).toEqual([]);
      expect(await db.kysely.selectFrom("notifications").select("id").where("related_id", "=", b.id).execute()).toEqual([]);
    }
    const guest = await db.kysely.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(leaks(JSON.stringify(guest))).toEqual([]);
    expect(guest.anonymised_at).toBeTruthy();
    // the office's list finds nothing of them any more; the audit entry names no one
    expect((await listBookings(db.kysely, parseBookingQuery(new URLSearchParams("view=all&q=Schäfer")))).bookings).toEqual([]);
    const audit = await db.kysely.selectFrom("audit_log").select(["action", "details", "summary"]).where("entity_id", "=", id).execute();
    expect(audit.map((a) => a.action)).toEqual(["customer.erase"]);
    expect(leaks(JSON.stringify(audit))).toEqual([]);
    // SQLite's text index of the guests (0232) still matches their rows after the erasure rewrote the text
    if (engine === "sqlite") await sql`insert into customers_fts (customers_fts) values ('integrity-check')`.execute(db.kysely);
    // erased once: a second erasure and an edit of notes find no guest
    expect(await eraseCustomer(db.kysely, id, admin)).toEqual({ ok: false });
    expect(await updateCustomer(db.kysely, id, { notes: "x", language: "de", marketingConsent: false }, admin)).toBe(false);
  });

  it("anonymises guests with no trip in the retention's years, and none when it is 0", async () => {
    const booking = await createTestBooking(deps(), { carId: car, fullName: "Ivan Sidorov", email: "ivan@example.com", phone: "+7 999 000 11 22" });
    expect(await anonymiseStaleCustomers(db.kysely, 0, new Date(Date.now() + 10 * 365 * 86_400_000))).toBe(0);
    // a year from now their trip is not yet 2 years old; three years from now it is
    expect(await anonymiseStaleCustomers(db.kysely, 2, new Date(Date.now() + 365 * 86_400_000))).toBe(0);
    expect(await anonymiseStaleCustomers(db.kysely, 2, new Date(Date.now() + 3 * 365 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const row = await db.kysely.selectFrom("bookings").select(["full_name", "phone", "email"]).where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: "—", phone: "", email: "" });
  });
});

describe.each(engines)("bookings made before guests were kept on %s", (engine) => {
  it.each([1, 3])("are linked to their guests by the start-up job, by phone in any format (%i at once)", async (workers) => {
    const db = await testDb(engine);
    try {
      const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
      const to = await migrator.migrateTo("0100_booking_channel");
      expect(to.error).toBeUndefined();
      // rows as an older version stored them (the shared row builder, as the benchmark writes them):
      // two guests, each with three bookings under three ways of writing one phone
      const phones = [
        ["0532 000 11 22", "+90 532 000 11 22", "05320001122"],
        ["0533 444 55 66", "+905334445566", "533 444 55 66"],
      ];
      const rows = [0, 1, 2, 3, 4, 5].map((i) => ({ ...bookingRow(i), full_name: `Eski Misafir ${i % 2}`, email: `eski${i}@example.com`, phone: phones[i % 2]![Math.floor(i / 2)]! }));
      for (const row of rows) await db.kysely.insertInto("bookings").values(row as never).execute();
      await db.migrateUp();
      expect(await linkUnmatchedBookings(db.kysely, { batch: 4, workers })).toBe(6);
      const linked = await db.kysely.selectFrom("bookings").select(["customer_id", "full_name"]).execute();
      expect(new Set(linked.map((r) => r.customer_id)).size).toBe(2);
      for (const name of ["Eski Misafir 0", "Eski Misafir 1"]) expect(new Set(linked.filter((r) => r.full_name === name).map((r) => r.customer_id)).size).toBe(1);
      expect(await db.kysely.selectFrom("customers").select("id").execute()).toHaveLength(2);
      expect(await linkUnmatchedBookings(db.kysely)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
