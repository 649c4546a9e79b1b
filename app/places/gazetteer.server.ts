/**
 * The shipped gazetteer (app/places/gazetteer.json, built by scripts/build-gazetteer.ts from
 * OurAirports and GeoNames data and curated names): lookup by id and a search tolerant of Turkish
 * letters, case, Cyrillic and German spellings, so "antalya havalimani", "Аэропорт Анталья",
 * "Flughafen Antalya" and "AYT" all find Antalya Havalimanı (AYT). Labels come in the visitor's
 * language ("Кемер, Анталья"); `canonical` is the Turkish label a booking stores ("Kemer, Antalya").
 */
import data from "./gazetteer.json";
import type { Place, PlaceKind } from "./types";
import { foldSearchText, searchVariants } from "~/utils/search-text";

type Lang = "en" | "de" | "ru";
type Names = Partial<Record<Lang | "alt", string>>;
type Row = [id: string, name: string, kind: string, lat: number, lng: number, province: string, aliases: string, names?: Names];

interface Entry {
  id: string;
  kind: PlaceKind;
  lat: number;
  lng: number;
  /** label per language; `tr` is the canonical one */
  labels: Record<"tr" | Lang, string>;
  /** folded whole names (in every language, with and without province, IATA code) */
  names: string[];
  words: string[];
  rank: number;
  /** 0 for the company's home province: equal matches there come first */
  home: number;
}

/** The company works from Antalya Airport: "Kemer" means the Antalya one unless told otherwise. */
const HOME_PROVINCE = "Antalya";
const KIND_RANK: Record<string, number> = { airport: 0, city: 1, area: 1, town: 2 };
const LANGS: Lang[] = ["en", "de", "ru"];
const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const provinces = data.provinces as Record<string, Names | undefined>;
const redirects = data.redirects as Record<string, string>;

/** Airports without a curated name still read naturally in English and German. */
function airportName(name: string, lng: Lang): string | undefined {
  const base = /^(.+) Havalimanı$/.exec(name)?.[1];
  if (!base) return undefined;
  return lng === "en" ? `${base} Airport` : lng === "de" ? `Flughafen ${base}` : undefined;
}

function labelsOf([, name, kind, , , province, , names = {}]: Row): Entry["labels"] {
  const iata = kind === "airport" ? / \(([A-Z]{3})\)$/.exec(name)?.[1] : undefined;
  const trName = iata ? name.slice(0, -(iata.length + 3)) : name;
  const labels = { tr: name } as Entry["labels"];
  for (const lng of LANGS) {
    if (iata) {
      const local = names[lng] ?? airportName(trName, lng);
      labels[lng] = local ? `${local} (${iata})` : name;
      continue;
    }
    const local = lng in names ? names[lng] : undefined;
    // A province in another script only next to a name in that script: never "Yazır, Анталья".
    const prov = local ? (provinces[province]?.[lng] ?? province) : (lng === "ru" ? province : (provinces[province]?.[lng] ?? province));
    const own = local ?? name;
    labels[lng] = !province || foldSearchText(own) === foldSearchText(prov) || foldSearchText(name) === foldSearchText(province) ? own : `${own}, ${prov}`;
  }
  if (!iata && province && foldSearchText(name) !== foldSearchText(province)) labels.tr = `${name}, ${province}`;
  return labels;
}

const entries: Entry[] = (data.places as Row[]).map((row) => {
  const [id, name, kind, lat, lng, province, aliases, names = {}] = row;
  const labels = labelsOf(row);
  const iata = kind === "airport" ? (/ \(([A-Z]{3})\)$/.exec(name)?.[1] ?? "") : "";
  const { alt = "", ...local } = names;
  // Other spellings of a town's name are names too ("Анталия"); an airport's are words of it.
  const spellings = kind === "airport" ? [] : words(alt);
  // compared word by word, so "Kemer Antalya" is the whole name "Kemer, Antalya"
  const whole = [name, ...Object.values(local), ...Object.values(labels), ...spellings, iata].map((n) => words(foldSearchText(n.replace(/ \([A-Z]{3}\)$/, ""))).join(" ")).filter(Boolean);
  return {
    id,
    kind: kind as PlaceKind,
    lat,
    lng,
    labels,
    names: [...new Set(whole)],
    words: [...new Set(words(foldSearchText(...Object.values(labels), ...Object.values(local), alt, province, aliases)))],
    rank: KIND_RANK[kind] ?? 3,
    home: province === HOME_PROVINCE ? 0 : 1,
  };
});
const byId = new Map(entries.map((e) => [e.id, e]));

const langOf = (language: string | undefined): "tr" | Lang => (language === "en" || language === "de" || language === "ru" ? language : language === undefined || language === "tr" ? "tr" : "en");

