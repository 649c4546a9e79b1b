/**
 * What the booking engine asks of place search and routing, whichever service answers
 * (DESIGN.md §5): `builtin` (the shipped gazetteer and an estimate), `google` or `osrm`.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

export type PlaceKind = "airport" | "city" | "town" | "area" | "address";
export type PlaceSource = "builtin" | "google";

export interface PlaceSuggestion {
  /** builtin ids are slugs (`ayt-airport`); Google's are prefixed `g:` */
  id: string;
  label: string;
  kind: PlaceKind;
}

export interface Place extends PlaceSuggestion, LatLng {
  source: PlaceSource;
  /**
   * The name a booking stores, whatever the visitor's language: the gazetteer's Turkish label
   * ("Kemer, Antalya", "Antalya Havalimanı (AYT)"); absent where `label` is already it (Google's
   * label, a point's typed address).
   */
  canonical?: string;
}

/** The name stored in a booking for a resolved place. */
export const canonicalLabel = (place: Pick<Place, "label" | "canonical">): string => place.canonical ?? place.label;

export interface PlacesProvider {
  readonly name: PlaceSource;
  suggest(query: string, options: { language: string; signal?: AbortSignal }): Promise<PlaceSuggestion[]>;
  place(id: string, options: { language: string; signal?: AbortSignal }): Promise<Place | null>;
}

export type RouteSource = "builtin" | "google" | "osrm";

export interface RouteResult {
  distanceMeters: number;
  durationSeconds: number;
  /** encoded polyline, precision 1e5; null for the builtin estimate */
  polyline: string | null;
  source: RouteSource;
  /** true for the builtin great-circle estimate, shown as "≈ … (estimate)" */
  estimate: boolean;
}

export interface RoutingProvider {
  readonly name: RouteSource;
  route(from: LatLng, to: LatLng, options: { signal?: AbortSignal }): Promise<RouteResult>;
}

/** A provider answered, but not with what we need (bad status, missing fields). */
export class ProviderError extends Error {
  override name = "ProviderError";
}

/** Roughly Turkey and its coastal waters: coordinates outside cannot be a transfer of ours. */
export function isInTurkey(p: LatLng): boolean {
  return p.lat >= 35.5 && p.lat <= 42.5 && p.lng >= 25.5 && p.lng <= 45;
}
