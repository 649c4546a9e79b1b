/**
 * Route fares (issue 14): the office's fixed prices for known routes, from a place or a zone to a
 * place or a zone, per vehicle category, both directions unless one-way. Every end is a circle
 * (a zone's centre and radius; a place's point with `PLACE_RADIUS_KM`), so a trip matches by its
 * coordinates whoever planned it: the site (a place chosen from the suggestions), the API, or the
 * office editing a stored booking. When several routes match, the tightest ends win (a place over
 * the zone around it). Pure: the tables are read by fares.server.ts.
 */
import { greatCircleKm } from "~/places/estimate";
import type { LatLng } from "~/places/types";
import { kurus, type Kurus } from "~/utils/money";

/** A place end matches a point this close to it (an airport's terminals, a resort's centre). */
export const PLACE_RADIUS_KM = 2;
export const MAX_ZONE_RADIUS_KM = 100;

export interface Zone {
  id: string;
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

/** One end of a route: a gazetteer place (its id, name and point) or a zone. */
export type FareEnd = { kind: "place"; placeId: string; label: string; lat: number; lng: number } | { kind: "zone"; zoneId: string };

export interface RouteFare {
  id: string;
  from: FareEnd;
  to: FareEnd;
  oneWay: boolean;
  /** fixed price per vehicle category (the category's own spelling); a category without one is priced by distance */
  prices: Record<string, Kurus>;
  active: boolean;
}

export interface FareMatch {
  fare: RouteFare;
  /** the trip runs the route backwards (to → from) */
  reversed: boolean;
}

export interface Circle extends LatLng {
  radiusKm: number;
}

/** An end as a circle; null when its zone is gone. */
export function circleOf(end: FareEnd, zones: ReadonlyMap<string, Zone>): Circle | null {
  if (end.kind === "place") return { lat: end.lat, lng: end.lng, radiusKm: PLACE_RADIUS_KM };
  const zone = zones.get(end.zoneId);
  return zone ? { lat: zone.lat, lng: zone.lng, radiusKm: zone.radiusKm } : null;
}

const inside = (point: LatLng, circle: Circle) => greatCircleKm(point, circle) <= circle.radiusKm + 1e-9;

/**
 * The route a leg from `from` to `to` falls in, or null. Among matches the smallest pair of radii
 * wins, then the route with the most prices, then the id (so the choice is stable).
 */
export function matchFare(fares: readonly RouteFare[], zones: ReadonlyMap<string, Zone>, from: LatLng, to: LatLng): FareMatch | null {
  let best: { match: FareMatch; size: number } | null = null;
  for (const fare of fares) {
    if (!fare.active) continue;
    const a = circleOf(fare.from, zones);
    const b = circleOf(fare.to, zones);
    if (!a || !b) continue;
    const size = a.radiusKm + b.radiusKm;
    const tries: boolean[] = fare.oneWay ? [false] : [false, true];
    for (const reversed of tries) {
      const [start, end] = reversed ? [b, a] : [a, b];
      if (!inside(from, start) || !inside(to, end)) continue;
      const better =
        !best ||
        size < best.size ||
        (size === best.size && Object.keys(fare.prices).length > Object.keys(best.match.fare.prices).length) ||
        (size === best.size && Object.keys(fare.prices).length === Object.keys(best.match.fare.prices).length && fare.id < best.match.fare.id);
      if (better) best = { match: { fare, reversed }, size };
      break;
    }
  }
  return best?.match ?? null;
}

/** The category's fixed price on a matched route, or null (not set for that category). */
export function farePriceFor(fare: RouteFare, category: string): Kurus | null {
  const wanted = category.normalize("NFC").trim().toLowerCase();
  for (const [name, price] of Object.entries(fare.prices)) {
    if (name.normalize("NFC").trim().toLowerCase() === wanted && Number.isFinite(price) && price > 0) return kurus(price);
  }
  return null;
}

/** A route's ends in words ("Antalya Havalimanı (AYT) → Belek"), for the office's screens. */
export function fareEndLabel(end: FareEnd, zones: ReadonlyMap<string, Zone>): string {
  return end.kind === "place" ? end.label : (zones.get(end.zoneId)?.name ?? "?");
}

const endKey = (end: FareEnd): string => (end.kind === "place" ? `p:${end.placeId}` : `z:${end.zoneId}`);

/**
 * One active fare per route pair (issue 34): a fare row holds every class's price and matchFare
 * picks one row per pair, so a second fare for the same ends was never priced: the one with more
 * prices, then the lower id, silently won. `route_fares.pair_key` (unique, migration 0227) holds
 * this key for an active fare and null for an inactive one: the ends in order for a one-way fare
 * (">a|b"), sorted for a two-way one ("~a|b"). The database so refuses the same pair twice; a
 * two-way fare beside a one-way one on the same ends is refused by `faresClash` (the write path).
 */
export function farePairKey(fare: Pick<RouteFare, "from" | "to" | "oneWay" | "active">): string | null {
  if (!fare.active) return null;
  const a = endKey(fare.from);
  const b = endKey(fare.to);
  return fare.oneWay ? `>${a}|${b}` : `~${[a, b].sort().join("|")}`;
}

/** Two active fares a trip could match both on the same ends: the same direction, or either when one runs both ways. */
export function faresClash(
  a: Pick<RouteFare, "from" | "to" | "oneWay" | "active">,
  b: Pick<RouteFare, "from" | "to" | "oneWay" | "active">,
): boolean {
  if (!a.active || !b.active) return false;
  const [a1, a2, b1, b2] = [endKey(a.from), endKey(a.to), endKey(b.from), endKey(b.to)];
  if (a1 === b1 && a2 === b2) return true;
  return a1 === b2 && a2 === b1 && (!a.oneWay || !b.oneWay);
}
