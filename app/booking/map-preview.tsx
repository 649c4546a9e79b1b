/**
 * The route preview under the search form: a Google map when a browser key is configured and the
 * script loads, else our own sketch. A map never blocks a booking: when the script fails, the
 * map-service message is shown and the sketch takes its place.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type * as GoogleMapModule from "./google-map.client";
import { RouteSketch, type SketchLeg } from "./route-sketch";

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

export function MapPreview({ legs, maps }: { legs: SketchLeg[]; maps: ReturnType<typeof useGoogleMaps> }) {
  const { t } = useTranslation("booking");
  const el = useRef<HTMLDivElement>(null);
  const { status, module, maps: api } = maps;
  useEffect(() => {
    if (status !== "ready" || !module || !api || !el.current || legs.length === 0) return;
    return module.drawRouteMap(api, el.current, legs);
  }, [status, module, api, legs]);

  if (status === "loading") {
    return (
      <div className="grid h-[250px] w-full animate-pulse place-items-center rounded-2xl bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300" role="status">
        {t("booking.mapLoading")}
      </div>
    );
  }
  if (status === "ready") {
    const description = legs.map((l) => t(l.kind === "outbound" ? "route.sketchOutbound" : "route.sketchReturn", { from: l.from.label, to: l.to.label })).join(" ");
    return <div ref={el} role="img" aria-label={description} className="h-[250px] w-full overflow-hidden rounded-2xl" />;
  }
  return <RouteSketch legs={legs} />;
}
