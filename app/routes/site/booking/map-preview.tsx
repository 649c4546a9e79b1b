/**
 * The route preview under the search form: a Google map when a browser key is configured and the
 * script loads, else our own sketch. A map never blocks a booking: when the script fails, the
 * map-service message is shown and the sketch takes its place. Loaded only when there is a route to
 * show (search-form.tsx imports it lazily, with the sketch and the polyline decoder).
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { RouteSketch, type SketchLeg } from "./route-sketch";
import type { useGoogleMaps } from "./use-google-maps";

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