function toPlace(e: Entry, language?: string): Place {
  return { id: e.id, label: e.labels[langOf(language)], canonical: e.labels.tr, kind: e.kind, lat: e.lat, lng: e.lng, source: "builtin" };
}

export const gazetteerSize = entries.length;

const byCanonical = new Map<string, Entry>();
for (const e of entries) if (!byCanonical.has(e.labels.tr)) byCanonical.set(e.labels.tr, e);

/**
 * A name as a booking stores it (the canonical label, "Kemer, Antalya") in a language ("Кемер,
 * Анталья"); a name that is not a gazetteer label (Google's, a typed address) comes back as it is.
 */
export function placeNameIn(name: string, language: string): string {
  const e = byCanonical.get(name);
  return e ? e.labels[langOf(language)] : name;
}

/** A place by id, labelled in the language (the canonical Turkish label without one). */
export function gazetteerPlace(id: string, language = "tr"): Place | null {
  const e = byId.get(id) ?? byId.get(redirects[id] ?? "");
  return e ? toPlace(e, language) : null;
}

/**
 * How well an entry matches one folded query: 0 a whole name, 1 the start of a name, 2 a name's
 * word starting with the first term, 3 found through other words (province, aliases); null when
 * some term starts no word of the entry.
 */
function matchScore(e: Entry, q: string, terms: string[]): number | null {
  if (!terms.every((t) => e.words.some((w) => w.startsWith(t)))) return null;
  if (e.names.includes(q)) return 0;
  if (e.names.some((n) => n.startsWith(q))) return 1;
  if (e.names.some((n) => words(n).some((w) => w.startsWith(terms[0]!)))) return 2;
  return 3;
}

export interface GazetteerMatch {
  place: Place;
  score: number;
  home: number;
}

/** Matches for a typed text, best first: score, then the Antalya region, then airports and cities, then shorter names. */
export function matchGazetteer(query: string, limit = 8, language?: string): GazetteerMatch[] {
  const key = `${limit}|${query.slice(0, 200)}`;
  let best = matched.get(key);
  if (best) matched.delete(key);
  else {
    best = scoreGazetteer(query, limit);
    if (matched.size >= MATCH_CACHE_SIZE) matched.delete(matched.keys().next().value!);
  }
  matched.set(key, best);
  return best.map(({ e, score }) => ({ place: toPlace(e, language), score, home: e.home }));
}

/**
 * The best entries for a text, kept for the texts asked most recently: the gazetteer never changes
 * while the server runs, and scoring walks all of it (a booking resolves its places several times:
 * the trip, the airport check, the mails).
 */
const matched = new Map<string, Array<{ e: Entry; score: number }>>();
const MATCH_CACHE_SIZE = 1000;

function scoreGazetteer(query: string, limit: number): Array<{ e: Entry; score: number }> {
  const variants = searchVariants(query.slice(0, 200)).map((v) => ({ q: words(v).join(" "), terms: words(v) })).filter((v) => v.terms.length > 0);
  if (variants.length === 0) return [];
  const scored: Array<{ e: Entry; score: number }> = [];
  for (const e of entries) {
    let best: number | null = null;
    for (const { q, terms } of variants) {
      const s = matchScore(e, q, terms);
      if (s !== null && (best === null || s < best)) best = s;
    }
    if (best !== null) scored.push({ e, score: best });
  }
  const name = (e: Entry) => e.labels.tr;
  scored.sort(
    (a, b) =>
      a.score - b.score || a.e.home - b.e.home || a.e.rank - b.e.rank || name(a.e).length - name(b.e).length || name(a.e).localeCompare(name(b.e), "tr"),
  );
  return scored.slice(0, limit);
}

/** Places matching a typed text, best first, labelled in the language. */
export function searchGazetteer(query: string, limit = 8, language?: string): Place[] {
  return matchGazetteer(query, limit, language).map((m) => m.place);
}

/**
 * The one place a typed text means, or null with the candidates when it is ambiguous (the two
 * best match equally well in the same region: "Yeniköy", "Kem") or unknown (no candidates).
 */
export function resolveGazetteer(text: string, language?: string): { place: Place | null; candidates: Place[] } {
  const matches = matchGazetteer(text, 8, language);
  const [first, second] = matches;
  if (!first) return { place: null, candidates: [] };
  if (second && second.score === first.score && second.home === first.home) return { place: null, candidates: matches.map((m) => m.place) };
  return { place: first.place, candidates: matches.map((m) => m.place) };
}

/** Every place of the given provinces (airports included), in the gazetteer's order, labelled in `language`. */
export function gazetteerPlacesIn(provinces: readonly string[], language = "tr"): Place[] {
  const wanted = new Set(provinces);
  return (data.places as Row[]).filter((row) => wanted.has(row[5])).map((row) => gazetteerPlace(row[0], language)!);
}
