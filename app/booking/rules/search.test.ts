import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { hasSearch, searchParamsOf, searchSchema } from "./search";

const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const later = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
const parse = (q: Record<string, string>) => {
  const submission = parseWithZod(new URLSearchParams(q), { schema: searchSchema });
  return { ...submission, error: submission.status === "success" ? undefined : submission.error };
};

describe("searchSchema", () => {
  it("accepts a one-way search and drops return fields", () => {
    const r = parse({ tripType: "oneWay", pickup: "Antalya Havalimanı (AYT)", dropoff: "Belek", date: future, time: "14:30", passengers: "3", returnPickup: "x" });
    expect(r.status).toBe("success");
    if (r.status !== "success") return;
    expect(r.value).toMatchObject({ tripType: "oneWay", passengers: 3 });
    expect("returnPickup" in r.value).toBe(false);
  });
  it("defaults to one way and one passenger", () => {
    const r = parse({ pickup: "A", dropoff: "B", date: future, time: "10:00" });
    expect(r.status === "success" && r.value).toMatchObject({ tripType: "oneWay", passengers: 1 });
  });
  it("requires every field", () => {
    const r = parse({});
    expect(r.error).toMatchObject({ pickup: ["errors.required"], dropoff: ["errors.required"], date: ["errors.required"], time: ["errors.required"] });
  });
  it("refuses a date in the past", () => {
    expect(parse({ pickup: "A", dropoff: "B", date: "2020-01-01", time: "10:00" }).error).toMatchObject({ date: ["errors.datePast"] });
    const far = new Date(Date.now() + (2 * 366 + 2) * 86_400_000).toISOString().slice(0, 10);
    expect(parse({ pickup: "A", dropoff: "B", date: far, time: "10:00" }).error).toMatchObject({ date: ["errors.dateTooFar"] });
    const near = new Date(Date.now() + (2 * 365 - 3) * 86_400_000).toISOString().slice(0, 10);
    expect(parse({ pickup: "A", dropoff: "B", date: near, time: "10:00" }).error).toBeUndefined();
  });
  it("checks shapes and bounds", () => {
    const r = parse({ pickup: "A", dropoff: "B", date: "01.07.2026", time: "25:00", passengers: "41", luggage: "41" });
    expect(r.error).toMatchObject({ date: ["errors.date"], time: ["errors.time"], passengers: ["errors.passengers"], luggage: ["errors.luggage"] });
    expect(parse({ pickup: "x".repeat(201), dropoff: "B", date: future, time: "10:00" }).error).toMatchObject({ pickup: ["errors.tooLong"] });
  });
  it("requires the return section only for a round trip", () => {
    const r = parse({ tripType: "roundTrip", pickup: "A", dropoff: "B", date: future, time: "10:00" });
    expect(r.error).toMatchObject({ returnPickup: ["errors.required"], returnDropoff: ["errors.required"], returnDate: ["errors.required"], returnTime: ["errors.required"] });
  });
  it("refuses a return before the outbound pickup", () => {
    const r = parse({ tripType: "roundTrip", pickup: "A", dropoff: "B", date: later, time: "10:00", returnPickup: "B", returnDropoff: "A", returnDate: future, returnTime: "10:00" });
    expect(r.error).toMatchObject({ returnDate: ["errors.returnBeforePickup"] });
  });
  it("accepts a complete round trip", () => {
    const r = parse({ tripType: "roundTrip", pickup: "A", dropoff: "B", date: future, time: "10:00", returnPickup: "B", returnDropoff: "A", returnDate: later, returnTime: "18:00" });
    expect(r.status).toBe("success");
  });
});

describe("search in the URL", () => {
  it("keeps only the search's own parameters", () => {
    const p = searchParamsOf(new URLSearchParams("pickup=A&lng=de&car=1&dropoff=B&pickupPlace="));
    expect(p.toString()).toBe("pickup=A&dropoff=B");
  });
  it("tells an empty URL from a search", () => {
    expect(hasSearch(new URLSearchParams("lng=tr"))).toBe(false);
    expect(hasSearch(new URLSearchParams("pickup=Belek"))).toBe(true);
  });
});

describe("searchSchema: hourly hire", () => {
  const parseHire = (q: Record<string, string>) => {
    const submission = parseWithZod(new URLSearchParams(q), { schema: searchSchema });
    return { status: submission.status, value: submission.status === "success" ? submission.value : undefined, error: submission.status === "success" ? undefined : submission.error };
  };
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  it("needs a start place and hours but no drop-off", () => {
    const ok = parseHire({ tripType: "hourly", pickup: "Belek", date, time: "10:00", hours: "4" });
    expect(ok.status).toBe("success");
    expect(ok.value).toMatchObject({ tripType: "hourly", hours: 4, dropoff: "" });
    expect(parseHire({ tripType: "hourly", pickup: "Belek", date, time: "10:00" }).error).toMatchObject({ hours: ["errors.hours"] });
    expect(parseHire({ tripType: "hourly", pickup: "Belek", date, time: "10:00", hours: "2.5" }).error).toMatchObject({ hours: ["errors.hours"] });
    expect(parseHire({ tripType: "oneWay", pickup: "Belek", date, time: "10:00", hours: "4" }).error).toMatchObject({ dropoff: ["errors.required"] });
  });
});
