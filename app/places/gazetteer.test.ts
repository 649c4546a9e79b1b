import { describe, expect, it } from "vitest";
import data from "./gazetteer.json";
import { gazetteerPlace, searchGazetteer } from "./gazetteer.server";

describe("gazetteer search", () => {
  it("is tolerant of Turkish letters and case", () => {
    expect(searchGazetteer("antalya havalimani")[0]?.label).toBe("Antalya Havalimanı (AYT)");
    expect(searchGazetteer("ANTALYA HAVALİMANI")[0]?.label).toBe("Antalya Havalimanı (AYT)");
    expect(searchGazetteer("kaleici")[0]?.label).toBe("Kaleiçi, Antalya");
    expect(searchGazetteer("istanbul havalimani")[0]?.label).toBe("İstanbul Havalimanı (IST)");
  });
  it("finds airports by IATA code and in other languages", () => {
    expect(searchGazetteer("AYT")[0]?.id).toBe("ayt-airport");
    expect(searchGazetteer("dalaman airport")[0]?.id).toBe("dlm-airport");
    expect(searchGazetteer("bodrum flughafen")[0]?.id).toBe("bjv-airport");
    expect(searchGazetteer("аэропорт")[0]?.kind).toBe("airport");
  });
  it("knows the hotel areas and resort towns", () => {
    for (const name of ["Lara", "Kundu", "Belek", "Side", "Kemer", "Alanya", "Mahmutlar", "Ölüdeniz", "Kuşadası", "Çeşme", "Fethiye", "Kaş"]) {
      expect(searchGazetteer(name).length, name).toBeGreaterThan(0);
    }
    expect(searchGazetteer("kemer")[0]?.label).toBe("Kemer, Antalya");
  });
  it("covers every scheduled Turkish airport and all 81 provinces", () => {
    const rows = data.places as Array<[string, string, string]>;
    const airports = rows.filter((r) => r[2] === "airport").map((r) => r[0]);
    for (const iata of ["ayt", "gzp", "ist", "saw", "esb", "adb", "dlm", "bjv", "cov", "tzx", "nav"]) expect(airports).toContain(`${iata}-airport`);
    expect(airports).not.toContain("isl-airport");
    expect(rows.filter((r) => r[2] === "city").length).toBeGreaterThanOrEqual(81);
  });
  it("finds places by id and ignores empty queries", () => {
    expect(gazetteerPlace("ayt-airport")).toMatchObject({ kind: "airport", lat: expect.closeTo(36.9, 1) });
    expect(gazetteerPlace("nowhere")).toBeNull();
    expect(searchGazetteer("   ")).toEqual([]);
    expect(searchGazetteer("zzzzqqq")).toEqual([]);
  });
});
