/**
 * The partner portal (issue 33), through React Router's own handler as a browser's requests would:
 * the office invites a hotel desk's user (the invitation in the partner's language, its welcome
 * page sets the password), the user signs in at /partner/login, books for a German guest on the
 * site's results page with the partner paying on account, and finds it in the portal; a visitor
 * who came by the partner's link books at the partner's commission with the guest paying. A
 * partner's user never reaches another partner's or the office's bookings, keys or statements.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { getBooking } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createPartnerApiKey } from "~/partners/api-keys.server";
import { listStaff, createStaff, updateStaff } from "~/users/users.server";
import { liraToKurus } from "~/utils/money";
import { buildCar, createTestBooking, createTestPartner, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext, testMailer } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const SECRET = "partner-portal-test-secret-0123456789abcdef";
const env = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET };

describe.each(engines)("the partner portal on %s", (engine) => {
  let db: TestDb;
  const handler = appRequestHandler();
  const mailer = testMailer();
  const day = tripDay(52);
  let carId = "";
  let hotel: Awaited<ReturnType<typeof createTestPartner>>;
  let agency: Awaited<ReturnType<typeof createTestPartner>>;
  let hotelUserId = "";
  let agencyUserId = "";
  let officeAdminId = "";

  beforeAll(async () => {
    db = await testDb(engine);
    carId = (await createCar(db.kysely, buildCar({ name: "Portal Vito", category: "Minivan", seats: 6, luggage: 6, price_per_km: liraToKurus(30) }))).id;
    hotel = await createTestPartner(db.kysely, { name: "Strandhotel Belek", code: `BELEK${engine.slice(0, 2).toUpperCase()}`, kind: "hotel", language: "de", commissionPercent: 10, creditTerms: "monthly_invoice", email: "rezeption@strandhotel.example" });
    agency = await createTestPartner(db.kysely, { name: "Sonne Reisen", kind: "agency", language: "de", commissionPercent: 15 });
    agencyUserId = (await createTestUser(db.kysely, { role: "partner", partnerId: agency.id })).id;
    officeAdminId = (await createTestUser(db.kysely, { role: "admin" })).id;
  });
  afterAll(() => db.destroy());

  const context = (ip = "10.33.0.1") => testAppContext(db, { env, mailer, log: silentLog, clientIp: ip });

  async function cookieOf(userId: string): Promise<string> {
    const { token } = await createSession(db.kysely, userId, { remember: false });
    return `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SECRET, token))}`;
  }

  async function send(path: string, options: { cookie?: string; form?: Array<[string, string]>; ip?: string } = {}) {
    const headers: Record<string, string> = { origin: "http://localhost" };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await handler(
      new Request(`http://localhost${path}`, { method: options.form ? "POST" : "GET", headers, body: options.form ? new URLSearchParams(options.form).toString() : undefined }),
      context(options.ip),
    );
    const location = response.headers.get("location");
    return { status: response.status, to: location ? new URL(location, "http://localhost").pathname + new URL(location, "http://localhost").search : null, html: await response.text(), setCookie: response.headers.get("set-cookie") ?? "" };
  }

  const searchQuery = (extra: Record<string, string> = {}) => new URLSearchParams({ tripType: "oneWay", pickup: "AYT", dropoff: "Belek", date: day, time: "10:30", passengers: "2", lng: "de", ...extra }).toString();
  const guestForm = (name: string, email: string, more: Array<[string, string]> = []): Array<[string, string]> => [
    ["carId", carId],
    ["idempotencyKey", crypto.randomUUID()],
    ["fullName", name],
    ["email", email],
    ["phone", "+49 170 7654321"],
    ["flightNumber", "XQ 140"],
    ["consent", "on"],
    ...more,
  ];

  it("invites a hotel desk's user in the partner's language; the welcome page sets the password and /partner/login signs in to /partner", async () => {
    const made = await createStaff(db.kysely, { name: "Anna Schäfer", email: `anna-${engine}@strandhotel.example`, phone: "" }, { actor: { id: officeAdminId, label: "Ofis" }, mailer, baseUrl: "http://localhost", partnerId: hotel.id });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    hotelUserId = made.member.id;
    expect(made.member.role).toBe("partner");
    // not one of the office's staff: /admin/users neither lists nor changes the account
    expect((await listStaff(db.kysely)).some((m) => m.id === hotelUserId)).toBe(false);
    expect((await listStaff(db.kysely, new Date(), hotel.id)).map((m) => m.email)).toEqual([`anna-${engine}@strandhotel.example`]);
    const promoted = await updateStaff(db.kysely, hotelUserId, { role: "admin" }, { actor: { id: officeAdminId, label: "Ofis" }, mailer, baseUrl: "http://localhost" });
    expect(promoted).toMatchObject({ ok: false, status: 404 });

    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "partner-invite").where("related_id", "=", hotelUserId).executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/Partnerkonto|Partner/);
    const link = /http:\/\/localhost\/partner\/welcome\/([\w-]+)\?lng=de/.exec(mail.text_body ?? "")?.[1];
    expect(link, mail.text_body ?? "").toBeTruthy();

    const page = await send(`/partner/welcome/${link}?lng=de`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="confirmPassword"');
    const differ = await send(`/partner/welcome/${link}?lng=de`, { form: [["password", "Sonne-2026!"], ["confirmPassword", "Sonne-2027!"]] });
    expect(differ.status).toBe(400);
    const set = await send(`/partner/welcome/${link}?lng=de`, { form: [["password", "Sonne-2026!"], ["confirmPassword", "Sonne-2026!"]] });
    expect(set).toMatchObject({ status: 302, to: "/partner/login?welcome=1" });
    // the link is used: a second try is refused, nothing changed
    expect((await send(`/partner/welcome/${link}`, { form: [["password", "Anders-2026!"], ["confirmPassword", "Anders-2026!"]] })).status).toBe(410);

    const wrong = await send("/partner/login?lng=de", { form: [["email", `anna-${engine}@strandhotel.example`], ["password", "falsch-123"]], ip: "10.33.1.1" });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain(`value="anna-${engine}@strandhotel.example"`);
    const signed = await send("/partner/login?lng=de", { form: [["email", `anna-${engine}@strandhotel.example`], ["password", "Sonne-2026!"], ["redirectTo", "/partner/book"]], ip: "10.33.1.2" });
    expect(signed).toMatchObject({ status: 302, to: "/partner/book" });
    expect(signed.setCookie).toContain(SESSION_COOKIE);
  });

  it("books for a German guest on the site's results with the partner's net shown, paid on account, and lists it in the portal", async () => {
    const cookie = await cookieOf(hotelUserId);
    const results = await send(`/booking-results?${searchQuery()}`, { cookie });
    expect(results.status).toBe(200);
    expect(results.html).toContain('data-testid="portal-results"');
    expect(results.html).toContain("Strandhotel Belek");
    // who pays: above the contact form once a car is chosen, its radios the form's
    expect((await send(`/booking-results?${searchQuery()}&car=${carId}`, { cookie })).html).toContain('form="booking-contact"');
    // the visitor without a session sees no partner's figures
    const publicPage = await send(`/booking-results?${searchQuery()}`);
    expect(publicPage.html).not.toContain('data-testid="portal-results"');

    const booked = await send(`/booking-results?${searchQuery()}&car=${carId}`, { cookie, form: guestForm("Jürgen Weiß", `juergen-${engine}@example.de`, [["payer", "partner"]]), ip: "10.33.2.1" });
    expect(booked.status).toBe(302);
    const id = /^\/partner\/bookings\/([\w-]+)\?booked=1$/.exec(booked.to ?? "")?.[1];
    expect(id, booked.to ?? booked.html.slice(0, 300)).toBeTruthy();
    const booking = (await getBooking(db.kysely, id!))!;
    expect(booking).toMatchObject({ partner_id: hotel.id, channel: "partner", partner_pays: 1, locale: "de", full_name: "Jürgen Weiß" });
    expect(booking.partner_commission).toBe(Math.round(booking.total_price * 0.1));
    // paid on account: the guest is asked for nothing online
    expect(booking.pay_now).toBe(0);

    // the guest's confirmation in the guest's language, the partner's copy in the partner's (German here too)
    const copy = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "partner-copy").where("related_id", "=", id!).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ to_address: "rezeption@strandhotel.example", locale: "de" });
    expect(copy.subject).toBe(`Kopie: Buchung ${booking.reference} für Jürgen Weiß`);
    expect(copy.text_body).toContain("Ihr Nettopreis");
    expect(copy.text_body).toContain("Wir, über unsere Monatsabrechnung");
    // the guest's, in German: nothing to pay in the car, the hotel settles it
    const guestMail = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "booking-confirmation").where("related_id", "=", id!).executeTakeFirstOrThrow();
    expect(guestMail.to_address).toBe(`juergen-${engine}@example.de`);
    expect(guestMail.text_body).toContain("Nichts: Das Hotel oder die Agentur, die Ihren Transfer gebucht hat, begleicht ihn.");

    const list = await send("/partner?lng=de", { cookie });
    expect(list.status).toBe(200);
    expect(list.html).toContain(booking.reference);
    expect(list.html).toContain("Jürgen Weiß");
    const page = await send(`/partner/bookings/${id}?lng=de`, { cookie });
    expect(page.status).toBe(200);
    expect(page.html).toContain(booking.reference);
    // change and cancel on the booking's own page, under the guest's policy
    expect(page.html).toMatch(/href="\/my-booking\/[\w-]+\?lng=de"/);
  });

  it("lets the guest pay when the desk says so, and a link's visitor books at the partner's commission with the guest paying", async () => {
    const cookie = await cookieOf(hotelUserId);
    const guestPays = await send(`/booking-results?${searchQuery({ time: "12:30" })}&car=${carId}`, { cookie, form: guestForm("Greta Krüger", `greta-${engine}@example.de`, [["payer", "guest"]]), ip: "10.33.3.1" });
    const id = /\/partner\/bookings\/([\w-]+)/.exec(guestPays.to ?? "")?.[1];
    expect((await getBooking(db.kysely, id!))).toMatchObject({ partner_id: hotel.id, partner_pays: 0 });

    // the partner's link: an unknown code sets nothing, the hotel's code is kept in a cookie
    expect((await send("/?partner=NOSUCHCODE")).setCookie).not.toContain("ptn=");
    const landed = await send(`/?partner=${hotel.code.toLowerCase()}&lng=de`);
    const ptn = /ptn=[^;]+/.exec(landed.setCookie)?.[0];
    expect(ptn).toBeTruthy();
    const visitor = await send(`/booking-results?${searchQuery({ time: "15:30" })}&car=${carId}`, { cookie: ptn, form: guestForm("Lena Bäcker", `lena-${engine}@example.de`), ip: "10.33.3.2" });
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('id="booking-success-title"');
    const own = await db.kysely.selectFrom("bookings").select("id").where("email", "=", `lena-${engine}@example.de`).executeTakeFirstOrThrow();
    const linked = (await getBooking(db.kysely, own.id))!;
    expect(linked).toMatchObject({ partner_id: hotel.id, channel: "partner", partner_pays: 0 });
    expect(linked.partner_commission).toBe(Math.round(linked.total_price * 0.1));
  });

  it("never shows a partner's user another partner's or the office's bookings, keys or statements", async () => {
    const agencyCookie = await cookieOf(agencyUserId);
    const hotelCookie = await cookieOf(hotelUserId);
    const office = await createTestBooking({ db: db.kysely, mailer, env }, { carId, pickupAt: `${day}T18:00:00+03:00`, fullName: "Office Guest" });
    const hotelOwn = await db.kysely.selectFrom("bookings").select(["id", "reference"]).where("partner_id", "=", hotel.id).execute();
    expect(hotelOwn.length).toBeGreaterThan(0);

    const agencyList = await send("/partner", { cookie: agencyCookie });
    expect(agencyList.status).toBe(200);
    for (const b of hotelOwn) expect(agencyList.html).not.toContain(b.reference);
    expect(agencyList.html).not.toContain(office.reference);
    // by search too: a reference of another's is not found
    const searched = await send(`/partner?q=${hotelOwn[0]!.reference}`, { cookie: agencyCookie });
    expect(searched.html).not.toContain(`/partner/bookings/${hotelOwn[0]!.id}`);
    expect(searched.html).not.toContain("Jürgen Weiß");
    for (const id of [hotelOwn[0]!.id, office.id]) {
      const page = await send(`/partner/bookings/${id}`, { cookie: agencyCookie });
      expect(page.status).toBe(404);
      expect(page.html).not.toContain("Office Guest");
    }
    // the hotel's own list shows its bookings but not the office's
    expect((await send("/partner", { cookie: hotelCookie })).html).not.toContain(office.reference);

    // keys: another partner's key cannot be revoked from here; an own key is made once
    const hotelKey = await createPartnerApiKey(db.kysely, hotel.id, "Hotel PMS", { id: null, label: "Ofis" });
    const revoke = await send("/partner/integration", { cookie: agencyCookie, form: [["intent", "revokeKey"], ["id", hotelKey!.record.id]] });
    expect(revoke.status).toBe(404);
    const made = await send("/partner/integration", { cookie: agencyCookie, form: [["intent", "createKey"], ["name", "Buchungssystem"]] });
    expect(made.status).toBe(200);
    expect(made.html).toMatch(/vtp_[\w-]{20,}/);
    const agencyPage = await send("/partner/integration", { cookie: agencyCookie });
    expect(agencyPage.html).toContain("Buchungssystem");
    expect(agencyPage.html).not.toContain("Hotel PMS");
    // statements: the month's file is the user's own partner's, whatever the path says
    const month = day.slice(0, 7);
    const csv = await send(`/partner/statements/${month}.csv`, { cookie: agencyCookie });
    expect(csv.status).toBe(200);
    for (const b of hotelOwn) expect(csv.html).not.toContain(b.reference);
    const hotelCsv = await send(`/partner/statements/${month}.csv`, { cookie: hotelCookie });
    expect(hotelCsv.html).toContain(hotelOwn[0]!.reference);

    // the office's pages and API refuse a partner's user
    expect((await send("/admin/bookings", { cookie: agencyCookie })).to).toBe("/partner");
    const api = await handler(new Request(`http://localhost/api/bookings/${hotelOwn[0]!.id}`, { headers: { cookie: agencyCookie } }), context());
    expect(api.status).toBe(403);
  });

  it("the office invites, switches off and on a partner's users on the partner's page; a dispatcher only reads", async () => {
    const admin = await cookieOf(officeAdminId);
    const page = await send(`/admin/partners/${agency.id}/users`, { cookie: admin });
    expect(page.status).toBe(200);
    // the partner's link and its plain search form, for its own website
    expect(page.html).toContain(`?partner=${agency.code}`);
    expect(page.html).toContain("booking-results&quot; method=&quot;get&quot;");
    const refused = await send(`/admin/partners/${agency.id}/users`, { cookie: admin, form: [["intent", "invite"], ["name", "Ömer Şahin"], ["email", "not-an-email"]] });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('value="Ömer Şahin"');
    const invited = await send(`/admin/partners/${agency.id}/users`, { cookie: admin, form: [["intent", "invite"], ["name", "Ömer Şahin"], ["email", `omer-${engine}@sonne.example`]] });
    expect(invited).toMatchObject({ status: 302, to: `/admin/partners/${agency.id}/users?done=invite` });
    const member = (await listStaff(db.kysely, new Date(), agency.id)).find((m) => m.email === `omer-${engine}@sonne.example`)!;
    expect(member).toMatchObject({ role: "partner", invitePending: true });
    expect(await db.kysely.selectFrom("mail_outbox").select("locale").where("kind", "=", "partner-invite").where("related_id", "=", member.id).executeTakeFirst()).toEqual({ locale: "de" });
    // another partner's user cannot be switched off from this partner's page
    const elsewhere = await send(`/admin/partners/${hotel.id}/users`, { cookie: admin, form: [["intent", "deactivate"], ["id", member.id]] });
    expect(elsewhere.status).toBe(404);
    expect((await send(`/admin/partners/${agency.id}/users`, { cookie: admin, form: [["intent", "deactivate"], ["id", member.id]] })).status).toBe(302);
    expect((await listStaff(db.kysely, new Date(), agency.id)).find((m) => m.id === member.id)?.active).toBe(false);
    const dispatcher = await cookieOf((await createTestUser(db.kysely, { role: "dispatcher" })).id);
    expect((await send(`/admin/partners/${agency.id}/users`, { cookie: dispatcher })).status).toBe(200);
    expect((await send(`/admin/partners/${agency.id}/users`, { cookie: dispatcher, form: [["intent", "activate"], ["id", member.id]] })).status).toBe(403);
  });

  it("sends a switched-off partner's users back to the sign-in", async () => {
    const other = await createTestPartner(db.kysely, { name: "Geschlossen GmbH", active: false });
    const user = await createTestUser(db.kysely, { role: "partner", partnerId: other.id });
    const page = await send("/partner", { cookie: await cookieOf(user.id) });
    expect(page).toMatchObject({ status: 302, to: "/partner/login?inactive=1" });
  });
});
