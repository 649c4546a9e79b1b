/**
 * A partner's net-rate rule (issue 33): the office puts a partner on its own fares (per public
 * route fare and car category) and car rates (per km), through the rates page or
 * PUT /api/partners/{id}/net-rates (validated, audited, admins only); a booking the partner makes
 * with its key (POST /api/bookings, the production path) costs the guest the public price and
 * earns the partner the public price less its net price, kept on the booking when it is made.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditLog } from "~/audit/audit-log.server";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { getBooking } from "~/booking/index.server";
import type { PriceLine } from "~/booking/rules/pricing";
import { createCar } from "~/fleet/cars.server";
import { partnerByCode } from "~/partners/partners.server";
import { readRouteFares } from "~/pricing/pricing.server";
import * as keysRoute from "~/routes/api/partners.$id.api-keys";
import * as netRatesRoute from "~/routes/api/partners.$id.net-rates";
import * as partnerRoute from "~/routes/api/partners.$id";
import { buildCar, createTestPartner, createTestUser } from "../../db/seed/factories";
import { SEED_FLEET } from "../../db/seed/fleet";
import { seedPricing } from "../../db/seed/pricing";
import { callRoute, type ApiAnswer } from "../setup/api-call";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

type NetRatesBody = { partner_id: string; rate_rule: string; fares: Array<{ route_fare_id: string; category: string; net_fare: number }>; categories: Array<{ category: string; per_km: number | null; per_hour: number | null }> };
type Booked = { id: string; channel: string; total_price: number; price_lines: Array<{ kind: string; amount: number; km?: number }>; partner: { id: string; code: string; commission: number; net_price: number } };

const SESSION_SECRET = "net-rates-test-session-secret-0123456789ab";

describe.each(engines)("a partner's net rates on %s", (engine) => {
  let db: TestDb;
  const tokens: Record<"admin" | "dispatcher", string> = { admin: "", dispatcher: "" };
  const userIds: Record<string, string> = {};
  let aytBelek = "";
  let sedan = "";

  const call = <T = NetRatesBody>(handler: (args: never) => unknown, method: string, path: string, options: { body?: unknown; as?: keyof typeof tokens; params?: Record<string, string> } = {}) =>
    callRoute<T>(handler, testAppContext(db), method, path, { ...options, token: tokens[options.as ?? "admin"] });

  /** The back office's page, as a signed-in browser without JavaScript sends it. */
  const page = async (role: "admin" | "dispatcher", method: string, path: string, form?: Record<string, string>) => {
    const { token } = await createSession(db.kysely, userIds[role]!, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET } });
    const response = await appRequestHandler()(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  };

  /** POST /api/bookings with the partner's key, through React Router's handler (the production path). */
  const book = async (key: string, body: Record<string, unknown>) => {
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com" }, clientIp: "10.33.0.9" });
    const response = await appRequestHandler()(
      new Request("http://localhost/api/bookings", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) }),
      context,
    );
    return { status: response.status, body: (await response.json()) as ApiAnswer<Booked>["body"] };
  };
  const guest = { passengers: 2, full_name: "Hans Müller", email: "hans@example.com", phone: "+49 151 2345678" };
  const airportToBelek = (day: number) => ({ ...guest, pickup_location: "Antalya Havalimanı (AYT)", pickup_place_id: "ayt-airport", dropoff_location: "Belek", pickup_date: `${tripDay(day)}T11:00:00+03:00`, flight_number: "XQ 562", car_id: sedan });
  const kemerToSide = (day: number) => ({ ...guest, pickup_location: "Kemer", dropoff_location: "Side", pickup_date: `${tripDay(day)}T11:00:00+03:00`, car_id: sedan });

  const netPartner = async (code: string) => {
    const partner = await createTestPartner(db.kysely, { code: `${code}-${engine.toUpperCase()}`, kind: "agency", commissionPercent: 10, rateRule: "net" });
    const key = (await call<{ key: string }>(keysRoute.action, "POST", `/api/partners/${partner.id}/api-keys`, { params: { id: partner.id }, body: { name: "Engine" } })).body.data!.key;
    return { partner, key };
  };

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["admin", "dispatcher"] as const) {
      const user = await createTestUser(db.kysely, { role, name: `The ${role}` });
      userIds[role] = user.id;
      tokens[role] = (await createSession(db.kysely, user.id, { remember: false })).token;
    }
    // the demo's zones and airport fares, through the office's write path
    await seedPricing(db.kysely);
    const fares = await readRouteFares(db.kysely);
    aytBelek = fares.find((f) => f.from.kind === "place" && f.from.placeId === "ayt-airport" && f.prices.Sedan === 200_000)!.id;
    const e220 = SEED_FLEET.find((c) => c.name === "Mercedes-Benz E 220 d")!;
    sedan = (await createCar(db.kysely, buildCar({ name: `Net E 220 ${engine}` }, e220))).id;
  });
  afterAll(() => db.destroy());

  it("a net-rule partner's booking on a route with its own fare earns public − net; without a route fare, its km rate prices the net", async () => {
    const { partner, key } = await netPartner("NETAG");
    const put = await call(netRatesRoute.action, "PUT", `/api/partners/${partner.id}/net-rates`, {
      params: { id: partner.id },
      body: { fares: [{ route_fare_id: aytBelek, category: "sedan", net_fare: 1600 }], categories: [{ category: "Sedan", per_km: 18.5, per_hour: null }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual({ partner_id: partner.id, rate_rule: "net", fares: [{ route_fare_id: aytBelek, category: "Sedan", net_fare: 1600 }], categories: [{ category: "Sedan", per_km: 18.5, per_hour: null }] });

    const onRoute = await book(key, airportToBelek(30));
    expect(onRoute.status, JSON.stringify(onRoute.body)).toBe(201);
    // the guest pays the public fare (₺2,000); the partner's price is its own ₺1,600
    expect(onRoute.body.data).toMatchObject({ channel: "partner", total_price: 2000, partner: { id: partner.id, commission: 400, net_price: 1600 } });
    expect((await getBooking(db.kysely, onRoute.body.data!.id))?.partner_commission).toBe(40_000);

    const offRoute = await book(key, kemerToSide(31));
    expect(offRoute.status, JSON.stringify(offRoute.body)).toBe(201);
    const b = offRoute.body.data!;
    const distance = b.price_lines.find((l) => l.kind === "distance")!;
    expect(b.price_lines.some((l) => l.kind === "fixed")).toBe(false);
    // the public price is km × the car's ₺30; the net km × the partner's ₺18.50
    const stored = (await getBooking(db.kysely, b.id))!;
    const km = (JSON.parse(stored.price_lines) as PriceLine[]).find((l) => l.kind === "distance") as Extract<PriceLine, { kind: "distance" }>;
    expect(distance.amount).toBe(Math.round(km.km * 3000) / 100);
    const net = Math.round(km.km * 1850);
    expect(net).toBeGreaterThan(70_000);
    expect(stored.partner_commission).toBe(stored.total_price - net);
    expect(b.partner.net_price).toBe(net / 100);
  });

  it("switching the rule later does not rewrite past bookings; the next one is priced by the new rule", async () => {
    const { partner, key } = await netPartner("SWITCH");
    await call(netRatesRoute.action, "PUT", `/api/partners/${partner.id}/net-rates`, { params: { id: partner.id }, body: { fares: [{ route_fare_id: aytBelek, category: "Sedan", net_fare: 1500 }] } });
    const before = (await book(key, airportToBelek(40))).body.data!;
    expect(before.partner.commission).toBe(500);

    const patched = await call<{ rate_rule: string; commission_percent: number }>(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { params: { id: partner.id }, body: { rate_rule: "commission" } });
    expect(patched.body.data).toMatchObject({ rate_rule: "commission", commission_percent: 10 });
    const after = (await book(key, airportToBelek(41))).body.data!;
    expect(after.partner).toMatchObject({ commission: 200, net_price: 1800 });
    expect((await getBooking(db.kysely, before.id))?.partner_commission).toBe(50_000);

    // and back to the net rule with a fare above the public one: it earns nothing, never less
    await call(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { params: { id: partner.id }, body: { rate_rule: "net" } });
    await call(netRatesRoute.action, "PUT", `/api/partners/${partner.id}/net-rates`, { params: { id: partner.id }, body: { fares: [{ route_fare_id: aytBelek, category: "Sedan", net_fare: 2400 }] } });
    expect((await book(key, airportToBelek(42))).body.data!.partner).toMatchObject({ commission: 0, net_price: 2000 });
    expect((await getBooking(db.kysely, after.id))?.partner_commission).toBe(20_000);
    const bad = await call<{ rate_rule: string }>(partnerRoute.action, "PATCH", `/api/partners/${partner.id}`, { params: { id: partner.id }, body: { rate_rule: "cheap" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fieldCodes).toEqual({ rate_rule: ["admin:partners.messages.rateRuleInvalid"] });
  });

  it("the API refuses negative amounts, garbage, unknown routes and categories by field, 404s an unknown partner, and lets only admins write", async () => {
    const { partner } = await netPartner("VALID");
    const params = { id: partner.id };
    const refused = await call(netRatesRoute.action, "PUT", `/api/partners/${partner.id}/net-rates`, {
      params,
      body: {
        fares: [
          { route_fare_id: aytBelek, category: "Sedan", net_fare: -5 },
          { route_fare_id: aytBelek, category: "VIP", net_fare: "1.250" },
          { route_fare_id: "00000000-0000-4000-8000-000000000000", category: "Sedan", net_fare: 10 },
          { route_fare_id: aytBelek, category: "Bus", net_fare: 10 },
        ],
        categories: [{ category: "Sedan", per_km: 12.345, per_hour: 2_000_000 }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fieldCodes).toEqual({
      "fares[0].net_fare": ["admin:partners.netRates.errors.amountNegative"],
      "fares[1].net_fare": ["admin:partners.netRates.errors.amountInvalid"],
      "fares[2].net_fare": ["admin:partners.netRates.errors.unknownRoute"],
      "fares[3].net_fare": ["admin:partners.netRates.errors.unknownCategory"],
      "categories[0].per_km": ["admin:partners.netRates.errors.amountInvalid"],
      "categories[0].per_hour": ["admin:partners.netRates.errors.amountTooLarge"],
    });
    expect((await call(netRatesRoute.action, "PUT", `/api/partners/${partner.id}/net-rates`, { params, body: { fares: "all" } })).body.error?.fieldCodes).toEqual({ fares: ["admin:partners.netRates.errors.bodyInvalid"] });
    // nothing was written
    expect((await call(netRatesRoute.loader, "GET", `/api/partners/${partner.id}/net-rates`, { params })).body.data).toMatchObject({ fares: [], categories: [] });

    const unknown = "00000000-0000-4000-8000-00000000abcd";
    expect((await call(netRatesRoute.loader, "GET", `/api/partners/${unknown}/net-rates`, { params: { id: unknown } })).status).toBe(404);
    expect((await call(netRatesRoute.action, "PUT", `/api/partners/${unknown}/net-rates`, { params: { id: unknown }, body: {} })).status).toBe(404);
    // the dispatcher reads them, may not change them
    expect((await call(netRatesRoute.loader, "GET", `/api/partners/${partner.id}/net-rates`, { params, as: "dispatcher" })).status).toBe(200);
    expect((await call(netRatesRoute.action, "PUT", `/api/partners/${partner.id}/net-rates`, { params, as: "dispatcher", body: {} })).status).toBe(403);
  });

  it("the rates page: typed the Turkish way, one post, problems in Turkish with everything typed kept, audited; the partner form says a fare above the public one earns nothing; a dispatcher cannot write", async () => {
    const partner = await createTestPartner(db.kysely, { code: `PAGE-${engine.toUpperCase()}`, kind: "hotel", commissionPercent: 8 });
    const path = `/admin/partners/${partner.id}/rates`;
    const fare = `fare:${aytBelek}:sedan`;
    const shown = await page("admin", "GET", path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Net tarifeler");
    expect(shown.text).toContain("Bu partner komisyon kuralında");
    expect(shown.text).toContain(`name="${fare}"`);

    const refused = await page("admin", "POST", path, { [fare]: "-5", "fare:x:sedan": "1", "perKm:sedan": "abc", "perHour:vip": "1.250,50" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Tutar eksi olamaz.");
    expect(refused.text).toContain("Geçerli bir tutar yazın");
    for (const value of ['value="-5"', 'value="abc"', 'value="1.250,50"']) expect(refused.text).toContain(value);
    expect((await call(netRatesRoute.loader, "GET", `/api/partners/${partner.id}/net-rates`, { params: { id: partner.id } })).body.data!.fares).toEqual([]);

    const saved = await page("admin", "POST", path, { [fare]: "2.100", [`fare:${aytBelek}:vip`]: "3.250,50", "perKm:sedan": "19,5", "perHour:vip": "1250.5" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${path}?saved=1`);
    const rates = (await call(netRatesRoute.loader, "GET", `/api/partners/${partner.id}/net-rates`, { params: { id: partner.id } })).body.data!;
    expect(rates.fares.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { route_fare_id: aytBelek, category: "Sedan", net_fare: 2100 },
      { route_fare_id: aytBelek, category: "VIP", net_fare: 3250.5 },
    ]);
    expect(rates.categories.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: "Sedan", per_km: 19.5, per_hour: null },
      { category: "VIP", per_km: null, per_hour: 1250.5 },
    ]);
    const again = await page("admin", "GET", `${path}?saved=1`);
    expect(again.text).toContain("Net tarifeler kaydedildi.");
    expect(again.text).toContain('value="2100"');
    expect(again.text).toContain('value="3250,50"');
    // ₺2,100 is above the public ₺2,000 for a Sedan: said beside the field, and on the partner's form once it is on the net rule
    expect(again.text).toContain("Kamu fiyatının üstünde");
    const audit = await listAuditLog(db.kysely, { entity: "partner" });
    expect(audit.entries.find((e) => e.entityId === partner.id && e.action === "partner.net_rates.update")).toMatchObject({ userLabel: "The admin" });

    const form = { name: partner.name, code: partner.code, kind: "hotel", commissionPercent: "8", rateRule: "net", language: "en", creditTerms: "guest_pays", active: "on" };
    expect((await page("admin", "POST", `/admin/partners/${partner.id}`, form)).status).toBe(302);
    expect((await partnerByCode(db.kysely, partner.code))?.rateRule).toBe("net");
    const edit = await page("admin", "GET", `/admin/partners/${partner.id}`);
    expect(edit.text).toContain("Net fiyat (kendi tarifeleri)");
    expect(edit.text).toContain("Kamu fiyatının üstündeki net tarife sayısı: 1");
    expect(edit.text).toContain(`href="${path}"`);

    // the dispatcher reads the page without a save button, and may not post
    const read = await page("dispatcher", "GET", path);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain("Net tarifeleri kaydet");
    expect((await page("dispatcher", "POST", path, { [fare]: "1" })).status).toBe(403);
    expect((await page("admin", "GET", "/admin/partners/00000000-0000-4000-8000-00000000beef/rates")).status).toBe(404);
  });
});
