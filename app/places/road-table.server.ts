/**
 * Road distances between known places: the office's corrections (table `road_distances`) over the
 * published table (road-distances.ts). A place is known by its gazetteer id, or by coordinates
 * within MATCH_RADIUS_KM of a place of the table (a hotel picked on Google's map in Belek counts
 * as Belek: the town figures are good to a couple of kilometres). Pure given the corrections.
 */
import { greatCircleKm } from "./estimate";
import { gazetteerPlace } from "./gazetteer.server";
import { ROAD_DISTANCES } from "./road-distances";
import type { LatLng, RouteResult } from "./types";

/** How far from a table place a point still counts as that place. */
export const MATCH_RADIUS_KM = 2;

export interface RoadFigure {
  km: number;
  minutes: number;
}

/** A point on a route: any coordinates, with the gazetteer id when it is a known place. */
export type RoutePoint = LatLng & { id?: string };

/** Corrections by pairKey. */
export type RoadCorrections = ReadonlyMap<string, RoadFigure>;

/** The pair in id order, as the table and the database store it. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export function pairKey(a: string, b: string): string {
  return orderedPair(a, b).join("|");
}

const PUBLISHED: ReadonlyMap<string, RoadFigure> = new Map(ROAD_DISTANCES.map(([a, b, km, minutes]) => [pairKey(a, b), { km, minutes }]));

const TABLE_PLACES: ReadonlyMap<string, LatLng> = new Map(
  ROAD_DISTANCES.flatMap(([a, b]) => [a, b])
    .map((id) => [id, gazetteerPlace(id)] as const)
    .filter((entry): entry is readonly [string, NonNullable<ReturnType<typeof gazetteerPlace>>] => entry[1] !== null)
    .map(([id, p]) => [id, { lat: p.lat, lng: p.lng }]),
);

/** The published figure for a pair, or null. */
export function publishedRoad(a: string, b: string): RoadFigure | null {
  return PUBLISHED.get(pairKey(a, b)) ?? null;
}

function nearestKnown(point: LatLng, corrections: RoadCorrections): string | null {
  let best: { id: string; km: number } | null = null;
  const consider = (id: string, at: LatLng) => {
    const km = greatCircleKm(point, at);
    if (km <= MATCH_RADIUS_KM && (!best || km < best.km)) best = { id, km };
  };
  for (const [id, at] of TABLE_PLACES) consider(id, at);
  for (const key of corrections.keys()) {
    for (const id of key.split("|")) {
      const place = TABLE_PLACES.has(id) ? null : gazetteerPlace(id);
      if (place) consider(id, place);
    }
  }
  return (best as { id: string } | null)?.id ?? null;
}

function candidates(point: RoutePoint, corrections: RoadCorrections): string[] {
  const ids: string[] = [];
  if (point.id && gazetteerPlace(point.id)) ids.push(point.id);
  const near = nearestKnown(point, corrections);
  if (near && !ids.includes(near)) ids.push(near);
  return ids;
}

/** The road between two points from the corrections or the published table, or null when no row applies. */
export function lookupRoad(from: RoutePoint, to: RoutePoint, corrections: RoadCorrections = new Map()): (RoadFigure & { pair: [string, string] }) | null {
  for (const a of candidates(from, corrections)) {
    for (const b of candidates(to, corrections)) {
      if (a === b) continue;
      const key = pairKey(a, b);
      const figure = corrections.get(key) ?? PUBLISHED.get(key);
      if (figure) return { ...figure, pair: orderedPair(a, b) };
    }
  }
  return null;
}

/** A table hit as a route: measured, not an estimate (no line to draw). */
export function tableRoute(figure: RoadFigure): RouteResult {
  return {
    distanceMeters: Math.round(figure.km * 1000),
    durationSeconds: Math.round(figure.minutes * 60),
    polyline: null,
    source: "builtin",
    estimate: false,
  };
}
