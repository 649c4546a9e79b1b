/**
 * The search's URL parameters and bounds, without zod: the home page's form imports these, and
 * loads the zod schema (search.ts) only when the visitor starts filling it in, to keep the home
 * page's JavaScript small.
 */
/** `hourly`: chauffeur by the hour from one place (no drop-off), for `hours` hours. */
export const TRIP_TYPES = ["oneWay", "roundTrip", "hourly"] as const;
export type TripType = (typeof TRIP_TYPES)[number];
export { LUGGAGE_KINDS, type LuggageKind, MAX_LUGGAGE, MAX_LUGGAGE_ITEM, MAX_PASSENGERS } from "./capacity";
export const MAX_PLACE_TEXT = 200;

/** The names of the search's URL parameters, in a stable order. */
export const SEARCH_KEYS = [
  "tripType",
  "pickup",
  "pickupPlace",
  "dropoff",
  "dropoffPlace",
  "date",
  "time",
  "passengers",
  "luggage",
  // the special luggage by kind (issue 32), each a count: `prams=1&golfBags=2`
  "prams",
  "wheelchairs",
  "golfBags",
  "skis",
  "bicycles",
  "hours",
  "returnPickup",
  "returnPickupPlace",
  "returnDropoff",
  "returnDropoffPlace",
  "returnDate",
  "returnTime",
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** The search's own parameters from a URL (others, such as `lng` or `car`, are left out). */
export function searchParamsOf(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== "") out.set(key, value.slice(0, 400));
  }
  return out;
}

/** Whether a URL carries anything of a search at all ("no booking data" otherwise). */
export function hasSearch(params: URLSearchParams): boolean {
  return ["pickup", "dropoff", "date", "time", "hours"].some((k) => (params.get(k) ?? "").trim() !== "");
}

/**
 * A round trip whose return places were both left empty goes back the way it came (spec §4): the
 * browser's form mirrors them when the round trip is chosen; this does the same for a search sent
 * without JavaScript or to the API. Returns a new set of parameters.
 */
export function withReturnDefaults(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  if (out.get("tripType") !== "roundTrip" || out.get("returnPickup") || out.get("returnDropoff")) return out;
  const mirror: Array<[SearchKey, SearchKey]> = [
    ["returnPickup", "dropoff"],
    ["returnPickupPlace", "dropoffPlace"],
    ["returnDropoff", "pickup"],
    ["returnDropoffPlace", "pickupPlace"],
  ];
  for (const [to, from] of mirror) {
    const value = out.get(from);
    if (value) out.set(to, value);
    else out.delete(to);
  }
  return sortedSearch(out);
}

/** The parameters in the order of SEARCH_KEYS, so a URL reads the same however it was built. */
function sortedSearch(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null) out.set(key, value);
  }
  return out;
}
