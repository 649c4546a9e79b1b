/**
 * How the API shows trips, legs and prices: kilometres, seconds and lira (DESIGN.md §4), with the
 * display texts of spec §9 next to the numbers.
 */
import { kurusToLira } from "~/utils/money";
import type { DistanceDetails, LegDistance } from "./booking-row";
import type { PriceBreakdown } from "./pricing";
import { formatDistanceKm, formatDuration } from "./format";
import { minutesToSeconds } from "./units";

export interface LegLike {
  from: { id: string; label: string; lat: number; lng: number; kind: string };
  to: { id: string; label: string; lat: number; lng: number; kind: string };
  km: number;
  route: { durationSeconds: number; polyline: string | null; source: string; estimate: boolean };
}

export function presentLeg(leg: LegLike, lng: string) {
  return {
    from: leg.from,
    to: leg.to,
    distance_km: leg.km,
    duration_seconds: leg.route.durationSeconds,
    distance: formatDistanceKm(leg.km, lng),
    duration: formatDuration(leg.route.durationSeconds, lng),
    polyline: leg.route.polyline,
    source: leg.route.source,
    estimate: leg.route.estimate,
  };
}

export function presentPrice(p: PriceBreakdown) {
  return {
    total: kurusToLira(p.total),
    distance_km: p.distanceKm,
    outbound_km: p.outboundKm,
    return_km: p.returnKm,
    rate_per_km: kurusToLira(p.ratePerKm),
    rate_source: p.rateSource,
    subtotal: kurusToLira(p.subtotal),
    minimum: kurusToLira(p.minimum),
    minimum_applied: p.minimumApplied,
    currency: "TRY",
  };
}

/** A stored leg as the API has always shown it: texts in Turkish, km, and seconds (DESIGN.md §4). */
export interface PresentedLeg {
  distance: string;
  distance_value: number;
  duration: string;
  duration_value: number;
}

function presentStoredLeg(leg: LegDistance): PresentedLeg {
  const secs = minutesToSeconds(leg.minutes);
  return { distance: formatDistanceKm(leg.km, "tr"), distance_value: leg.km, duration: formatDuration(secs, "tr"), duration_value: secs };
}

/** `distance_details` for API clients, in the field names they know, made from the stored numbers. */
export function presentDistanceDetails(details: DistanceDetails | null): { outbound: PresentedLeg | null; return: PresentedLeg | null } {
  return {
    outbound: details ? presentStoredLeg(details.outbound) : null,
    return: details?.return ? presentStoredLeg(details.return) : null,
  };
}
