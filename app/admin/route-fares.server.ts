/**
 * The route-fares page (/admin/routes): the zones and the fixed route fares as the office reads
 * them (each route with its road distance and time between the two ends' centres, and the ₺/km its
 * prices imply), and the form posts that add, change and delete them. Place names are resolved by
 * the same place services as the booking form; writes go through app/pricing/tables.server.ts, and
 * the next quote reads them (readPricing reads per quote).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Kysely } from "kysely";
import { CAR_CATEGORIES } from "~/fleet/car";
import type { PlaceServices } from "~/places/service.server";
import type { Place, PlaceSuggestion } from "~/places/types";
import type { RoutePoint } from "~/places/road-table.server";
import { parsePlaceId } from "~/booking/index.server";
import { circleOf, fareEndLabel, type FareEnd, type Zone } from "~/booking/rules/fares";
import { readRouteFares, readZones } from "~/pricing/pricing.server";
import { createFare, createZone, deleteFare, deleteZone, updateFare, updateZone } from "~/pricing/tables.server";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import type { Kurus } from "~/utils/money";
import { adminText, type AdminLanguage } from "./i18n.server";
import { ROUTE_FARES, parseCoords, pricesOf, routeFareSchemaFor } from "./route-fares";

/** Stored place labels are Turkish, as the office reads them. */
const LABEL_LANGUAGE = "tr";

export interface ZoneRow extends Zone {
  /** routes that start or end in the zone */
  uses: number;
}

export interface FareEndView {
  kind: FareEnd["kind"];
  label: string;
  /** the zone's radius, for "Belek (bölge, 7 km)" */
  radiusKm: number | null;
  zoneId: string | null;
}

export interface FareRow {
  id: string;
  from: FareEndView;
  to: FareEndView;
  oneWay: boolean;
  active: boolean;
  /** the road between the two ends' centres; null when an end's zone is gone */
  road: { km: number; minutes: number; estimate: boolean } | null;
  prices: Array<{ category: string; amount: Kurus | null; perKm: number | null }>;
}

function endView(end: FareEnd, zones: ReadonlyMap<string, Zone>): FareEndView {
  const zone = end.kind === "zone" ? zones.get(end.zoneId) : undefined;
  return { kind: end.kind, label: fareEndLabel(end, zones), radiusKm: zone?.radiusKm ?? null, zoneId: end.kind === "zone" ? end.zoneId : null };
}

function routePoint(end: FareEnd, zones: ReadonlyMap<string, Zone>): RoutePoint | null {
  const circle = circleOf(end, zones);
  if (!circle) return null;
  return end.kind === "place" ? { lat: circle.lat, lng: circle.lng, id: end.placeId } : { lat: circle.lat, lng: circle.lng };
}

/** Everything the page lists: zones with their use counts, routes with road figures and prices. */
export async function routeFarePage(db: Kysely<Database>, places: PlaceServices): Promise<{ zones: ZoneRow[]; fares: FareRow[] }> {
  const [zoneList, fares] = await Promise.all([readZones(db), readRouteFares(db)]);
  const zones = new Map(zoneList.map((z) => [z.id, z]));
  const uses = new Map<string, number>();
  for (const fare of fares) {
    for (const end of new Set([fare.from, fare.to].flatMap((e) => (e.kind === "zone" ? [e.zoneId] : [])))) uses.set(end, (uses.get(end) ?? 0) + 1);
  }
  const rows = await Promise.all(
    fares.map(async (fare): Promise<FareRow> => {
      const a = routePoint(fare.from, zones);
      const b = routePoint(fare.to, zones);
      const route = a && b ? await places.route(a, b) : null;
      const km = route ? Math.round(route.distanceMeters / 100) / 10 : null;
      return {
        id: fare.id,
        from: endView(fare.from, zones),
        to: endView(fare.to, zones),
        oneWay: fare.oneWay,
        active: fare.active,
        road: route && km !== null ? { km, minutes: Math.round(route.durationSeconds / 60), estimate: route.estimate } : null,
        prices: CAR_CATEGORIES.map((category) => {
          const amount = fare.prices[category] ?? null;
          return { category, amount, perKm: amount !== null && km ? Math.round(amount / km) / 100 : null };
        }),
      };
    }),
  );
  return { zones: zoneList.map((z) => ({ ...z, uses: uses.get(z.id) ?? 0 })), fares: rows };
}

