/**
 * A trip planned on the server: each location resolved to a place with coordinates (a place id
 * from the suggestions, coordinates, or a typed text), then each leg routed by the configured
 * provider. Used by the results page, the quote and route APIs and the confirmation, so the
 * price the visitor sees is computed from the same route as the one stored.
 */
import type { PlaceServices } from "~/places/service.server";
import { isInTurkey, type LatLng, type Place, type PlaceSuggestion, type RouteResult } from "~/places/types";
import type { FieldProblems } from "~/i18n/problem";
import { problem } from "~/i18n/problem";
import type { TripType } from "./rules/search";
import { addKm, metresToKm, seconds, secondsToMinutes, type Km, type Minutes, type Seconds } from "./rules/units";

export interface LocationInput {
  text: string;
  placeId?: string;
  lat?: number;
  lng?: number;
}

export interface Leg {
  from: Place;
  to: Place;
  route: RouteResult;
  km: Km;
  minutes: Minutes;
}

export interface Trip {
  tripType: TripType;
  /** hourly hire: its hours (the outbound "leg" starts and ends at the start place, lasting them) */
  hours: number | null;
  outbound: Leg;
  return: Leg | null;
  totalKm: Km;
  totalSeconds: Seconds;
  /** the provider that drew the routes; `builtin` as soon as one leg is an estimate */
  source: RouteResult["source"];
  estimate: boolean;
}

export interface TripRequest {
  tripType: TripType;
  /** hourly hire only */
  hours?: number;
  pickup: LocationInput;
  dropoff: LocationInput;
  returnPickup?: LocationInput;
  returnDropoff?: LocationInput;
}

export type LocationField = "pickup" | "dropoff" | "returnPickup" | "returnDropoff";

/**
 * Problems are codes of the `booking` namespace, by location field; `candidates` are the places a
 * typed text may mean, by field, for the visitor to pick from (a form without JavaScript lists them).
 */
export type TripResult =
  | { ok: true; trip: Trip }
  | { ok: false; fields: FieldProblems; candidates?: Partial<Record<LocationField, PlaceSuggestion[]>> };

/**
 * A place id as the browser sends it: a suggestion's id (`ayt-airport`, `g:ChIJ…`), a point
 * (`@36.8987,30.8005`), or both (`g:ChIJ…@36.8987,30.8005`: a place chosen from Google's
 * suggestions in the browser, with the coordinates Google gave it there, so the server can place it
 * even when it has no Google key of its own).
 */
export function parsePlaceId(value: string): { id?: string; point?: LatLng } {
  const match = /^(g:[\w-]{1,250})?@(-?\d{1,3}(?:\.\d{1,8})?),(-?\d{1,3}(?:\.\d{1,8})?)$/.exec(value.trim());
  if (!match) return { id: value.trim() };
  return { id: match[1], point: { lat: Number(match[2]), lng: Number(match[3]) } };
}

function pointPlace(point: LatLng, text: string): Place | null {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng) || !isInTurkey(point)) return null;
  return { id: `@${point.lat.toFixed(6)},${point.lng.toFixed(6)}`, label: text || `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`, kind: "address", ...point, source: "builtin" };
}

/** A location to a place: coordinates win, then a place id (with its point as a fallback), then the typed text. */
export async function resolveLocation(places: PlaceServices, input: LocationInput, language: string): Promise<Place | null> {
  return (await locate(places, input, language)).place;
}

/** The place and, for a typed text that is unknown or ambiguous, the candidates it may mean. */
async function locate(places: PlaceServices, input: LocationInput, language: string): Promise<{ place: Place | null; candidates: PlaceSuggestion[] }> {
  const text = input.text.trim();
  if (typeof input.lat === "number" && typeof input.lng === "number") return { place: pointPlace({ lat: input.lat, lng: input.lng }, text), candidates: [] };
  if (input.placeId) {
    const { id, point } = parsePlaceId(input.placeId);
    const place = id ? await places.place(id, language) : null;
    if (place) return { place, candidates: [] };
    if (point) return { place: pointPlace(point, text), candidates: [] };
  }
  return text ? places.matchText(text, language) : { place: null, candidates: [] };
}

export interface LocatedFields {
  resolved: Array<Place | null>;
  fields: FieldProblems;
  candidates: Partial<Record<LocationField, PlaceSuggestion[]>>;
}

/**
 * Each wanted location to a place; for the ones that fail, the problem that says what the visitor
 * sees (a list to pick from, or that nothing was found) and the candidates to list.
 */
