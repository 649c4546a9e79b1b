/**
 * The offline route estimate of the `builtin` provider.
 *
 * Used only when no row of the road table applies (road-table.server.ts: the office's corrections
 * over the published distances of road-distances.ts). Distance = great-circle distance × 1.25.
 * The factor is fitted on that table: the median of road km / great-circle km over its rows
 * (gazetteer coordinates), 1.25, rounded to two decimals (road-distances.test.ts recomputes it).
 * The ratio runs from about 1.05 along the straight D-400 east of Antalya to 1.5–2.5 for the
 * short town trips and the mountain coast west of Kemer, which is why the site shows the result
 * as "≈ … (estimate)".
 *
 * Duration from average speeds: 40 km/h for the first 10 km (airport and town traffic: the urban
 * limit is 50 km/h, Karayolları Trafik Yönetmeliği art. 100, with junctions and lights), then
 * 75 km/h (the D-400 coast road and the divided highways allow 90–110 km/h for cars and vans,
 * lowered on average by towns, junctions and traffic).
 */
import type { LatLng } from "./types";

export const CIRCUITY_FACTOR = 1.25;
export const URBAN_KM = 10;
export const URBAN_KMH = 40;
export const OPEN_ROAD_KMH = 75;
const EARTH_RADIUS_KM = 6371.0088;

export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function estimateRoadKm(a: LatLng, b: LatLng): number {
  return greatCircleKm(a, b) * CIRCUITY_FACTOR;
}

export function estimateDrivingSeconds(roadKm: number): number {
  const urban = Math.min(roadKm, URBAN_KM);
  const open = Math.max(0, roadKm - URBAN_KM);
  return Math.round((urban / URBAN_KMH + open / OPEN_ROAD_KMH) * 3600);
}