export type RouteFareIntent = "zone-add" | "zone-save" | "zone-delete" | "fare-add" | "fare-save" | "fare-delete";

export type RouteFareOutcome =
  | { ok: true; intent: RouteFareIntent; anchor: string }
  | {
      ok: false;
      status: number;
      formId: string;
      result: SubmissionResult<string[]>;
      /** for an ambiguous place name: the places it may mean, by field, to pick from */
      candidates?: Record<string, PlaceSuggestion[]>;
      /** a fare refused as a second active fare for its pair: the fare already there */
      duplicateOf?: string;
    };

/** The form a post answers: `zone-add`, `fare-add`, or `zone-<id>` / `fare-<id>` for a row's form. */
export function formIdOf(formData: FormData): string {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "").slice(0, 200);
  const kind = intent.startsWith("fare") ? "fare" : "zone";
  return intent.endsWith("-add") || !id ? `${kind}-add` : `${kind}-${id}`;
}

type Located = { place: Place } | { error: string; candidates?: PlaceSuggestion[] };

/** A place as the office gave it: a candidate it picked (an id), else the name it typed. */
async function locatePlace(places: PlaceServices, text: string, pickedId: string): Promise<Located> {
  if (pickedId) {
    const { id } = parsePlaceId(pickedId);
    const place = id ? await places.place(id, LABEL_LANGUAGE) : null;
    if (place) return { place };
    if (!text) return { error: ROUTE_FARES.placeNotFound };
  }
  const match = await places.matchText(text, LABEL_LANGUAGE);
  if (match.place) return { place: match.place };
  if (match.candidates.length > 1) return { error: ROUTE_FARES.pickPlace, candidates: match.candidates };
  return { error: ROUTE_FARES.placeNotFound };
}

/** "Belek, Antalya" → "Belek": a zone named after its place. */
const shortName = (label: string) => (label.split(",")[0] ?? label).trim().slice(0, 80);

