/**
 * New searches from templates (issue 32, app/server/http/search-templates.server.ts): once two
 * renders of a kind of search prove a template, a new search of that kind is its template filled
 * with its own date texts, and that page is byte for byte the page a render makes (but for the
 * idempotency key and the nonce, each answer's own), in four languages, one way, return and by the
 * hour. A search whose answer differs (a night price, a car taken that day, too soon to book) is
 * never filled from another's template; a booking keeps the templates of the other days; a change
 * to a table the rest of the page read drops them. The site is
 * assembled as server/app.ts assembles it, beside a second one without the page cache (the render).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { createTestBooking } from "../../db/seed/factories";
import { seedResultsFleet, startResultsSite, type ResultsSite } from "../setup/results-site";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDay } from "../setup/trip-date";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const NONCE = /nonce="[^"]+"/g;

type Site = ResultsSite;

async function get(site: Site, path: string) {
  const response = await fetch(site.base + path);
  const text = await response.text();
  return { status: response.status, cache: response.headers.get("x-cache"), text, same: text.replace(UUID, "KEY").replace(NONCE, 'nonce=""') };
}

const search = (q: Record<string, string>) => `/booking-results?${new URLSearchParams(q)}`;

/** Dates and times that differ in every part: day, weekday, month, year, hour, minute. */
const WHEN: Array<[number, string]> = [
  [10, "10:00"],
  [11, "11:30"],
  [19, "09:15"],
  [47, "14:45"],
  [95, "16:05"],
  [230, "12:20"],
];

describe.each(engines)("new searches from templates on %s", (engine) => {
  let db: TestDb;
  let site: Site;
  let render: Site;
  let sedan: string;

  beforeAll(async () => {
    db = await testDb(engine);
    ({ sedan } = await seedResultsFleet(db, "Template"));
    site = await startResultsSite(db, { templates: true, maxBytes: 32 * 1024 * 1024 });
    render = await startResultsSite(db, { cached: false });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await render?.close();
    await db?.destroy();
  });

  /** Asks each date of `when` in turn: the first two are rendered (they make and prove the template), the rest filled; each the page a render makes. */
  async function expectFilled(query: (day: string, time: string) => Record<string, string>, when = WHEN) {
    const seen: string[] = [];
    for (const [days, time] of when) {
      const path = search(query(tripDay(days), time));
      const [kept, rendered] = await Promise.all([get(site, path), get(render, path)]);
      expect(kept.status, path).toBe(200);
      expect(rendered.status, path).toBe(200);
      expect(kept.same, `${path} as filled is the page a render makes`).toBe(rendered.same);
      seen.push(kept.cache!);
    }
    return seen;
  }

  for (const lng of ["en", "tr", "de", "ru"]) {
    it(`fills a new one-way search in ${lng} from its template, byte for byte the rendered page`, async () => {
      const seen = await expectFilled((date, time) => ({ tripType: "oneWay", pickup: "AYT", dropoff: "Belek", date, time, passengers: "2", lng }));
      expect(seen).toEqual(["miss", "miss", "template", "template", "template", "template"]);
    });
  }

  it("fills a return trip (both dates and times) and an hourly hire alike", async () => {
    const back = (days: number) => tripDay(days + 6);
    const returns = await expectFilled((date, time) => {
      const days = WHEN.find(([d]) => tripDay(d) === date)![0];
      return { tripType: "roundTrip", pickup: "AYT", dropoff: "Kemer", date, time, returnDate: back(days), returnTime: time === "10:00" ? "18:30" : "19:40", passengers: "3", lng: "de" };
    });
    expect(returns.slice(2)).toContain("template");
    const hourly = await expectFilled((date, time) => ({ tripType: "hourly", pickup: "Belek", date, time, hours: "4", passengers: "2", lng: "ru" }));
    expect(hourly.slice(2)).toEqual(["template", "template", "template", "template"]);
  });

  it("never fills a search whose answer differs: a night price, a car taken that day", async () => {
    const day = (date: string, time: string) => ({ tripType: "oneWay", pickup: "AYT", dropoff: "Side", date, time, passengers: "2", lng: "en" });
    expect(await expectFilled(day, WHEN.slice(0, 3))).toEqual(["miss", "miss", "template"]);
    // the night fare: another answer, so another template (rendered until it is proved)
    const night = await get(site, search(day(tripDay(60), "23:40")));
    expect(night.cache).toBe("miss");
    expect(night.same).toBe((await get(render, search(day(tripDay(60), "23:40")))).same);
    // the sedan booked on one day: that day's search is rendered without it
    await createTestBooking({ db: db.kysely }, { carId: sedan, pickupAt: `${tripDay(70)}T11:00:00+03:00`, fullName: "Taken Sedan" });
    const taken = await get(site, search(day(tripDay(70), "11:00")));
    expect(taken.cache).toBe("miss");
    expect(taken.text).not.toContain(`data-car-id="${sedan}"`);
    expect(taken.same).toBe((await get(render, search(day(tripDay(70), "11:00")))).same);
    // another day's answer is what it was: the booking kept the template
    const otherDay = await get(site, search(day(tripDay(80), "12:40")));
    expect(otherDay.cache).toBe("template");
    expect(otherDay.text).toContain(`data-car-id="${sedan}"`);
    expect(otherDay.same).toBe((await get(render, search(day(tripDay(80), "12:40")))).same);
  });

  it("renders a search too soon to book, and drops the templates when a table the page read changes", async () => {
    const day = (date: string, time: string) => ({ tripType: "oneWay", pickup: "AYT", dropoff: "Alanya", date, time, passengers: "2", lng: "tr" });
    expect(await expectFilled(day, WHEN.slice(0, 3))).toEqual(["miss", "miss", "template"]);
    const soon = await get(site, search(day(tripDay(0), "00:05")));
    expect(soon.cache).toBe("miss");
    expect(soon.same).toBe((await get(render, search(day(tripDay(0), "00:05")))).same);
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, general: { ...settings.general, contactPhone: "+90 242 000 11 22" } }, null);
    const after = await get(site, search(day(tripDay(120), "08:30")));
    expect(after.cache).toBe("miss");
    expect(after.text).toContain("+90 242 000 11 22");
    expect(after.same).toBe((await get(render, search(day(tripDay(120), "08:30")))).same);
  });
});
