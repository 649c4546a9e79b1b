/**
 * /admin/extras and /admin/pricing through their actions, as React Router calls them (behind the
 * admin layout's guard): extras are added, edited, switched off and deleted through the pricing
 * tables' write path (a taken code refused); the pricing rules and the exchange rates are saved
 * into the settings (the rates' date moves to today only when a rate changed; bad values refused
 * with codes, nothing saved), and the next price follows them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRAS } from "~/admin/extras";
import { pricingFormValues } from "~/admin/pricing-settings";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { businessToday, toBusinessDateTime, toInstant } from "~/booking/rules/datetime";
import { carRates } from "~/booking/rules/pricing";
import { priceTrip } from "~/booking/index.server";
import { planTrip } from "~/booking/index.server";
import { readExtras, readPricing } from "~/pricing/pricing.server";
import { createExtra } from "~/pricing/tables.server";
import { placeServices } from "~/server/http/places.server";
import { SETTINGS } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import { liraToKurus } from "~/utils/money";
import * as layout from "~/routes/admin/layout";
import * as extrasRoute from "~/routes/admin/extras";
import * as pricingRoute from "~/routes/admin/pricing";
import { buildCar } from "../../db/seed/factories";
import { SEED_EXTRAS } from "../../db/seed/pricing";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const SESSION_SECRET = "admin-extras-pricing-test-secret-0123456789";

type Reply = { formId?: string; result: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> } };
type Route = { action: (args: never) => unknown; loader: (args: never) => unknown };

describe.each(engines)("admin extras and pricing on %s", (engine) => {
  let db: TestDb;
  let cookie: string;

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ayşe Ofis" });
    const { token } = await createSession(db.kysely, admin.id, { remember: false });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
    // the demo's waiting extra, through the one write path
    await createExtra(db.kysely, SEED_EXTRAS.find((e) => e.code === "extra-waiting")!);
  });
  afterAll(() => db.destroy());

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, ROUTING_PROVIDER: "builtin" } });
    return c;
  }

  /** Posts a form through the layout's guard; a redirect comes back as its location. */
  async function post(route: Route, path: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; reply?: Reply }> {
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const args = { request, context: context(), params: {}, pattern: path } as never;
    try {
      const answer = (await layout.middleware[0]!(args, () => route.action(args) as never)) as unknown as { data: Reply; init?: { status?: number } };
      return { status: answer.init?.status ?? 200, location: null, reply: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  async function load<T>(route: Route, path: string): Promise<T> {
    const request = new Request(`http://localhost${path}`, { headers: { cookie } });
    const args = { request, context: context(), params: {}, pattern: new URL(request.url).pathname } as never;
    return (await layout.middleware[0]!(args, () => route.loader(args) as never)) as unknown as T;
  }

  const water = {
    intent: "create",
    code: "water",
    "names.tr": "Su",
    "names.en": "Water",
    "names.de": "Wasser",
    "names.ru": "Вода",
    price: "1.250,50",
    pricing: "unit",
    maxQuantity: "4",
    active: "on",
    sortOrder: "7",
  };

  it("adds, edits, switches off, refuses a taken code and deletes an extra", async () => {
    const created = await post(extrasRoute, "/admin/extras", water);
    expect(created.status).toBe(302);
    const stored = (await readExtras(db.kysely)).find((e) => e.code === "water")!;
    expect(stored).toMatchObject({ names: { tr: "Su", en: "Water", de: "Wasser", ru: "Вода" }, price: 125_050, pricing: "unit", maxQuantity: 4, needsText: false, active: true, sortOrder: 7 });
    expect(created.location).toBe(`/admin/extras?done=created#extra-${stored.id}`);

    const taken = await post(extrasRoute, "/admin/extras", { ...water, "names.tr": "Başka su" });
    expect(taken.status).toBe(409);
    expect(taken.reply?.formId).toBe("extra-add");
    expect(taken.reply?.result.error?.code).toEqual([EXTRAS.codeTaken]);
    expect(taken.reply?.result.initialValue).toMatchObject({ code: "water", price: "1.250,50", names: { tr: "Başka su" } });
    expect((await readExtras(db.kysely)).filter((e) => e.code === "water")).toHaveLength(1);

    const bad = await post(extrasRoute, "/admin/extras", { ...water, intent: "update", id: stored.id, price: "on iki", maxQuantity: "30" });
    expect(bad.status).toBe(400);
    expect(bad.reply?.formId).toBe(`extra-${stored.id}`);
    expect(bad.reply?.result.error).toMatchObject({ price: [EXTRAS.priceNumber], maxQuantity: [EXTRAS.maxQuantity] });
    expect(bad.reply?.result.initialValue).toMatchObject({ price: "on iki", maxQuantity: "30" });

    const edited = await post(extrasRoute, "/admin/extras", { ...water, intent: "update", id: stored.id, code: "ignored", price: "90", pricing: "booking", needsText: "on", "names.en": "Still water" });
    expect(edited.status).toBe(302);
    expect((await readExtras(db.kysely)).find((e) => e.id === stored.id)).toMatchObject({ code: "water", price: 9_000, pricing: "booking", needsText: true, names: { en: "Still water" } });

    expect((await post(extrasRoute, "/admin/extras", { intent: "toggle", id: stored.id })).location).toBe(`/admin/extras?done=toggled#extra-${stored.id}`);
    expect((await readExtras(db.kysely, { activeOnly: true })).some((e) => e.code === "water")).toBe(false);
    expect((await readPricing(db.kysely)).extras.find((e) => e.code === "water")?.active).toBe(false);

    const page = await load<{ extras: Array<{ code: string; active: boolean }> }>(extrasRoute, "/admin/extras");
    expect(page.extras.map((e) => e.code)).toEqual(["extra-waiting", "water"]);

    expect((await post(extrasRoute, "/admin/extras", { intent: "delete", id: stored.id })).location).toBe("/admin/extras?done=deleted");
    expect((await readExtras(db.kysely)).some((e) => e.code === "water")).toBe(false);
    const gone = await post(extrasRoute, "/admin/extras", { intent: "delete", id: stored.id });
    expect(gone.status).toBe(404);
    expect(gone.reply?.result.error?.[""]).toEqual([EXTRAS.notFound]);
  });

  /** The form as the page shows it, posted back with some fields changed. */
  async function pricingForm(change: Record<string, string>) {
    const values = pricingFormValues(await getSettings(db.kysely));
    const fields: Record<string, string> = {};
    const put = (prefix: string, value: unknown) => {
      if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) put(prefix ? `${prefix}.${k}` : k, v);
      else fields[prefix] = String(value);
    };
    put("", values);
    return { ...fields, ...change };
  }

  /** AYT → Belek, as /api/quotes plans it (no route fare in this database: priced by distance). */
  async function trip() {
    const planned = await planTrip(
      placeServices(context()),
      { tripType: "oneWay", pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, dropoff: { text: "Belek", placeId: "belek-antalya" } },
      "en",
    );
    if (!planned.ok) throw new Error("no trip");
    return planned.trip;
  }

  it("saves the rules and the rates, dates the rates today only when one changed, and prices with them", async () => {
    const before = await getSettings(db.kysely);
    const loaded = await load<{ waitingPrice: number | null; ratesSetAt: string }>(pricingRoute, "/admin/pricing");
    expect(loaded.waitingPrice).toBe(liraToKurus(250));
    expect(loaded.ratesSetAt).toBe(before.currency.ratesSetAt);

    // the rules change, the rates are posted back as they were: the date stays
    const rules = await post(pricingRoute, "/admin/pricing", await pricingForm({ nightPercent: "35", nightStart: "21:00", nightEnd: "05:30", "minimumFares.Sedan": "5.000", hourlyMaxHours: "10" }));
    expect(rules).toMatchObject({ status: 302, location: "/admin/pricing?done=saved" });
    let settings = await getSettings(db.kysely);
    expect(settings.pricing).toMatchObject({ nightPercent: 35, nightStart: "21:00", nightEnd: "05:30", hourlyMaxHours: 10 });
    expect(settings.pricing.minimumFares.Sedan).toBe(500_000);
    expect(settings.currency).toEqual(before.currency);
    expect(settings.general).toEqual(before.general);
    expect(settings.booking).toEqual(before.booking);

    // a rate changes: the date becomes today (Istanbul)
    const rates = await post(pricingRoute, "/admin/pricing", await pricingForm({ "rates.EUR": "53,1234" }));
    expect(rates).toMatchObject({ status: 302, location: "/admin/pricing?done=ratesSaved" });
    settings = await getSettings(db.kysely);
    expect(settings.currency.rates).toEqual({ ...before.currency.rates, EUR: 531_234 });
    expect(settings.currency.ratesSetAt).toBe(businessToday());

    const tables = await readPricing(db.kysely);
    expect(tables.rules).toMatchObject({ nightPercent: 35, nightStart: "21:00", nightEnd: "05:30" });
    expect(tables.rules.minimumFares.Sedan).toBe(500_000);
    expect(tables.settings.hourlyMaxHours).toBe(10);
    expect(tables.rates.EUR).toBe(531_234);

    // a Sedan at 21:30 Istanbul time: the night line at 35 %, then raised to the 5.000 ₺ minimum
    const sedan = buildCar({ category: "Sedan" });
    const car = carRates({ price_per_km: sedan.price_per_km, price_per_day: sedan.price_per_day, price_per_hour: sedan.price_per_hour, category: "Sedan" });
    const planned = await trip();
    const night = priceTrip(tables, car, planned, { pickupAt: toInstant(toBusinessDateTime("2027-03-10", "21:30")) });
    const distance = night.lines.find((l) => l.kind === "distance")!;
    const nightLine = night.lines.find((l) => l.kind === "night")!;
    expect(nightLine).toMatchObject({ percent: 35, amount: Math.round((distance.amount * 35) / 100) });
    expect(night.lines.find((l) => l.kind === "minimum")).toMatchObject({ minimum: 500_000 });
    expect(night.total).toBe(500_000);
    const day = priceTrip(tables, car, planned, { pickupAt: toInstant(toBusinessDateTime("2027-03-10", "12:00")) });
    expect(day.lines.some((l) => l.kind === "night")).toBe(false);

    // the minimum back to a low figure: the night price is the distance plus its surcharge
    expect((await post(pricingRoute, "/admin/pricing", await pricingForm({ "minimumFares.Sedan": "100" }))).status).toBe(302);
    const cheap = priceTrip(await readPricing(db.kysely), car, planned, { pickupAt: toInstant(toBusinessDateTime("2027-03-10", "04:00")) });
    expect(cheap.total).toBe(distance.amount + nightLine.amount);
  });

  it("refuses bad values with codes, keeps what was typed and saves nothing", async () => {
    const before = await getSettings(db.kysely);
    const answer = await post(
      pricingRoute,
      "/admin/pricing",
      await pricingForm({ nightPercent: "150", nightStart: "24:00", "minimumFares.SUV": "çok", hourlyMinHours: "8", hourlyMaxHours: "3", "rates.USD": "0", "rates.EUR": "60" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.reply?.result.error).toMatchObject({
      nightPercent: [SETTINGS.percent],
      nightStart: [SETTINGS.nightTime],
      "minimumFares.SUV": [SETTINGS.money],
      "rates.USD": [SETTINGS.rate],
    });
    expect(answer.reply?.result.initialValue).toMatchObject({ nightPercent: "150", minimumFares: { SUV: "çok" }, rates: { USD: "0", EUR: "60" } });
    expect(await getSettings(db.kysely)).toEqual(before);

    const range = await post(pricingRoute, "/admin/pricing", await pricingForm({ hourlyMinHours: "8", hourlyMaxHours: "3" }));
    expect(range.status).toBe(400);
    expect(range.reply?.result.error?.hourlyMaxHours).toEqual([SETTINGS.hourRange]);
    expect(await getSettings(db.kysely)).toEqual(before);
  });
});
