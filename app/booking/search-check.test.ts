import { describe, expect, it } from "vitest";
import { createPlaceServices } from "~/places/service.server";
import { checkSearch } from "./search-check.server";
import { withReturnDefaults } from "./rules/search-params";

const places = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, { warn: () => {} });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const lead = { hours: 4, phone: "+90 242 330 00 00", whatsapp: "+90 532 330 00 00" };
const check = (q: Record<string, string>) => checkSearch(places, new URLSearchParams(q), "en", lead);
const codes = (fields: Record<string, Array<{ code: string }>>) =>
  Object.fromEntries(Object.entries(fields).map(([k, list]) => [k, list.map((p) => p.code)]));

describe("checkSearch", () => {
  it("plans a valid search", async () => {
    const r = await check({ pickup: "AYT", dropoff: "Belek", date: inDays(5), time: "10:00" });
    expect(r.ok).toBe(true);
  });

  it("says a date problem and an unknown place in the same round", async () => {
    const r = await check({ pickup: "AYT", dropoff: "Qqqzzz Nowhere", date: "2020-01-01", time: "10:00" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(codes(r.fields)).toEqual({ date: ["booking:errors.datePast"], dropoff: ["booking:errors.placeNotFound"] });
  });

  it("looks up the return places of a round trip too, and leaves empty ones to the schema", async () => {
    const r = await check({
      tripType: "roundTrip",
      pickup: "Qqqzzz Nowhere",
      dropoff: "",
      date: inDays(5),
      time: "99:99",
      returnPickup: "Belek",
      returnDropoff: "Zzxxyy",
      returnDate: inDays(6),
      returnTime: "10:00",
    });
    if (r.ok) throw new Error("expected problems");
    expect(codes(r.fields)).toEqual({
      pickup: ["booking:errors.placeNotFound"],
      dropoff: ["booking:errors.required"],
      time: ["booking:errors.time"],
      returnDropoff: ["booking:errors.placeNotFound"],
    });
  });
});

describe("withReturnDefaults", () => {
  it("sends an empty return the way back", () => {
    const p = withReturnDefaults(new URLSearchParams({ tripType: "roundTrip", pickup: "AYT", pickupPlace: "g:1", dropoff: "Belek", date: "2030-01-01" }));
    expect(p.get("returnPickup")).toBe("Belek");
    expect(p.get("returnDropoff")).toBe("AYT");
    expect(p.get("returnDropoffPlace")).toBe("g:1");
    expect(p.has("returnPickupPlace")).toBe(false);
  });

  it("keeps what was typed, and a one-way search as it is", () => {
    const typed = new URLSearchParams({ tripType: "roundTrip", pickup: "AYT", dropoff: "Belek", returnPickup: "Side" });
    expect(withReturnDefaults(typed).get("returnDropoff")).toBeNull();
    const oneWay = new URLSearchParams({ pickup: "AYT", dropoff: "Belek" });
    expect(withReturnDefaults(oneWay).has("returnPickup")).toBe(false);
  });

  it("says a pickup sooner than the lead time together with an unknown place, with what to call instead", async () => {
    const soon = new Date(Date.now() + 60 * 60_000);
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(soon);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const r = await check({ pickup: "AYT", dropoff: "Qqqzzz Nowhere", date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` });
    if (r.ok) throw new Error("expected problems");
    expect(codes(r.fields)).toEqual({ date: ["booking:errors.tooSoon"], dropoff: ["booking:errors.placeNotFound"] });
    expect(r.tooSoon).toEqual(lead);
  });
});
