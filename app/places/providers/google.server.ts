/**
 * Google Maps Platform on the server (the key never reaches the browser):
 * - Places API (New): `places:autocomplete` restricted to Turkey, and Place Details for the
 *   coordinates of a chosen suggestion;
 * - Routes API v2: `directions/v2:computeRoutes` with exactly the request of spec §7 and a field
 *   mask asking only for duration, distance and the encoded polyline.
 * The base URLs can point at other hosts (GOOGLE_PLACES_URL, GOOGLE_ROUTES_URL), e.g. fakes in tests.
 */
import { ProviderError, type LatLng, type PlaceKind, type PlacesProvider, type RoutingProvider } from "../types";

export const GOOGLE_PLACES_URL = "https://places.googleapis.com";
export const GOOGLE_ROUTES_URL = "https://routes.googleapis.com";
export const ROUTES_FIELD_MASK = "routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline";
export const DETAILS_FIELD_MASK = "id,displayName,formattedAddress,location,types";
export const AUTOCOMPLETE_FIELD_MASK =
  "suggestions.placePrediction.placeId,suggestions.placePrediction.text.text,suggestions.placePrediction.types";

const LANGUAGE_CODES: Record<string, string> = { tr: "tr", en: "en", de: "de", ru: "ru" };

async function readJson(response: Response, what: string): Promise<unknown> {
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new ProviderError(`${what}: HTTP ${response.status} ${body.slice(0, 200)}`);
  }
  try {
    return await response.json();
  } catch {
    throw new ProviderError(`${what}: response is not JSON`);
  }
}

const kindOf = (types: unknown): PlaceKind =>
  Array.isArray(types) && types.includes("airport") ? "airport" : "address";

export function googlePlaces(options: { apiKey: string; baseUrl?: string; fetch?: typeof fetch }): PlacesProvider {
  const base = (options.baseUrl ?? GOOGLE_PLACES_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  return {
    name: "google",
    async suggest(query, { language, signal }) {
      const response = await doFetch(`${base}/v1/places:autocomplete`, {
        method: "POST",
        signal,
        headers: {
          "Content-Type": "application/json",
          "X-Goog-Api-Key": options.apiKey,
          "X-Goog-FieldMask": AUTOCOMPLETE_FIELD_MASK,
        },
        body: JSON.stringify({
          input: query,
          includedRegionCodes: ["tr"],
          languageCode: LANGUAGE_CODES[language] ?? "en",
        }),
      });
      const body = (await readJson(response, "places:autocomplete")) as {
        suggestions?: Array<{ placePrediction?: { placeId?: string; text?: { text?: string }; types?: string[] } }>;
      };
      return (body.suggestions ?? [])
        .map((s) => s.placePrediction)
        .filter((p): p is { placeId: string; text: { text: string }; types?: string[] } =>
          typeof p?.placeId === "string" && typeof p.text?.text === "string",
        )
        .map((p) => ({ id: `g:${p.placeId}`, label: p.text.text, kind: kindOf(p.types) }));
    },
    async place(id, { language, signal }) {
      if (!id.startsWith("g:")) return null;
      const placeId = id.slice(2);
      if (!/^[\w-]{1,300}$/.test(placeId)) return null;
      const response = await doFetch(`${base}/v1/places/${encodeURIComponent(placeId)}?languageCode=${LANGUAGE_CODES[language] ?? "en"}`, {
        signal,
        headers: { "X-Goog-Api-Key": options.apiKey, "X-Goog-FieldMask": DETAILS_FIELD_MASK },
      });
      if (response.status === 404) return null;
      const body = (await readJson(response, "place details")) as {
        formattedAddress?: string;
        displayName?: { text?: string };
        location?: { latitude?: number; longitude?: number };
        types?: string[];
      };
      const lat = body.location?.latitude;
      const lng = body.location?.longitude;
      if (typeof lat !== "number" || typeof lng !== "number") throw new ProviderError("place details: no location");
      const name = body.displayName?.text;
      const address = body.formattedAddress ?? name ?? "";
      const label = name && address && !address.startsWith(name) ? `${name}, ${address}` : address;
      return { id, label, kind: kindOf(body.types), lat, lng, source: "google" };
    },
  };
}

/** The request body of spec §7, exactly. */
export function computeRoutesBody(from: LatLng, to: LatLng) {
  return {
    origin: { location: { latLng: { latitude: from.lat, longitude: from.lng } } },
    destination: { location: { latLng: { latitude: to.lat, longitude: to.lng } } },
    travelMode: "DRIVE",
    routingPreference: "TRAFFIC_AWARE",
    computeAlternativeRoutes: false,
    routeModifiers: { avoidTolls: false, avoidHighways: false, avoidFerries: false },
    languageCode: "tr-TR",
    units: "METRIC",
  };
}

export function googleRouting(options: { apiKey: string; baseUrl?: string; fetch?: typeof fetch }): RoutingProvider {
  const base = (options.baseUrl ?? GOOGLE_ROUTES_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  return {
    name: "google",
    async route(from, to, { signal }) {
      const response = await doFetch(`${base}/directions/v2:computeRoutes`, {
        method: "POST",
        signal,
        headers: {
          "Content-Type": "application/json",
          "X-Goog-Api-Key": options.apiKey,
          "X-Goog-FieldMask": ROUTES_FIELD_MASK,
        },
        body: JSON.stringify(computeRoutesBody(from, to)),
      });
      const body = (await readJson(response, "computeRoutes")) as {
        routes?: Array<{ duration?: string; distanceMeters?: number; polyline?: { encodedPolyline?: string } }>;
      };
      const route = body.routes?.[0];
      const seconds = /^(\d+(?:\.\d+)?)s$/.exec(route?.duration ?? "")?.[1];
      const polyline = route?.polyline?.encodedPolyline;
      if (!route || typeof route.distanceMeters !== "number" || seconds === undefined || !polyline) {
        throw new ProviderError("computeRoutes: no route, distance, duration or polyline");
      }
      return {
        distanceMeters: route.distanceMeters,
        durationSeconds: Math.round(Number(seconds)),
        polyline,
        source: "google",
        estimate: false,
      };
    },
  };
}
