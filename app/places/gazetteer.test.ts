import { describe, expect, it } from "vitest";
import data from "./gazetteer.json";
import { gazetteerPlace, resolveGazetteer, searchGazetteer } from "./gazetteer.server";
import { searchVariants, transliterateCyrillic } from "~/utils/search-text";

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

describe("gazetteer in every script and language", () => {
  const first = (q: string, lng?: string) => searchGazetteer(q, 8, lng)[0];
  it("finds the airports in Cyrillic, German, English, Turkish and by IATA code", () => {
    for (const q of ["Аэропорт Анталья", "аэропорт анталия", "Анталья аэропорт", "Flughafen Antalya", "Antalya Flughafen", "Antalya Airport", "Antalya Havalimanı", "antalya havalimani", "AYT", "ayt"]) {
      expect(first(q)?.id, q).toBe("ayt-airport");
    }
    expect(first("Аэропорт Газипаша")?.id).toBe("gzp-airport");
    expect(first("Аэропорт Даламан")?.id).toBe("dlm-airport");
    expect(first("Flughafen Istanbul")?.id).toBe("ist-airport");
    expect(first("Сабиха Гёкчен")?.id).toBe("saw-airport");
    expect(first("GZP")?.id).toBe("gzp-airport");
  });
  it("finds the resorts as Russians, Germans and Turks write them", () => {
    const cases: Array<[string, string]> = [
      ["Кемер", "kemer-antalya"], ["Белек", "belek-antalya"], ["Сиде", "side-antalya"], ["Аланья", "alanya-antalya"],
      ["Махмутлар", "mahmutlar-antalya"], ["Конаклы", "konakli-antalya"], ["Кириш", "kiris-antalya"], ["Гёйнюк", "goynuk-antalya"],
      ["Гейнюк", "goynuk-antalya"], ["Чамьюва", "camyuva-antalya"], ["Текирова", "tekirova-antalya"], ["Лара", "lara-antalya"],
      ["Кунду", "kundu-antalya"], ["Коньяалты", "konyaalti-antalya"], ["Анталия", "antalya-antalya"], ["Анталья", "antalya-antalya"],
      ["Соргун", "sorgun-antalya"], ["Sorgun", "sorgun-antalya"], ["Окурджалар", "okurcalar-antalya"], ["Инджекум", "incekum-antalya"],
      ["Goeynuek", "goynuk-antalya"], ["Oeludeniz", "oludeniz-mugla"], ["Göynük", "goynuk-antalya"], ["Goynuk", "goynuk-antalya"],
      ["Kızılağaç", "kizilagac-antalya"], ["kizilagac", "kizilagac-antalya"], ["Çamyuva", "camyuva-antalya"], ["Konyaalti", "konyaalti-antalya"],
      ["Фетхие", "fethiye-mugla"], ["Мармарис", "marmaris-mugla"],
    ];
    for (const [q, id] of cases) expect(first(q)?.id, q).toBe(id);
  });
  it("transliterates Cyrillic names it has no curated spelling for", () => {
    expect(first("Коркутели")?.id).toBe("korkuteli-antalya");
    expect(first("Чешме")?.label).toBe("Çeşme, İzmir");
  });
  it("prefers the Antalya region for equal matches", () => {
    expect(first("Kaş")?.id).toBe("kas-antalya");
    expect(first("Kas")?.id).toBe("kas-antalya");
    expect(first("Kemer")?.id).toBe("kemer-antalya");
    expect(first("Side")?.id).toBe("side-antalya");
    expect(first("Antalya")?.id).toBe("antalya-antalya");
    expect(first("Kumköy")?.id).toBe("kumkoy-antalya");
    expect(searchGazetteer("Antalya").map((p) => p.id)).toContain("ayt-airport");
  });
  it("labels places in the visitor's language and keeps the Turkish label canonical", () => {
    expect(gazetteerPlace("ayt-airport", "ru")).toMatchObject({ label: "Аэропорт Анталья (AYT)", canonical: "Antalya Havalimanı (AYT)" });
    expect(gazetteerPlace("ayt-airport", "de")?.label).toBe("Flughafen Antalya (AYT)");
    expect(gazetteerPlace("ayt-airport", "en")?.label).toBe("Antalya Airport (AYT)");
    expect(gazetteerPlace("ayt-airport", "tr")?.label).toBe("Antalya Havalimanı (AYT)");
    expect(gazetteerPlace("kemer-antalya", "ru")).toMatchObject({ label: "Кемер, Анталья", canonical: "Kemer, Antalya" });
    expect(gazetteerPlace("kemer-antalya", "en")?.label).toBe("Kemer, Antalya");
    expect(gazetteerPlace("antalya-antalya", "ru")?.label).toBe("Анталья");
    expect(gazetteerPlace("kya-airport", "en")?.label).toBe("Konya Airport (KYA)");
    expect(gazetteerPlace("kya-airport", "de")?.label).toBe("Flughafen Konya (KYA)");
    // no Russian name: the Latin label, never a mix of scripts
    expect(gazetteerPlace("yazir-antalya", "ru")?.label).toBe("Yazır, Antalya");
    expect(searchGazetteer("Кемер", 8, "ru")[0]?.label).toBe("Кемер, Анталья");
  });
  it("keeps retired ids working", () => {
    expect(gazetteerPlace("incekum-antalya-2")?.id).toBe("incekum-antalya");
  });
  it("resolves a whole name and offers candidates when a text is ambiguous", () => {
    expect(resolveGazetteer("Кемер", "ru").place?.id).toBe("kemer-antalya");
    expect(resolveGazetteer("Аэропорт Анталья", "ru").place?.id).toBe("ayt-airport");
    for (const [q, id] of [["Kemer, Antalya", "kemer-antalya"], ["Kemer Antalya", "kemer-antalya"], ["Kemer Muğla", "kemer-mugla"], ["Bodrum Airport", "bjv-airport"], ["Antalya Flughafen", "ayt-airport"], ["Аэропорт Анталии", "ayt-airport"], ["Sorgun", "sorgun-antalya"]]) {
      expect(resolveGazetteer(q!, "en").place?.id, q).toBe(id);
    }
    const partial = resolveGazetteer("Kem", "en");
    expect(partial.place).toBeNull();
    expect(partial.candidates.map((p) => p.id)).toContain("kemer-antalya");
    expect(resolveGazetteer("zzzqqq")).toEqual({ place: null, candidates: [] });
  });
});

describe("search variants", () => {
  it("transliterates Cyrillic the Turkish way and the English way", () => {
    expect(transliterateCyrillic("Анталья")).toBe("antalya");
    expect(transliterateCyrillic("Гёйнюк")).toBe("goynuk");
    expect(transliterateCyrillic("Чамьюва")).toBe("camyuva");
    expect(transliterateCyrillic("Окурджалар")).toBe("okurcalar");
    expect(transliterateCyrillic("Кадрие")).toBe("kadriye");
    expect(transliterateCyrillic("Кириш", "english")).toBe("kirish");
    expect(transliterateCyrillic("Махмутлар", "english")).toBe("makhmutlar");
    expect(searchVariants("Кемер")).toEqual(["кемер", "kemer"]);
    expect(searchVariants("Goeynuek")).toEqual(["goeynuek", "goynuk"]);
    expect(searchVariants("Kaş")).toEqual(["kas"]);
  });
});
