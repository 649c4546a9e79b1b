/**
 * The embedded default: the shipped gazetteer and the great-circle estimate. Works offline,
 * never fails for a known place, and is what every other provider falls back to. The place
 * services (service.server.ts) ask the road table (road-table.server.ts) before this estimate.
 */
import { estimateDrivingSeconds, estimateRoadKm } from "../estimate";
import { gazetteerPlace, searchGazetteer } from "../gazetteer.server";
import type { PlacesProvider, RoutingProvider } from "../types";

export const builtinPlaces: PlacesProvider = {
  name: "builtin",
  async suggest(query, { language }) {
    return searchGazetteer(query, 8, language).map(({ id, label, kind }) => ({ id, label, kind }));
  },
  async place(id, { language }) {
    return gazetteerPlace(id, language);
  },
};

export const builtinRouting: RoutingProvider = {
  name: "builtin",
  async route(from, to) {
    const km = estimateRoadKm(from, to);
    return {
      distanceMeters: Math.round(km * 1000),
      durationSeconds: estimateDrivingSeconds(km),
      polyline: null,
      source: "builtin",
      estimate: true,
    };
  },
};
