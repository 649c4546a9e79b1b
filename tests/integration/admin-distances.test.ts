/**
 * /admin/distances through its action, as React Router calls it (behind the admin layout's guard):
 * a correction changes the next quote's distance and price, "reset" goes back to the published
 * figure, and bad input is refused with a code of the admin catalogue, what was typed kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISTANCES } from "~/admin/distances";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { quotesForTrip } from "~/booking/index.server";
import { planTrip } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { problem } from "~/i18n/problem";
import { translate } from "~/i18n/translate.server";
import { publishedRoad } from "~/places/road-table.server";
import { placeServices } from "~/server/http/places.server";
import * as layout from "~/routes/admin/layout";
import * as distances from "~/routes/admin/distances";
import { buildCar } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const SESSION_SECRET = "admin-distances-test-session-secret-0123456789";
const PAIR = "ayt-airport|belek-antalya";

type Reply = { formId: string; result: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> } };

describe.each(engines)("admin distances on %s", (engine) => {
  let db: TestDb;
  let cookie: string;
  let adminName: string;

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ayşe Ofis" });
    adminName = admin.name;
    const { token } = await createSession(db.kysely, admin.id, { remember: false });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
    await createCar(db.kysely, buildCar());
  });
  afterAll(() => db.destroy());

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, ROUTING_PROVIDER: "builtin" } });
    return c;
  }

  /** Posts the form through the layout's guard; a redirect comes back as its Response. */
  async function post(fields: Record<string, string>): Promise<{ status: number; location: string | null; reply?: Reply }> {
    const request = new Request("http://localhost/admin/distances", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const args = { request, context: context(), params: {}, pattern: "/admin/distances" } as never;
    try {
      const answer = (await layout.middleware[0]!(args, () => distances.action(args) as never)) as unknown as { data: Reply; init?: { status?: number } };
      return { status: answer.init?.status ?? 200, location: null, reply: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  async function listed(q: string) {
    const request = new Request(`http://localhost/admin/distances?q=${encodeURIComponent(q)}`, { headers: { cookie } });
    const args = { request, context: context(), params: {}, pattern: "/admin/distances" } as never;
    return (await layout.middleware[0]!(args, () => distances.loader(args) as never)) as unknown as Awaited<ReturnType<typeof distances.loader>>;
  }

  /** The quote as /api/quotes computes it: the trip planned by the request's place services, then the cars' prices. */
  async function quote() {
    const planned = await planTrip(
      placeServices(context()),
      { tripType: "oneWay", pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, dropoff: { text: "Belek", placeId: "belek-antalya" } },
      "en",
    );
    if (!planned.ok) throw new Error("no trip");
    const [first] = await quotesForTrip(db.kysely, planned.trip, { passengers: 1 });
    return { km: Number(planned.trip.totalKm), minutes: Number(planned.trip.outbound.minutes), estimate: planned.trip.estimate, total: first!.price.total };
  }

  it("quotes the published figure, then the office's correction, then the published figure again after a reset", async () => {
    const published = publishedRoad("ayt-airport", "belek-antalya")!;
    const before = await quote();
    expect(before).toMatchObject({ km: published.km, minutes: published.minutes, estimate: false });

    const saved = await post({ intent: "save", pair: PAIR, km: "41,5", minutes: "44" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/admin/distances?done=saved#row-${encodeURIComponent(PAIR)}`);
    const corrected = await quote();
    expect(corrected).toMatchObject({ km: 41.5, minutes: 44, estimate: false });
    expect(corrected.total).toBeGreaterThan(before.total);

    const page = await listed("belek");
    const row = page.rows.find((r) => r.key === PAIR)!;
    expect(row.published).toEqual(published);
    expect(row.corrected).toMatchObject({ km: 41.5, minutes: 44, by: adminName });

    expect((await post({ intent: "reset", pair: PAIR })).status).toBe(302);
    expect(await quote()).toEqual(before);
    expect((await listed("belek")).rows.find((r) => r.key === PAIR)!.corrected).toBeNull();
  });

  it("adds a pair the table lacks, by the places' labels, and routes it", async () => {
    const added = await post({ intent: "add", from: "Kaleiçi, Antalya", to: "Belek, Antalya", km: "42", minutes: "50" });
    expect(added.status).toBe(302);
    const row = (await listed("kaleici")).rows.find((r) => r.a.id === "belek-antalya" || r.b.id === "belek-antalya")!;
    expect(row).toMatchObject({ published: null, corrected: { km: 42, minutes: 50 } });
    const services = placeServices(context());
    const kaleici = (await services.resolveText("Kaleiçi, Antalya", "en"))!;
    const belek = (await services.place("belek-antalya", "en"))!;
    expect(await services.route(kaleici, belek)).toMatchObject({ distanceMeters: 42_000, durationSeconds: 50 * 60, estimate: false });
    // a hotel a few hundred metres from Kaleiçi's point, picked on a map (no id), counts as Kaleiçi
    expect(await services.route({ lat: kaleici.lat + 0.003, lng: kaleici.lng }, belek)).toMatchObject({ distanceMeters: 42_000, estimate: false });
    expect((await post({ intent: "reset", pair: row.key })).status).toBe(302);
  });

  it.each([
    ["negative km", { km: "-5", minutes: "40" }, "km", DISTANCES.kmRange],
    ["text for km", { km: "otuz", minutes: "40" }, "km", DISTANCES.kmNumber],
    ["10 000 km", { km: "10000", minutes: "40" }, "km", DISTANCES.kmRange],
    ["no minutes", { km: "38", minutes: "" }, "minutes", DISTANCES.minutesRequired],
    ["an impossible speed", { km: "38", minutes: "2" }, "minutes", DISTANCES.speed],
  ])("refuses %s with a translated code and keeps what was typed", async (_, typed, field, code) => {
    const answer = await post({ intent: "save", pair: PAIR, ...typed });
    expect(answer.status).toBe(400);
    expect(answer.reply!.formId).toBe(PAIR);
    expect(answer.reply!.result.error?.[field]).toEqual([code]);
    // what was typed comes back (Conform leaves out a blank field: it is shown blank again)
    expect(answer.reply!.result.initialValue).toMatchObject(Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== "")));
    expect(translate("tr", problem(code))).not.toBe(code);
    expect((await quote()).km).toBe(publishedRoad("ayt-airport", "belek-antalya")!.km);
  });

  it("refuses an unknown place and the same place twice, keeping the typed places", async () => {
    const unknown = await post({ intent: "add", from: "Atlantis", to: "Belek, Antalya", km: "40", minutes: "40" });
    expect(unknown.status).toBe(400);
    expect(unknown.reply!.formId).toBe("add");
    expect(unknown.reply!.result.error?.from).toEqual([DISTANCES.unknownPlace]);
    expect(unknown.reply!.result.initialValue).toMatchObject({ from: "Atlantis", to: "Belek, Antalya", km: "40", minutes: "40" });
    expect(translate("tr", problem(DISTANCES.unknownPlace))).toBe("Bu yer bulunamadı. Listeden bir yer seçin.");

    const same = await post({ intent: "add", from: "Belek, Antalya", to: "belek-antalya", km: "4", minutes: "8" });
    expect(same.reply!.result.error?.to).toEqual([DISTANCES.samePlace]);

    const forged = await post({ intent: "save", pair: "ayt-airport|nowhere", km: "40", minutes: "40" });
    expect(forged.status).toBe(404);
    expect(forged.reply!.result.error?.[""]).toEqual([DISTANCES.unknownPair]);
  });
});