export async function locateFields(places: PlaceServices, wanted: Array<[LocationField, LocationInput | undefined]>, language: string): Promise<LocatedFields> {
  const located = await Promise.all(wanted.map(([, input]) => (input ? locate(places, input, language) : null)));
  const resolved = located.map((l) => l?.place ?? null);
  const fields: FieldProblems = {};
  const candidates: Partial<Record<LocationField, PlaceSuggestion[]>> = {};
  wanted.forEach(([field, input], i) => {
    if (resolved[i]) return;
    const offered = located[i]?.candidates ?? [];
    if (offered.length > 0) {
      candidates[field] = offered;
      // The page lists the candidates; the API names them (with their ids) in the problem's values.
      fields[field] = [problem("booking:errors.pickPlace", { options: offered.map((o) => `${o.label} (${o.id})`).join("; ") })];
    } else {
      fields[field] = [problem(input?.text.trim() ? "booking:errors.placeNotFound" : "booking:errors.selectLocation")];
    }
  });
  return { resolved, fields, candidates };
}

const leg = (from: Place, to: Place, route: RouteResult): Leg => ({
  from,
  to,
  route,
  km: metresToKm(route.distanceMeters),
  minutes: secondsToMinutes(seconds(route.durationSeconds)),
});

/**
 * An hourly hire as a trip: one "leg" from the start place back to it, as long as the hire, with no
 * kilometres (the price is by the hour; the included distance is a term of the hire).
 */
async function planHire(places: PlaceServices, request: TripRequest, language: string): Promise<TripResult> {
  const { resolved, fields, candidates } = await locateFields(places, [["pickup", request.pickup]], language);
  const start = resolved[0];
  if (!start) return { ok: false, fields, ...(Object.keys(candidates).length ? { candidates } : {}) };
  const duration = seconds((request.hours ?? 0) * 3600);
  const route: RouteResult = { distanceMeters: 0, durationSeconds: duration, polyline: null, source: "builtin", estimate: false };
  return {
    ok: true,
    trip: { tripType: "hourly", hours: request.hours ?? 0, outbound: leg(start, start, route), return: null, totalKm: addKm(), totalSeconds: duration, source: "builtin", estimate: false },
  };
}

export async function planTrip(places: PlaceServices, request: TripRequest, language: string): Promise<TripResult> {
  if (request.tripType === "hourly") return planHire(places, request, language);
  const round = request.tripType === "roundTrip";
  const wanted: Array<[LocationField, LocationInput | undefined]> = [
    ["pickup", request.pickup],
    ["dropoff", request.dropoff],
    ...(round
      ? ([
          ["returnPickup", request.returnPickup],
          ["returnDropoff", request.returnDropoff],
        ] satisfies Array<[LocationField, LocationInput | undefined]>)
      : []),
  ];
  const { resolved, fields, candidates } = await locateFields(places, wanted, language);
  const [pickup, dropoff, returnPickup, returnDropoff] = resolved;
  if (!pickup || !dropoff || (round && (!returnPickup || !returnDropoff))) return { ok: false, fields, ...(Object.keys(candidates).length ? { candidates } : {}) };
  if (pickup.lat === dropoff.lat && pickup.lng === dropoff.lng) return { ok: false, fields: { dropoff: [problem("booking:errors.samePlace")] } };
  if (round && returnPickup!.lat === returnDropoff!.lat && returnPickup!.lng === returnDropoff!.lng) {
    return { ok: false, fields: { returnDropoff: [problem("booking:errors.samePlace")] } };
  }
  const [outRoute, backRoute] = await Promise.all([
    places.route(pickup, dropoff),
    round ? places.route(returnPickup!, returnDropoff!) : Promise.resolve(null),
  ]);
  const outbound = leg(pickup, dropoff, outRoute);
  const back = backRoute ? leg(returnPickup!, returnDropoff!, backRoute) : null;
  const estimate = outRoute.estimate || Boolean(backRoute?.estimate);
  return {
    ok: true,
    trip: {
      tripType: request.tripType,
      hours: null,
      outbound,
      return: back,
      totalKm: addKm(outbound.km, back?.km),
      totalSeconds: seconds(outRoute.durationSeconds + (backRoute?.durationSeconds ?? 0)),
      source: estimate ? "builtin" : outRoute.source,
      estimate,
    },
  };
}

/** Whether a leg of the trip starts at an airport (the flight number is then asked for). */
export function startsAtAirport(trip: Trip): boolean {
  return trip.outbound.from.kind === "airport" || trip.return?.from.kind === "airport";
}
