import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planTrip } from "~/booking/index.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { createPlaceServices } from "~/places/service.server";
import * as placesRoute from "~/routes/api/places";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });

describe.each(engines)("GET /api/places in the visitor's language on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());

  /** The route as the server runs it: the language middleware, then the loader. */
  async function get(path: string, headers: Record<string, string> = {}) {
    const context = testAppContext(db, { env: { ROUTING_PROVIDER: "builtin" } });
    const request = new Request(`http://localhost${path}`, { headers });
    let answer: unknown;
    await i18nextMiddleware({ request, context, params: {} } as never, async () => {
      answer = await placesRoute.loader({ request, context, params: {} } as never);
      return new Response(null);
    });
    return (answer as { data: { success: boolean; data: Array<{ id: string; label: string; kind: string }> } }).data;
  }

  it("answers Кемер with Kemer, Antalya labelled in Russian", async () => {
    const body = await get(`/api/places?q=${encodeURIComponent("Кемер")}&lng=ru`);
    expect(body.success).toBe(true);
    expect(body.data[0]).toEqual({ id: "kemer-antalya", label: "Кемер, Анталья", kind: "town" });
  });

  it("labels the airport in each language, from ?lng= or Accept-Language", async () => {
    const label = async (q: string, lng: string) => (await get(`/api/places?q=${encodeURIComponent(q)}&lng=${lng}`)).data[0]?.label;
    expect(await label("Аэропорт Анталья", "ru")).toBe("Аэропорт Анталья (AYT)");
    expect(await label("Flughafen Antalya", "de")).toBe("Flughafen Antalya (AYT)");
    expect(await label("Antalya Airport", "en")).toBe("Antalya Airport (AYT)");
    expect(await label("antalya havalimani", "tr")).toBe("Antalya Havalimanı (AYT)");
    const german = await get("/api/places?q=AYT", { "Accept-Language": "de-DE,de;q=0.9" });
    expect(german.data[0]?.label).toBe("Flughafen Antalya (AYT)");
  });
});

describe("a typed place the server cannot choose alone", () => {
  const places = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, log);
  const plan = (pickup: string, dropoff: string, language = "ru") => planTrip(places, { tripType: "oneWay", pickup: { text: pickup }, dropoff: { text: dropoff } }, language);

  it("resolves whole names in any script", async () => {
    const planned = await plan("Аэропорт Анталья", "Кемер");
    expect(planned.ok).toBe(true);
    if (planned.ok) {
      expect(planned.trip.outbound.from).toMatchObject({ id: "ayt-airport", label: "Аэропорт Анталья (AYT)", canonical: "Antalya Havalimanı (AYT)" });
      expect(planned.trip.outbound.to).toMatchObject({ id: "kemer-antalya", label: "Кемер, Анталья", canonical: "Kemer, Antalya" });
    }
  });

  it("offers the candidates of an ambiguous text, labelled in the visitor's language, and says so", async () => {
    const planned = await plan("AYT", "Кем");
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.fields).toEqual({ dropoff: [{ code: "booking:errors.pickPlace", params: { options: expect.stringContaining("Кемер, Анталья (kemer-antalya)") } }] });
    expect(planned.candidates?.dropoff).toEqual(expect.arrayContaining([{ id: "kemer-antalya", label: "Кемер, Анталья", kind: "town" }]));
  });

  it("says when nothing matches, with no list", async () => {
    const planned = await plan("AYT", "Qwxzzy", "en");
    expect(planned.ok || planned).toEqual({ ok: false, fields: { dropoff: [{ code: "booking:errors.placeNotFound" }] } });
  });
});
