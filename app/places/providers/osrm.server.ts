/**
 * A self-hosted OSRM server: `GET {OSRM_URL}/route/v1/driving/{lng},{lat};{lng},{lat}` (longitude
 * first), answering metres and seconds, with the geometry as a precision-5 polyline.
 */
import { ProviderError, type RoutingProvider } from "../types";

export function osrmRouting(options: { baseUrl: string; fetch?: typeof fetch }): RoutingProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const coord = (p: { lat: number; lng: number }) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;
  return {
    name: "osrm",
    async route(from, to, { signal }) {
      const url = `${base}/route/v1/driving/${coord(from)};${coord(to)}?overview=full&geometries=polyline&alternatives=false&steps=false`;
      const response = await doFetch(url, { signal, headers: { Accept: "application/json" } });
      let body: { code?: string; message?: string; routes?: Array<{ distance?: number; duration?: number; geometry?: unknown }> };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new ProviderError(`osrm: HTTP ${response.status}, response is not JSON`);
      }
      if (!response.ok || body.code !== "Ok") throw new ProviderError(`osrm: ${body.code ?? response.status} ${body.message ?? ""}`.trim());
      const route = body.routes?.[0];
      if (!route || typeof route.distance !== "number" || typeof route.duration !== "number") {
        throw new ProviderError("osrm: no route");
      }
      return {
        distanceMeters: Math.round(route.distance),
        durationSeconds: Math.round(route.duration),
        polyline: typeof route.geometry === "string" ? route.geometry : null,
        source: "osrm",
        estimate: false,
      };
    },
  };
}
