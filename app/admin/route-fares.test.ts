import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CAR_CATEGORIES } from "~/fleet/car";
import { ROUTE_FARES, liraFieldText, parseCoords, parseLiraText, priceField, pricesOf, routeFareSchemaFor } from "./route-fares";
import { kurus } from "~/utils/money";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return parseWithZod(data, { schema: routeFareSchemaFor(fields.intent) });
};
const errorsOf = (fields: Record<string, string>) => {
  const s = form(fields);
  return s.status === "error" ? s.error : null;
};

describe("lira as the office types it", () => {
  it.each([
    ["2000", 200_000],
    ["2.000", 200_000],
    ["2 000", 200_000],
    ["2000,50", 200_050],
    ["2.000,50", 200_050],
    ["2000.5", 200_050],
    ["2,000.50", 200_050],
    ["₺1.250", 125_000],
    ["12.500.000", 1_250_000_000],
  ])("%s is %i kuruş", (typed, expected) => {
    expect(parseLiraText(typed)).toBe(expected);
  });
  it("blank is no price, nonsense is NaN", () => {
    expect(parseLiraText("  ")).toBeNull();
    expect(parseLiraText("iki bin")).toBeNaN();
    expect(parseLiraText("2.00.0")).toBeNaN();
    expect(parseLiraText("20,5555")).toBeNaN();
  });
  it("shows a stored price again the way it parses back", () => {
    for (const amount of [kurus(200_000), kurus(200_050), kurus(5)]) expect(parseLiraText(liraFieldText(amount))).toBe(amount);
    expect(liraFieldText(undefined)).toBe("");
  });
});

describe("coordinates", () => {
  it("reads lat,lng with a comma, semicolon or space", () => {
    expect(parseCoords("36.8631, 31.0654")).toEqual({ lat: 36.8631, lng: 31.0654 });
    expect(parseCoords("36.8631;31.0654")).toEqual({ lat: 36.8631, lng: 31.0654 });
    expect(parseCoords("36.8631 31.0654")).toEqual({ lat: 36.8631, lng: 31.0654 });
    expect(parseCoords("Belek")).toBeNull();
    expect(parseCoords("136, 31")).toBeNull();
  });
});

describe("the zone form", () => {
  it("accepts a place name with a radius, a decimal comma included", () => {
    const s = form({ intent: "zone-add", place: "Кемер", radius: "6,5" });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toMatchObject({ intent: "zone-add", place: "Кемер", name: "", radius: 6.5 });
  });
  it("accepts coordinates with a name", () => {
    expect(form({ intent: "zone-add", name: "Çıralı", coords: "36.417, 30.481", radius: "3" }).status).toBe("success");
  });
  it("refuses a radius out of 0.5–100 km or not a number", () => {
    expect(errorsOf({ intent: "zone-add", place: "Belek", radius: "0,2" })?.radius).toEqual([ROUTE_FARES.radiusRange]);
    expect(errorsOf({ intent: "zone-add", place: "Belek", radius: "150" })?.radius).toEqual([ROUTE_FARES.radiusRange]);
    expect(errorsOf({ intent: "zone-add", place: "Belek", radius: "yedi" })?.radius).toEqual([ROUTE_FARES.radiusNumber]);
    expect(errorsOf({ intent: "zone-add", place: "Belek", radius: "" })?.radius).toEqual([ROUTE_FARES.radiusRequired]);
  });
  it("wants a centre, only one kind of it, in Turkey, and a name with coordinates", () => {
    expect(errorsOf({ intent: "zone-add", radius: "5" })?.place).toEqual([ROUTE_FARES.centreRequired]);
    expect(errorsOf({ intent: "zone-add", place: "Belek", coords: "36.8, 31.0", radius: "5" })?.coords).toEqual([ROUTE_FARES.centreBoth]);
    expect(errorsOf({ intent: "zone-add", name: "X", coords: "36.8 north", radius: "5" })?.coords).toEqual([ROUTE_FARES.coordsFormat]);
    expect(errorsOf({ intent: "zone-add", name: "Paris", coords: "48.85, 2.35", radius: "5" })?.coords).toEqual([ROUTE_FARES.coordsOutside]);
    expect(errorsOf({ intent: "zone-add", coords: "36.8, 31.0", radius: "5" })?.name).toEqual([ROUTE_FARES.nameRequired]);
  });
});

describe("the route form", () => {
  const base = { intent: "fare-add", fromPlace: "Antalya Havalimanı (AYT)", toZone: "zone-1", active: "on" };
  it("takes prices per category in lira; blank categories are priced by distance", () => {
    const s = form({ ...base, [priceField("Sedan")]: "2.000", [priceField("Minibüs")]: "4400,50", [priceField("Ultra Luxury")]: "" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({ oneWay: false, active: true });
    expect(pricesOf(s.value)).toEqual({ Sedan: 200_000, "Minibüs": 440_050 });
  });
  it("names a field per category", () => {
    expect(CAR_CATEGORIES.map(priceField)).toEqual([
      "price-sedan",
      "price-suv",
      "price-hatchback",
      "price-minivan",
      "price-minibus",
      "price-luxury",
      "price-vip",
      "price-ultra-luxury",
      "price-sports",
    ]);
  });
  it("refuses a negative, zero, huge or non-numeric price", () => {
    expect(errorsOf({ ...base, "price-sedan": "-100" })?.["price-sedan"]).toEqual([ROUTE_FARES.priceRange]);
    expect(errorsOf({ ...base, "price-sedan": "0" })?.["price-sedan"]).toEqual([ROUTE_FARES.priceRange]);
    expect(errorsOf({ ...base, "price-sedan": "5.000.000" })?.["price-sedan"]).toEqual([ROUTE_FARES.priceRange]);
    expect(errorsOf({ ...base, "price-vip": "abc" })?.["price-vip"]).toEqual([ROUTE_FARES.priceNumber]);
  });
  it("wants each end as a place or a zone, not both, and not the same zone twice", () => {
    expect(errorsOf({ intent: "fare-add", toZone: "z" })?.fromPlace).toEqual([ROUTE_FARES.endRequired]);
    expect(errorsOf({ intent: "fare-add", fromPlace: "Belek", fromZone: "z", toZone: "y" })?.fromZone).toEqual([ROUTE_FARES.endBoth]);
    expect(errorsOf({ intent: "fare-add", fromZone: "z", toZone: "z" })?.toZone).toEqual([ROUTE_FARES.samePlace]);
  });
  it("reads the one-way flag", () => {
    const s = form({ ...base, oneWay: "on" });
    expect(s.status === "success" && "oneWay" in s.value && s.value.oneWay).toBe(true);
  });
});
