/**
 * A local stand-in for the Google Maps JavaScript API in the test browser: served instead of
 * https://maps.googleapis.com/maps/api/js, it answers the bootstrap loader's callback the way the
 * real script does and offers the parts we use: Map, Polyline, Marker, LatLngBounds and, from the
 * places library, Autocomplete (New) (`AutocompleteSuggestion`, `AutocompleteSessionToken`,
 * `PlacePrediction.toPlace().fetchFields`). Everything asked of it is recorded on
 * `window.__fakeGoogle` for the test to read; `window.__fakeGoogle.fail = true` makes the
 * suggestions fail like a refused key does.
 */
import type { Page } from "@playwright/test";

/** Places the browser-side fake knows (ChIJ_ayt is known to the server's fake as well, ChIJ_marina is not). */
export const BROWSER_PLACES = [
  { placeId: "ChIJ_ayt", text: "Antalya Airport (AYT), Antalya, Türkiye", types: ["airport", "point_of_interest"], lat: 36.8987, lng: 30.8005 },
  { placeId: "ChIJ_marina", text: "Kaleiçi Marina, Muratpaşa/Antalya, Türkiye", types: ["marina", "point_of_interest"], lat: 36.8841, lng: 30.7056 },
];

function script(places: typeof BROWSER_PLACES): string {
  return `(() => {
  const PLACES = ${JSON.stringify(places)};
  const rec = (window.__fakeGoogle = { requests: [], details: [], maps: [], overlays: [], fits: [], fail: false });
  const maps = window.google.maps;
  class LatLng { constructor(lat, lng) { this._lat = lat; this._lng = lng; } lat() { return this._lat; } lng() { return this._lng; } }
  class LatLngBounds { constructor() { this.points = []; } extend(p) { this.points.push(p); } }
  class Map {
    constructor(el, options) { this.el = el; el.dataset.fakeMap = "drawn"; rec.maps.push({ center: options.center, zoom: options.zoom }); }
    fitBounds(bounds, padding) { rec.fits.push({ points: bounds.points.length, padding }); }
  }
  class Overlay { setMap(map) { this.map = map; } }
  class Polyline extends Overlay { constructor(o) { super(); rec.overlays.push({ type: "polyline", color: o.strokeColor, points: o.path.length }); } }
  class Marker extends Overlay { constructor(o) { super(); rec.overlays.push({ type: "marker", label: o.label && o.label.text, title: o.title }); } }
  class AutocompleteSessionToken { constructor() { this.id = Math.random().toString(36).slice(2); } }
  class Place {
    constructor(p) { this.id = p.placeId; this._p = p; this.location = null; }
    async fetchFields(request) {
      rec.details.push({ id: this.id, fields: request.fields });
      if (request.fields.includes("location")) this.location = new LatLng(this._p.lat, this._p.lng);
      return { place: this };
    }
  }
  const AutocompleteSuggestion = {
    async fetchAutocompleteSuggestions(request) {
      rec.requests.push({ input: request.input, includedRegionCodes: request.includedRegionCodes, language: request.language, session: request.sessionToken && request.sessionToken.id });
      if (rec.fail) throw new Error("PERMISSION_DENIED: the API key is not authorized to use this service");
      const q = String(request.input).toLocaleLowerCase("tr");
      return {
        suggestions: PLACES.filter((p) => p.text.toLocaleLowerCase("tr").includes(q)).map((p) => ({
          placePrediction: { placeId: p.placeId, text: { text: p.text, toString() { return p.text; } }, types: p.types, toPlace: () => new Place(p) },
        })),
      };
    },
  };
  Object.assign(maps, { version: "fake", LatLng, LatLngBounds, Map, Polyline, Marker, places: { AutocompleteSuggestion, AutocompleteSessionToken, Place } });
  maps.importLibrary = async (name) => (name === "places" ? maps.places : maps);
  maps.__ib__();
})();`;
}

/** Serves the fake to `page` in place of Google's script; returns the script URLs asked for. */
export async function serveFakeGoogleMaps(page: Page, places = BROWSER_PLACES): Promise<string[]> {
  const asked: string[] = [];
  await page.route(/^https:\/\/maps\.googleapis\.com\/maps\/api\/js\?/, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: script(places) });
  });
  return asked;
}

/** Waits until the page has loaded the fake script (the visitor may type before that; a test should not). */
export async function fakeGoogleMapsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => "__fakeGoogle" in window, undefined, { timeout: 15_000 });
}
