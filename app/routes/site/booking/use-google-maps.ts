/**
 * Google Maps for the route preview under the search form (map-preview.tsx), kept apart from the
 * preview itself so the form can load that only when there is a route to show.
 */
import { useEffect, useState } from "react";
import type * as GoogleMapModule from "./google-map.client";

export type MapsStatus = "none" | "idle" | "loading" | "ready" | "failed";

type MapsModule = typeof GoogleMapModule;
type MapsApi = Awaited<ReturnType<MapsModule["loadGoogleMaps"]>>;

/**
 * Google Maps when `apiKey` is set, loaded once and only when `wanted` (the visitor has turned to
 * the form, or there is a route to draw): a dynamic import and a script nobody pays for otherwise.
 */
export function useGoogleMaps(apiKey: string | null | undefined, language: string, wanted: boolean) {
  const [loaded, setLoaded] = useState<{ status: "ready" | "failed"; maps: MapsApi | null; module: MapsModule | null } | null>(null);
  const start = Boolean(apiKey) && wanted;
  useEffect(() => {
    if (!apiKey || !start) return;
    let cancelled = false;
    import("./google-map.client")
      .then(async (module) => ({ module, maps: await module.loadGoogleMaps(apiKey, language) }))
      .then(({ module, maps }) => !cancelled && setLoaded({ status: "ready", maps, module }))
      .catch((error: unknown) => {
        console.error("Google Maps could not be loaded", error);
        if (!cancelled) setLoaded({ status: "failed", maps: null, module: null });
      });
    return () => {
      cancelled = true;
    };
  }, [apiKey, language, start]);
  if (!apiKey) return { status: "none" as MapsStatus, maps: null, module: null };
  return loaded ?? { status: (start ? "loading" : "idle") as MapsStatus, maps: null, module: null };
}
