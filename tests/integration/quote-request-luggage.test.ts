/**
 * A quote request keeps the special luggage (issue 32): the results page's "request a quote" link
 * carries the kinds the visitor chose, the form comes filled with them and sends them, the record
 * keeps them, the office reads them on the request and in its mail (the guest in theirs), and the
 * offer made from the request, and so the booking the guest accepts, carries them. Bad counts are
 * refused with the form's codes and the typed value kept. Through React Router's handler, as the
 * browser and the API send it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { signedSessionValue, SESSION_COOKIE } from "~/auth/session-cookie.server";
import { getQuoteRequest } from "~/booking/index.server";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { createCar } from "~/fleet/cars.server";
import { quoteRequestHref } from "~/routes/site/booking/quote-request-link";
import { buildCar, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext, testMailer } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const SESSION_SECRET = "quote-luggage-test-session-secret-0123456789";

describe("the results page's quote-request link", () => {
  it("carries the special luggage the visitor chose, by kind", () => {
    const href = quoteRequestHref({ tripType: "oneWay", pickup: "AYT", dropoff: "Kaş", date: "2030-07-01", time: "10:00", passengers: "14", prams: "1", golfBags: "2", skis: "", currency: "EUR" }, ["passengers"]);
    const params = new URL(href, "http://localhost").searchParams;
    expect([params.get("prams"), params.get("golfBags"), params.has("skis"), params.has("currency"), params.get("reason")]).toEqual(["1", "2", false, false, "passengers"]);
  });
});

describe.each(engines)("a quote request's special luggage on %s", (engine) => {
  let db: TestDb;
  let van: string;
  let dispatcher: string;
  const handler = appRequestHandler();
  const mailer = testMailer();
  const net = engine === "sqlite" ? 1 : 2;
  let ip = 0;
  const context = () => testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, OFFICE_EMAIL: "office@example.com" }, mailer, clientIp: `10.33.${net}.${++ip}` });

  beforeAll(async () => {
    db = await testDb(engine);
    dispatcher = (await createTestUser(db.kysely, { role: "dispatcher" })).id;
    van = (await createCar(db.kysely, buildCar({ name: "Golf Sprinter", seats: 16, luggage: 20 }))).id;
  });
  afterAll(() => db.destroy());

  async function browse(method: "GET" | "POST", path: string, options: { form?: Record<string, string | string[]>; staff?: boolean } = {}) {
    const headers: Record<string, string> = {};
    if (options.staff) {
      const { token } = await createSession(db.kysely, dispatcher, { remember: false });
      headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
    }
    let body: string | undefined;
    if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      body = params.toString();
    }
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body }), context());
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }

  async function api(method: "GET" | "POST", path: string, options: { body?: unknown; staff?: boolean } = {}) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.staff) headers.authorization = `Bearer ${(await createSession(db.kysely, dispatcher, { remember: false })).token}`;
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }), context());
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> | Array<Record<string, unknown>>; error?: { code?: string; fieldCodes?: Record<string, string[]> } } };
  }

  const mailsOf = (id: string) => db.kysely.selectFrom("mail_outbox").select(["kind", "text_body"]).where("related_id", "=", id).execute();
  /** An input's value as the page renders it ("" when it has none). */
  const valueOf = (html: string, name: string) => {
    const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
    return input === undefined ? undefined : (/value="([^"]*)"/.exec(input)?.[1] ?? "");
  };

  /** A German golf group of 14 the site could not price, with their golf bags and a pram. */
  const golfers = (over: Record<string, string | string[]> = {}) => ({
    tripType: "oneWay",
    pickup: "Flughafen Antalya",
    dropoff: "Belek",
    date: tripDay(40),
    time: "11:00",
    passengers: "14",
    luggage: "10",
    prams: "1",
    golfBags: "6",
    fullName: "Greta Golf",
    email: "greta@example.com",
    phone: "+49 151 2345 6789",
    reasons: ["passengers"],
    ...over,
  });

  it("fills the form from the link, keeps a bad count as typed, and records the kinds; the office and the guest read them", async () => {
    const form = await browse("GET", `/quote-request?lng=de&tripType=oneWay&pickup=AYT&dropoff=Belek&passengers=14&prams=1&golfBags=6&reason=passengers`);
    expect(form.status).toBe(200);
    expect(form.text).toContain("Sondergepäck");
    expect([valueOf(form.text, "prams"), valueOf(form.text, "golfBags"), valueOf(form.text, "skis")]).toEqual(["1", "6", ""]);

    const wrong = await browse("POST", "/quote-request?lng=de", { form: golfers({ golfBags: "9" }) });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Bitte wählen Sie zwischen 0 und 6.");
    expect(valueOf(wrong.text, "golfBags")).toBe("9");
    expect(valueOf(wrong.text, "prams")).toBe("1");

    const sent = await browse("POST", "/quote-request?lng=de", { form: golfers() });
    expect(sent.status).toBe(200);
    const reference = /TQ-[2-9A-HJ-NP-Z]{6}/.exec(sent.text)![0];
    const row = await db.kysely.selectFrom("quote_requests").select(["id", "luggage_items"]).where("reference", "=", reference).executeTakeFirstOrThrow();
    expect(storedLuggageItems(row.luggage_items)).toEqual({ prams: 1, golfBags: 6 });

    const mails = await mailsOf(row.id);
    expect(mails.find((m) => m.kind === "quote-received")!.text_body).toContain("1 Kinderwagen, 6 Golftaschen");
    expect(mails.find((m) => m.kind === "office-quote-request")!.text_body).toContain("1 bebek arabası, 6 golf çantası");
    const page = await browse("GET", `/admin/quote-requests/${row.id}`, { staff: true });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Özel bagaj");
    expect(page.text).toContain("1 bebek arabası, 6 golf çantası");
  });

  it("takes the kinds through POST /api/quote-requests with codes, and lists them to staff", async () => {
    const bad = await api("POST", "/api/quote-requests", { body: { ...golfers(), passengers: 14, prams: 7, skis: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fieldCodes).toEqual({ prams: ["quote:errors.luggageItem"], skis: ["quote:errors.luggageItem"] });
    const asked = await api("POST", "/api/quote-requests", { body: { ...golfers({ email: "api@example.com" }), passengers: 14, prams: 0, bicycles: 2 } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = (asked.body.data as Record<string, unknown>).id;
    const listed = await api("GET", "/api/quote-requests?status=open", { staff: true });
    expect((listed.body.data as Array<Record<string, unknown>>).find((r) => r.id === id)).toMatchObject({ luggage_items: { bicycles: 2 } });
    const none = await api("POST", "/api/quote-requests", { body: { ...golfers({ email: "none@example.com" }), passengers: 14, prams: undefined, golfBags: undefined } });
    expect(none.status).toBe(201);
    const plain = (await api("GET", "/api/quote-requests?status=open", { staff: true })).body.data as Array<Record<string, unknown>>;
    expect(plain.find((r) => r.id === (none.body.data as Record<string, unknown>).id)).toMatchObject({ luggage_items: null });
  });

  it("keeps them when the office makes the offer and the guest accepts it: the booking carries them", async () => {
    const asked = await api("POST", "/api/quote-requests?lng=de", { body: { ...golfers({ email: "offer@example.com" }), passengers: 14, luggage: 10, prams: 1, golfBags: 6 } });
    const id = (asked.body.data as Record<string, unknown>).id as string;
    const form = await browse("GET", `/admin/bookings/new?quote=${id}`, { staff: true });
    expect([valueOf(form.text, "prams"), valueOf(form.text, "golfBags"), valueOf(form.text, "wheelchairs")]).toEqual(["1", "6", ""]);
    const offered = await browse("POST", `/admin/bookings/new?quote=${id}`, {
      staff: true,
      form: {
        intent: "offer",
        quote_request: id,
        trip_type: "oneWay",
        pickup_location: "Antalya Havalimanı",
        dropoff_location: "Belek",
        pickup_day: tripDay(40),
        pickup_time: "11:00",
        flight_number: "LH 1234",
        car_id: van,
        passengers: "14",
        luggage: "4",
        prams: valueOf(form.text, "prams")!,
        golfBags: valueOf(form.text, "golfBags")!,
        full_name: "Greta Golf",
        phone: "+49 151 2345 6789",
        email: "offer@example.com",
        language: "de",
        note: "",
        confirm: "on",
        notify_guest: "on",
      },
    });
    expect([offered.status, offered.location], offered.text.slice(0, 500)).toEqual([302, `/admin/quote-requests/${id}?offered=1`]);
    const detail = (await getQuoteRequest(db.kysely, id))!;
    expect(detail.offer?.request.luggageItems).toEqual({ prams: 1, golfBags: 6 });
    const token = /\/offer\/([\w-]+)\?lng=/.exec((await mailsOf(id)).find((m) => m.kind === "quote-offer")!.text_body)![1]!;
    const accepted = await browse("POST", `/offer/${token}?lng=de`);
    expect(accepted.status).toBe(302);
    const after = (await getQuoteRequest(db.kysely, id))!;
    const booking = await db.kysely.selectFrom("bookings").select(["luggage", "luggage_items"]).where("id", "=", after.request.booking_id!).executeTakeFirstOrThrow();
    expect({ luggage: booking.luggage, items: storedLuggageItems(booking.luggage_items) }).toEqual({ luggage: 4, items: { prams: 1, golfBags: 6 } });
  });
});