export async function handleRouteFareForm(
  db: Kysely<Database>,
  places: PlaceServices,
  formData: FormData,
  { log, lng = "tr" }: { log?: Pick<Logger, "error">; lng?: AdminLanguage } = {},
): Promise<RouteFareOutcome> {
  const formId = formIdOf(formData);
  const submission = parseWithZod(formData, { schema: routeFareSchemaFor(formData.get("intent")) });
  if (submission.status !== "success") return { ok: false, status: 400, formId, result: submission.reply() };
  const value = submission.value;
  const refuse = (fieldErrors: Record<string, string[]>, status = 400, candidates?: Record<string, PlaceSuggestion[]>): RouteFareOutcome => ({
    ok: false,
    status,
    formId,
    result: submission.reply({ fieldErrors }),
    ...(candidates && Object.keys(candidates).length ? { candidates } : {}),
  });
  const notFound = (): RouteFareOutcome => ({ ok: false, status: 404, formId, result: submission.reply({ formErrors: [ROUTE_FARES.notFound] }) });

  try {
    switch (value.intent) {
      case "zone-add":
      case "zone-save": {
        let centre: { lat: number; lng: number };
        let name = value.name;
        if (value.coords) {
          centre = parseCoords(value.coords)!;
        } else {
          const located = await locatePlace(places, value.place, value.placeId);
          if ("error" in located) return refuse({ place: [located.error] }, 400, located.candidates ? { place: located.candidates } : undefined);
          centre = { lat: located.place.lat, lng: located.place.lng };
          if (!name) name = shortName(located.place.label);
        }
        const input = { name, lat: centre.lat, lng: centre.lng, radiusKm: value.radius };
        if (value.intent === "zone-add") {
          const zone = await createZone(db, input);
          return { ok: true, intent: value.intent, anchor: `zone-${zone.id}` };
        }
        if (!value.id || !(await updateZone(db, value.id, input))) return notFound();
        return { ok: true, intent: value.intent, anchor: `zone-${value.id}` };
      }
      case "zone-delete": {
        const outcome = value.id ? await deleteZone(db, value.id) : "not_found";
        if (outcome === "not_found") return notFound();
        if (outcome === "in_use") return { ok: false, status: 409, formId, result: submission.reply({ formErrors: [ROUTE_FARES.zoneInUse] }) };
        return { ok: true, intent: value.intent, anchor: "zones" };
      }
      case "fare-delete": {
        if (!value.id || !(await deleteFare(db, value.id))) return notFound();
        return { ok: true, intent: value.intent, anchor: "fares" };
      }
      case "fare-add":
      case "fare-save": {
        const zones = new Map((await readZones(db)).map((z) => [z.id, z]));
        const errors: Record<string, string[]> = {};
        const candidates: Record<string, PlaceSuggestion[]> = {};
        const ends: Partial<Record<"from" | "to", FareEnd>> = {};
        for (const side of ["from", "to"] as const) {
          const zoneId = value[`${side}Zone`] as string;
          if (zoneId) {
            if (zones.has(zoneId)) ends[side] = { kind: "zone", zoneId };
            else errors[`${side}Zone`] = [ROUTE_FARES.unknownZone];
            continue;
          }
          const located = await locatePlace(places, value[`${side}Place`] as string, value[`${side}PlaceId`] as string);
          if ("error" in located) {
            errors[`${side}Place`] = [located.error];
            if (located.candidates) candidates[`${side}Place`] = located.candidates;
            continue;
          }
          const p = located.place;
          ends[side] = { kind: "place", placeId: p.id, label: p.label, lat: p.lat, lng: p.lng };
        }
        if (Object.keys(errors).length) return refuse(errors, 400, candidates);
        const from = ends.from!;
        const to = ends.to!;
        const same =
          from.kind === "place" && to.kind === "place" ? from.placeId === to.placeId || (from.lat === to.lat && from.lng === to.lng) : from.kind === "zone" && to.kind === "zone" && from.zoneId === to.zoneId;
        if (same) return refuse({ [to.kind === "zone" ? "toZone" : "toPlace"]: [ROUTE_FARES.samePlace] });
        const input = { from, to, oneWay: value.oneWay, active: value.active, prices: pricesOf(value) };
        if (value.intent === "fare-save" && !value.id) return notFound();
        const saved =
          value.intent === "fare-add" ? await createFare(db, input) : await updateFare(db, value.id!, input);
        if (!saved) return notFound();
        if (!saved.ok) {
          // one active fare per pair: the existing one is named, for the office to edit it instead
          const existing = saved.existing;
          const route = `${fareEndLabel(existing.from, zones)} ${existing.oneWay ? "→" : "↔"} ${fareEndLabel(existing.to, zones)}`;
          const message = adminText(lng, "routeFares.errors.duplicate", { route });
          return {
            ok: false,
            status: 409,
            formId,
            result: submission.reply({ fieldErrors: { [to.kind === "zone" ? "toZone" : "toPlace"]: [message] } }),
            duplicateOf: existing.id,
          };
        }
        return { ok: true, intent: value.intent, anchor: `fare-${saved.fare.id}` };
      }
    }
  } catch (error) {
    log?.error({ err: error }, "route fare save failed");
    return { ok: false, status: 500, formId, result: submission.reply({ formErrors: [ROUTE_FARES.saveFailed] }) };
  }
}
