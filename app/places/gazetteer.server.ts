/**
 * The shipped gazetteer (app/places/gazetteer.json, built by scripts/build-gazetteer.ts from
 * OurAirports and GeoNames data): lookup by id and a search tolerant of Turkish letters and case,
 * so "antalya havalimani" finds "Antalya Havalimanı (AYT)".
 */
import data from "./gazetteer.json";
import type { Place, PlaceKind } from "./types";
import { foldSearchText } from "~/utils/search-text";

type Row = [id: string, name: string, kind: string, lat: number, lng: number, province: string, aliases: string];

interface Entry {
  place: Place;
  name: string;
  words: string[];
  rank: number;
  /** 0 for the company's home province: equal matches there come first */
  home: number;
}

/** The company works from Antalya Airport: "Kemer" means the Antalya one unless told otherwise. */
const HOME_PROVINCE = "Antalya";
const KIND_RANK: Record<string, number> = { airport: 0, city: 1, area: 1, town: 2 };
const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const entries: Entry[] = (data.places as Row[]).map(([id, name, kind, lat, lng, province, aliases]) => {
  const label = kind === "airport" || !province || foldSearchText(name) === foldSearchText(province) ? name : `${name}, ${province}`;
  const folded = foldSearchText(label);
  return {
    place: { id, label, kind: kind as PlaceKind, lat, lng, source: "builtin" },
    name: folded,
    words: words(foldSearchText(label, province, aliases)),
    rank: KIND_RANK[kind] ?? 3,
    home: province === HOME_PROVINCE ? 0 : 1,
  };
});
const byId = new Map(entries.map((e) => [e.place.id, e]));

export const gazetteerSize = entries.length;

export function gazetteerPlace(id: string): Place | null {
  return byId.get(id)?.place ?? null;
}

/** Places whose words start with every word of the query, best first. */
export function searchGazetteer(query: string, limit = 8): Place[] {
  const q = foldSearchText(query.slice(0, 200));
  const terms = words(q);
  if (terms.length === 0) return [];
  const scored: Array<{ e: Entry; score: number }> = [];
  for (const e of entries) {
    if (!terms.every((t) => e.words.some((w) => w.startsWith(t)))) continue;
    const score = e.name === q ? 0 : e.name.startsWith(q) ? 1 : words(e.name).some((w) => w.startsWith(terms[0]!)) ? 2 : 3;
    scored.push({ e, score });
  }
  scored.sort((a, b) => a.score - b.score || a.e.rank - b.e.rank || a.e.home - b.e.home || a.e.name.length - b.e.name.length || a.e.name.localeCompare(b.e.name));
  return scored.slice(0, limit).map((s) => s.e.place);
}

/** Every place of the given provinces (airports included), in the gazetteer's order. */
export function gazetteerPlacesIn(provinces: readonly string[]): Place[] {
  const wanted = new Set(provinces);
  return (data.places as Row[]).filter((row) => wanted.has(row[5])).map((row) => byId.get(row[0])!.place);
}
