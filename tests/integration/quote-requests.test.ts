/**
 * Quote requests (issue 29 part 4): a trip the site cannot price is sent to the office from
 * /quote-request (or POST /api/quote-requests), the office prices it on /admin/bookings/new?quote=
 * and sends an offer, and the guest accepts it from the link in the mail: it becomes a booking
 * through the booking module's front door, at the offered price, in the guest's language. A new
 * offer replaces the last one's link; a closed request or an expired offer cannot be accepted; the
 * guest's erasure scrubs their requests. Everything goes through React Router's handler with real
 * sessions, as the browser and the API send it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { signedSessionValue, SESSION_COOKIE } from "~/auth/session-cookie.server";
import { getOperations } from "~/admin/stats.server";
import { acceptOffer, eraseCustomer, getQuoteRequest } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { quoteTeller } from "~/notify/quote-mail.server";
import { buildCar, createTestBooking, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext, testMailer } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const SESSION_SECRET = "quote-requests-test-session-secret-0123456789";

describe.each(engines)("quote requests on %s", (engine) => {
  let db: TestDb;
  let van: string;
  const users: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = testMailer();
  const net = engine === "sqlite" ? 1 : 2;
  const context = (ip: string) => testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, OFFICE_EMAIL: "office@example.com" }, mailer, clientIp: ip });

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["dispatcher", "driver"] as const) users[role] = (await createTestUser(db.kysely, { role })).id;
    van = (await createCar(db.kysely, buildCar({ name: "Teklif Vito", seats: 12, luggage: 12 }))).id;
  });
  afterAll(() => db.destroy());

  async function cookieOf(role: "dispatcher" | "driver") {
    const { token } = await createSession(db.kysely, users[role]!, { remember: false });
    return `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
  }

  /** A browser's request: a page (GET) or a form post, as a visitor (no role) or staff. */
  async function browse(method: "GET" | "POST", path: string, options: { form?: Record<string, string | string[]>; role?: "dispatcher" | "driver"; ip?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.role) headers.cookie = await cookieOf(options.role);
    let body: string | undefined;
    if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      body = params.toString();
    }
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body }), context(options.ip ?? `10.30.${net}.1`));
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }

  async function api(method: "GET" | "POST", path: string, options: { body?: unknown; role?: "dispatcher" | "driver"; ip?: string } = {}) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.role) headers.authorization = `Bearer ${(await createSession(db.kysely, users[options.role]!, { remember: false })).token}`;
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }), context(options.ip ?? `10.30.${net}.2`));
    return { status: response.status, body: (await response.json()) as { success: boolean; data?: Record<string, unknown>; error?: { code?: string; fieldCodes?: Record<string, string[]>; conflicts?: unknown[] } } };
  }

  const mailsOf = (id: string) => db.kysely.selectFrom("mail_outbox").select(["kind", "subject", "to_address", "text_body", "locale"]).where("related_id", "=", id).orderBy("created_at").execute();
  const requestByReference = (reference: string) => db.kysely.selectFrom("quote_requests").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  const offerToken = (text: string) => /\/offer\/([\w-]+)\?lng=/.exec(text)?.[1] ?? null;

  /** The German visitor's group: 14 people from the airport to a place the site does not know. */
  const germanGroup = (over: Record<string, string | string[]> = {}) => ({
    tripType: "oneWay",
    pickup: "Flughafen Antalya",
    dropoff: "Ferienhaus Müller, Kaş-Çukurbağ",
    date: tripDay(25),
    time: "09:30",
    passengers: "14",
    luggage: "16",
    fullName: "Jürgen Weiß",
    email: "juergen@example.com",
    phone: "+49 151 2345 6789",
    message: "Zwei Kindersitze bitte.",
    reasons: ["passengers", "place"],
    ...over,
  });

  /** The office's offer on the form: the trip corrected to places the site knows, the van, the agreed price. */
  const offerForm = (quoteId: string, over: Record<string, string> = {}) => ({
    intent: "offer",
    quote_request: quoteId,
    trip_type: "oneWay",
    pickup_location: "Antalya Havalimanı",
    dropoff_location: "Kemer",
    dropoff_address: "Ferienhaus Müller, Kaş-Çukurbağ",
    pickup_day: tripDay(25),
    pickup_time: "09:30",
    flight_number: "XQ 141",
    car_id: van,
    passengers: "12",
    luggage: "12",
    full_name: "Jürgen Weiß",
    phone: "+49 151 2345 6789",
    email: "juergen@example.com",
    language: "de",
    price_override: "9.500",
    override_reason: "Kaş, Gruppe: zweiter Wagen über Partner",
    note: "Für die zwei weiteren Gäste schicken wir einen zweiten Wagen mit.",
    confirm: "on",
    notify_guest: "on",
    ...over,
  });

  it("takes a German visitor's request, keeps what was typed on a mistake, and tells the guest and the office", async () => {
    // a mistake: the e-mail; everything typed comes back with the problem in German
    const wrong = await browse("POST", "/quote-request?lng=de", { form: germanGroup({ email: "juergen@" }) });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    expect(wrong.text).toContain("Ferienhaus Müller, Kaş-Çukurbağ");
    const sent = await browse("POST", "/quote-request?lng=de", { form: germanGroup() });
    expect(sent.status).toBe(200);
    const reference = /TQ-[2-9A-HJ-NP-Z]{6}/.exec(sent.text)?.[0];
    expect(reference, "the page names the request's reference").toBeTruthy();
    const row = await requestByReference(reference!);
    expect([row.status, row.language, row.passengers, row.dropoff, JSON.parse(row.reasons)]).toEqual(["open", "de", 14, "Ferienhaus Müller, Kaş-Çukurbağ", ["passengers", "place"]]);
    const mails = await mailsOf(row.id);
    expect(mails.map((m) => m.kind).sort()).toEqual(["office-quote-request", "quote-received"]);
    const guest = mails.find((m) => m.kind === "quote-received")!;
    expect([guest.to_address, guest.locale]).toEqual(["juergen@example.com", "de"]);
    expect(guest.subject).toContain(`Ihre Angebotsanfrage ${reference}`);
    expect(guest.text_body).toContain("Zwei Kindersitze bitte.");
    const office = mails.find((m) => m.kind === "office-quote-request")!;
    expect(office.to_address).toBe("office@example.com");
    const notice = await db.kysely.selectFrom("notifications").select(["kind", "link"]).where("related_id", "=", row.id).executeTakeFirstOrThrow();
    expect(notice).toEqual({ kind: "quote", link: `/admin/quote-requests/${row.id}` });
    // the dashboard counts it among the open requests
    expect((await getOperations(db.kysely)).openQuotes).toBeGreaterThanOrEqual(1);
  });

  it("offers it from the office's form and the guest accepts it from the link: a confirmed booking at the offered price", async () => {
    const asked = await api("POST", "/api/quote-requests?lng=de", { body: { ...germanGroup(), passengers: 14, luggage: 16 } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data!.id as string;
    // staff list it; a driver may not
    const listed = await api("GET", "/api/quote-requests?status=open", { role: "dispatcher" });
    expect((listed.body.data as unknown as Array<{ id: string }>).some((r) => r.id === id)).toBe(true);
    expect((await api("GET", "/api/quote-requests", { role: "driver" })).status).toBe(403);

    // the form comes filled from the request
    const form = await browse("GET", `/admin/bookings/new?quote=${id}`, { role: "dispatcher" });
    expect(form.status).toBe(200);
    expect(form.text).toContain("Ferienhaus Müller, Kaş-Çukurbağ");
    expect(form.text).toContain("Teklifi gönder");

    const offered = await browse("POST", `/admin/bookings/new?quote=${id}`, { role: "dispatcher", form: offerForm(id) });
    expect([offered.status, offered.location]).toEqual([302, `/admin/quote-requests/${id}?offered=1`]);
    const row = (await getQuoteRequest(db.kysely, id))!;
    expect([row.request.status, row.request.offer_total, row.offer?.shown.car]).toEqual(["offered", 950_000, "Teklif Vito"]);
    const offerMail = (await mailsOf(id)).find((m) => m.kind === "quote-offer")!;
    expect(offerMail.locale).toBe("de");
    expect(offerMail.subject).toContain("Ihr Angebot");
    expect(offerMail.text_body).toContain("9.500,00");
    expect(offerMail.text_body).toContain("Für die zwei weiteren Gäste");
    const token = offerToken(offerMail.text_body)!;
    expect(token).toBeTruthy();
    expect((await db.kysely.selectFrom("audit_log").select("action").where("entity_id", "=", id).execute()).map((a) => a.action)).toEqual(["quote.offer"]);

    // the guest's page, in German, with the price; accepting makes the booking
    const page = await browse("GET", `/offer/${token}?lng=de`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Annehmen und buchen");
    expect(page.text).toContain("9.500,00");
    const accepted = await browse("POST", `/offer/${token}?lng=de`, { ip: "10.30.9.9" });
    expect([accepted.status, accepted.location]).toEqual([302, `/offer/${token}?lng=de`]);
    const after = (await getQuoteRequest(db.kysely, id))!;
    expect(after.request.status).toBe("accepted");
    const booking = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", after.request.booking_id!).executeTakeFirstOrThrow();
    expect([booking.status, booking.channel, booking.total_price, booking.locale, booking.car_id, booking.passengers]).toEqual(["confirmed", "site", 950_000, "de", van, 12]);
    expect(JSON.parse(booking.price_lines!).at(-1)).toMatchObject({ kind: "office" });
    // one confirmation to the guest, in German; the office's bell says it was accepted
    const bookingMails = await mailsOf(booking.id);
    expect(bookingMails.map((m) => [m.kind, m.locale])).toEqual([["booking-confirmation", "de"]]);
    expect((await db.kysely.selectFrom("notifications").select("kind").where("related_id", "=", booking.id).execute()).map((n) => n.kind).sort()).toEqual(["booking", "quote"]);
    // the page now shows the booking; accepting again makes no second one
    const shown = await browse("GET", `/offer/${token}?lng=de`);
    expect(shown.text).toContain(`Gebucht: ${booking.reference}`);
    await browse("POST", `/offer/${token}?lng=de`);
    expect((await db.kysely.selectFrom("bookings").select("id").where("email", "=", "juergen@example.com").execute()).length).toBe(1);
    // the request cannot be offered again
    const again = await browse("POST", `/admin/bookings/new?quote=${id}`, { role: "dispatcher", form: offerForm(id, { pickup_day: tripDay(26) }) });
    expect(again.status).toBe(200);
    expect(again.text).toContain("Bu istek artık açık değil");
  });

  it("replaces the link with a new offer, refuses a taken car without a reason, and a closed or expired offer cannot be accepted", async () => {
    const asked = await api("POST", "/api/quote-requests", { body: { ...germanGroup(), passengers: 3, luggage: 2, email: "ivan@example.com", fullName: "Иван Петров", phone: "+7 912 345 67 89", language: "ru", reasons: ["tooSoon", "bogus"] } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data!.id as string;
    expect(JSON.parse((await getQuoteRequest(db.kysely, id))!.request.reasons)).toEqual(["tooSoon"]);
    // the van is booked that morning: the API refuses the offer unless the office says why
    await createTestBooking({ db: db.kysely }, { carId: van, pickupAt: new Date(`${tripDay(27)}T09:00:00+03:00`).toISOString() });
    const body = { trip_type: "oneWay", pickup_location: "Antalya Havalimanı (AYT)", pickup_place_id: "ayt-airport", dropoff_location: "Belek", pickup_date: `${tripDay(27)}T09:30:00+03:00`, passengers: 3, car_id: van, full_name: "Иван Петров", email: "ivan@example.com", phone: "+7 912 345 67 89", flight_number: "SU 2136" };
    const taken = await api("POST", `/api/quote-requests/${id}/offer`, { role: "dispatcher", body });
    expect([taken.status, taken.body.error?.code]).toEqual([409, "car_unavailable"]);
    const first = await api("POST", `/api/quote-requests/${id}/offer`, { role: "dispatcher", body: { ...body, pickup_date: `${tripDay(28)}T09:30:00+03:00` } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data?.status).toBe("offered");
    const firstToken = offerToken((await mailsOf(id)).find((m) => m.kind === "quote-offer")!.text_body)!;
    // a second offer, in Russian as asked: the first link no longer opens
    const second = await api("POST", `/api/quote-requests/${id}/offer`, { role: "dispatcher", body: { ...body, pickup_date: `${tripDay(29)}T09:30:00+03:00`, note: "Новое время" } });
    expect(second.status).toBe(200);
    const offers = (await mailsOf(id)).filter((m) => m.kind === "quote-offer");
    expect(offers.map((m) => m.locale)).toEqual(["ru", "ru"]);
    const secondToken = offerToken(offers[1]!.text_body)!;
    expect((await browse("GET", `/offer/${firstToken}`)).status).toBe(404);
    expect((await browse("GET", `/offer/${secondToken}?lng=ru`)).text).toContain("Принять и забронировать");
    // an offer past its time cannot be accepted (three days, or the pickup if sooner)
    const deps = { ...bookingDeps(context(`10.30.${net}.3`)), tell: quoteTeller(bookingDeps(context(`10.30.${net}.3`))) };
    expect(await acceptOffer(deps, secondToken, { now: new Date(Date.now() + 4 * 86_400_000) })).toEqual({ ok: false, reason: "expired" });
    // the van taken meanwhile: accepting is refused, said in Russian, and the offer stands for the office to change
    await createTestBooking({ db: db.kysely }, { carId: van, pickupAt: new Date(`${tripDay(29)}T09:00:00+03:00`).toISOString() });
    const unbookable = await browse("POST", `/offer/${secondToken}?lng=ru`);
    expect(unbookable.status).toBe(409);
    expect(unbookable.text).toContain("больше нельзя забронировать");
    expect((await getQuoteRequest(db.kysely, id))!.request.status).toBe("offered");
    // a driver may not answer requests
    const byDriver = await browse("POST", `/admin/quote-requests/${id}`, { role: "driver", form: { intent: "close" } });
    expect(byDriver.location ?? "").not.toContain("closed=1");
    expect((await getQuoteRequest(db.kysely, id))!.request.status).toBe("offered");
    // closed with a word to the guest: the link says so and accepting is refused
    const closed = await browse("POST", `/admin/quote-requests/${id}`, { role: "dispatcher", form: { intent: "close", close_reason: "Misafir vazgeçti", notify_guest: "on" } });
    expect([closed.status, closed.location]).toEqual([302, `/admin/quote-requests/${id}?closed=1`]);
    expect((await mailsOf(id)).filter((m) => m.kind === "quote-closed").map((m) => m.locale)).toEqual(["ru"]);
    expect((await browse("GET", `/offer/${secondToken}?lng=ru`)).text).toContain("Предложение отозвано");
    const refused = await browse("POST", `/offer/${secondToken}?lng=ru`);
    expect(refused.status).toBe(409);
    expect((await getQuoteRequest(db.kysely, id))!.request.booking_id).toBeNull();
  });

  it("refuses bad input with codes and limits an address's requests", async () => {
    const bad = await api("POST", "/api/quote-requests", { body: { tripType: "roundTrip", pickup: "", date: "2020-01-01", time: "25:00", passengers: 0, fullName: "J", email: "x", phone: "12" } });
    expect(bad.status).toBe(400);
    const codes = bad.body.error?.fieldCodes ?? {};
    expect(codes.pickup).toEqual(["quote:errors.required"]);
    expect(codes.time).toEqual(["quote:errors.time"]);
    expect(codes.passengers).toEqual(["quote:errors.passengers"]);
    expect(codes.email).toEqual(["quote:errors.email"]);
    expect(codes.phone).toEqual(["quote:errors.phone"]);
    const ip = `10.30.${net}.77`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await api("POST", "/api/quote-requests", { ip, body: { ...germanGroup(), passengers: 2, luggage: 1 } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("scrubs a guest's requests and their mails when the guest is erased", async () => {
    const asked = await api("POST", "/api/quote-requests", { body: { ...germanGroup(), passengers: 2, luggage: 1, email: "erase.me@example.com", phone: "0532 765 43 21", fullName: "Silinecek Misafir" } });
    const id = asked.body.data!.id as string;
    // the guest the office knows by that phone (from an earlier booking) is matched
    const earlier = await createTestBooking({ db: db.kysely }, { carId: van, phone: "+90 532 765 43 21", email: "erase.me@example.com", fullName: "Silinecek Misafir" });
    const again = await api("POST", "/api/quote-requests", { body: { ...germanGroup(), passengers: 2, luggage: 1, email: "erase.me@example.com", phone: "0532 765 43 21", fullName: "Silinecek Misafir" } });
    const linked = (await getQuoteRequest(db.kysely, again.body.data!.id as string))!.request;
    expect(linked.customer_id).toBe(earlier.customer_id);
    const done = await eraseCustomer(db.kysely, earlier.customer_id!, { id: null, label: "test" });
    expect(done.ok).toBe(true);
    // both requests: the one matched to the guest, and the one sent before the office knew them
    for (const requestId of [linked.id, id]) {
      const scrubbed = (await getQuoteRequest(db.kysely, requestId))!.request;
      expect([scrubbed.full_name, scrubbed.email, scrubbed.phone, scrubbed.message]).toEqual(["—", "", "", ""]);
      expect(await mailsOf(requestId)).toEqual([]);
    }
  });
});
