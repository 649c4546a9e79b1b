/**
 * Google Maps in the browser, loaded only when GOOGLE_MAPS_BROWSER_KEY is set (dynamic import, so
 * the home page's bundle does not carry it otherwise). The script is retried 3 times with a
 * growing delay by @googlemaps/js-api-loader. Route previews as spec §2 draws them: outbound
 * orange, return blue, markers A and B, zoom 12 around 41.0082, 28.9784 until the route is known,
 * fitted after 100 ms (outbound) and 200 ms (return). Polylines are the server's, decoded at 1e5.
 * Place suggestions come from Autocomplete (New) (`AutocompleteSuggestion`, restricted to Turkey,
 * one session token from the first keystroke to the chosen place), shown in our own combobox.
 */
import { Loader } from "@googlemaps/js-api-loader";
import polyline from "@mapbox/polyline";
import type { PlaceSearchSession } from "./place-search";
import type { SketchLeg } from "./route-sketch";

// The few parts of the Maps JavaScript API used here (its full typings are not a dependency).
interface LatLngLiteral {
  lat: number;
  lng: number;
}
interface Bounds {
  extend(p: LatLngLiteral): void;
}
interface PlaceResult {
  id: string;
  location?: { lat(): number; lng(): number } | null;
  fetchFields(request: { fields: string[] }): Promise<{ place: PlaceResult }>;
}
interface PlacePrediction {
  placeId: string;
  text: { text: string };
  types?: string[] | null;
  toPlace(): PlaceResult;
}
interface PlacesLibrary {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: Record<string, unknown>): Promise<{ suggestions: Array<{ placePrediction?: PlacePrediction | null }> }>;
  };
  AutocompleteSessionToken: new () => object;
}
interface MapsApi {
  places?: PlacesLibrary;
  Map: new (el: HTMLElement, options: Record<string, unknown>) => { fitBounds(b: Bounds, padding?: number): void };
  Polyline: new (options: Record<string, unknown>) => { setMap(m: unknown): void };
  Marker: new (options: Record<string, unknown>) => { setMap(m: unknown): void };
  LatLngBounds: new () => Bounds;
}

export const MAP_CENTER = { lat: 41.0082, lng: 28.9784 };
export const MAP_ZOOM = 12;
const COLORS = { outbound: "#f97316", return: "#2563eb" } as const;

let loading: Promise<MapsApi> | null = null;

export function loadGoogleMaps(apiKey: string, language: string): Promise<MapsApi> {
  loading ??= new Loader({ apiKey, version: "weekly", libraries: ["places", "geometry"], language, region: "TR", retries: 3 })
    .load()
    .then((g) => (g as unknown as { maps: MapsApi }).maps)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Place suggestions from Google in the browser, or null when the places library did not load. */
export function googlePlaceSearch(maps: MapsApi, language: string): { start(): PlaceSearchSession } | null {
  const places = maps.places;
  if (!places?.AutocompleteSuggestion) return null;
  return {
    start() {
      const sessionToken = new places.AutocompleteSessionToken();
      const predictions = new Map<string, PlacePrediction>();
      return {
        async suggest(text) {
          const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
            input: text,
            includedRegionCodes: ["tr"],
            language,
            region: "tr",
            sessionToken,
          });
          return suggestions.flatMap(({ placePrediction: p }) => {
            if (!p?.placeId || !p.text?.text) return [];
            predictions.set(`g:${p.placeId}`, p);
            return [{ id: `g:${p.placeId}`, label: p.text.text, kind: p.types?.includes("airport") ? "airport" : "address" }];
          });
        },
        async choose(option) {
          const prediction = predictions.get(option.id);
          if (!prediction) return option.id;
          const { place } = await prediction.toPlace().fetchFields({ fields: ["location"] });
          const at = place.location;
          return at ? `${option.id}@${at.lat().toFixed(6)},${at.lng().toFixed(6)}` : option.id;
        },
      };
    },
  };
}

/** Draws the legs on a new map in `el`; returns a function that removes the overlays. */
export function drawRouteMap(maps: MapsApi, el: HTMLElement, legs: SketchLeg[]): () => void {
  const map = new maps.Map(el, { center: MAP_CENTER, zoom: MAP_ZOOM, disableDefaultUI: true, zoomControl: true, gestureHandling: "cooperative" });
  const overlays: Array<{ setMap(m: unknown): void }> = [];
  const timers: number[] = [];
  for (const leg of legs) {
    const path: LatLngLiteral[] = leg.polyline
      ? polyline.decode(leg.polyline, 5).map(([lat, lng]) => ({ lat, lng }))
      : [
          { lat: leg.from.lat, lng: leg.from.lng },
          { lat: leg.to.lat, lng: leg.to.lng },
        ];
    overlays.push(new maps.Polyline({ map, path, strokeColor: COLORS[leg.kind], strokeOpacity: 0.9, strokeWeight: 5, geodesic: !leg.polyline }));
    overlays.push(new maps.Marker({ map, position: path[0], label: { text: "A", color: "white", fontWeight: "700" }, title: leg.from.label }));
    overlays.push(new maps.Marker({ map, position: path[path.length - 1], label: { text: "B", color: "white", fontWeight: "700" }, title: leg.to.label }));
    const bounds = new maps.LatLngBounds();
    path.forEach((p) => bounds.extend(p));
    timers.push(window.setTimeout(() => map.fitBounds(bounds, 32), leg.kind === "outbound" ? 100 : 200));
  }
  return () => {
    timers.forEach((t) => clearTimeout(t));
    overlays.forEach((o) => o.setMap(null));
  };
}
