/**
 * The route-fares page's form rules (/admin/routes), shared by the server and the browser: a zone
 * (name, centre as a gazetteer place or "lat,lng", radius 0.5–100 km) and a route fare (each end a
 * place typed by name or a zone, one-way, active, a fixed price per vehicle category typed in lira
 * the Turkish way: "2.000", "2000,50"). Place names are resolved on the server
 * (route-fares.server.ts); messages are codes of the admin catalogue's `routeFares.errors`.
 */
import { z } from "zod";
import { CAR_CATEGORIES } from "~/fleet/car";
import { MAX_ZONE_RADIUS_KM } from "~/booking/rules/fares";
import { isInTurkey } from "~/places/types";
import { kurus, type Kurus } from "~/utils/money";
import { adminCodes } from "./codes";

export const ROUTE_FARES = adminCodes("routeFares.errors", [
  "nameRequired",
  "nameTooLong",
  "centreRequired",
  "centreBoth",
  "coordsFormat",
  "coordsOutside",
  "radiusRequired",
  "radiusNumber",
  "radiusRange",
  "placeNotFound",
  "pickPlace",
  "priceNumber",
  "priceRange",
  "endRequired",
  "endBoth",
  "unknownZone",
  "samePlace",
  "notFound",
  "zoneInUse",
  "saveFailed",
]);

export const MIN_ZONE_RADIUS_KM = 0.5;
/** A fixed fare above this is a typing slip (₺1 000 000). */
export const MAX_FARE_LIRA = 1_000_000;

export const ZONE_INTENTS = ["zone-add", "zone-save", "zone-delete"] as const;
export const FARE_INTENTS = ["fare-add", "fare-save", "fare-delete"] as const;

/** The form field of a category's price: `price-sedan`, `price-ultra-luxury`, `price-minibus`. */
export function priceField(category: string): string {
  const ascii = category
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `price-${ascii}`;
}

/**
 * Lira as typed in Turkish or English style to kuruş: "2000", "2.000", "2 000", "2000,50",
 * "2.000,50", "2000.50", "₺2.000". Blank is null (priced by distance); anything else NaN.
 */
export function parseLiraText(text: string): Kurus | null {
  const t = text.replace(/[\s\u00a0₺]/g, "").replace(/TL$/i, "");
  if (t === "") return null;
  let normal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) normal = t.replace(/\./g, "").replace(",", "."); // 2.000 / 2.000,50
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) normal = t.replace(/,/g, ""); // 2,000 / 2,000.50
  else if (/^\d+([.,]\d{1,2})?$/.test(t)) normal = t.replace(",", "."); // 2000 / 2000,50 / 2000.5
  else return Number.NaN as Kurus;
  return kurus(Number(normal) * 100);
}

/** "36.86, 31.06" (or with a space, or a semicolon) to a point; null when it is not two numbers. */
export function parseCoords(text: string): { lat: number; lng: number } | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,; ]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

// Conform sends a blank field as missing: every optional text defaults to "".
const text = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(max, ROUTE_FARES.nameTooLong)).default("");
const optionalId = z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 200) : ""), z.string()).default("");
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false);

const radius = z.preprocess(
  (v) => {
    if (typeof v !== "string" || v.trim() === "") return undefined;
    const t = v.trim();
    return /^\d+(?:[.,]\d+)?$/.test(t) ? Number(t.replace(",", ".")) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? ROUTE_FARES.radiusRequired : ROUTE_FARES.radiusNumber) })
    .min(MIN_ZONE_RADIUS_KM, ROUTE_FARES.radiusRange)
    .max(MAX_ZONE_RADIUS_KM, ROUTE_FARES.radiusRange)
    .transform((n) => Math.round(n * 10) / 10),
);

const zoneFields = {
  id: optionalId,
  name: text(80),
  /** a gazetteer place's name as typed (resolved on the server) */
  place: text(200),
  /** a candidate picked from the list the server offered for an ambiguous name */
  placeId: optionalId,
  /** or the centre as numbers */
  coords: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(60, ROUTE_FARES.coordsFormat)).default(""),
  radius,
};

function checkZone(value: { name: string; place: string; placeId: string; coords: string }, ctx: z.RefinementCtx) {
  const byPlace = value.place !== "" || value.placeId !== "";
  if (!byPlace && value.coords === "") ctx.addIssue({ code: "custom", path: ["place"], message: ROUTE_FARES.centreRequired });
  if (byPlace && value.coords !== "") ctx.addIssue({ code: "custom", path: ["coords"], message: ROUTE_FARES.centreBoth });
  if (value.coords !== "") {
    const point = parseCoords(value.coords);
    if (!point) ctx.addIssue({ code: "custom", path: ["coords"], message: ROUTE_FARES.coordsFormat });
    else if (!isInTurkey(point)) ctx.addIssue({ code: "custom", path: ["coords"], message: ROUTE_FARES.coordsOutside });
    // a zone by coordinates has no place to borrow its name from
    if (value.name === "") ctx.addIssue({ code: "custom", path: ["name"], message: ROUTE_FARES.nameRequired });
  }
}

export const zoneAddSchema = z.object({ intent: z.literal("zone-add"), ...zoneFields }).superRefine(checkZone);
export const zoneSaveSchema = z.object({ intent: z.literal("zone-save"), ...zoneFields }).superRefine(checkZone);
export const zoneDeleteSchema = z.object({ intent: z.literal("zone-delete"), id: optionalId });

const price = z.preprocess(
  (v) => {
    if (typeof v !== "string") return null;
    // a minus sign is a price out of range, not a typing error
    if (/^\s*-/.test(v)) return -1;
    return parseLiraText(v);
  },
  z
    .number({ error: ROUTE_FARES.priceNumber })
    .nullable()
    .refine((n) => n === null || (n > 0 && n <= MAX_FARE_LIRA * 100), ROUTE_FARES.priceRange),
);

const priceFields = Object.fromEntries(CAR_CATEGORIES.map((c) => [priceField(c), price])) as Record<string, typeof price>;

/** One end of a route: a place typed by name (or a picked candidate), or a zone chosen from the list. */
const endFields = (side: "from" | "to") => ({
  [`${side}Place`]: text(200),
  [`${side}PlaceId`]: optionalId,
  [`${side}Zone`]: optionalId,
});

const fareFields = {
  id: optionalId,
  ...endFields("from"),
  ...endFields("to"),
  oneWay: flag,
  active: flag,
  ...priceFields,
} as unknown as {
  id: typeof optionalId;
  fromPlace: ReturnType<typeof text>;
  fromPlaceId: typeof optionalId;
  fromZone: typeof optionalId;
  toPlace: ReturnType<typeof text>;
  toPlaceId: typeof optionalId;
  toZone: typeof optionalId;
  oneWay: typeof flag;
  active: typeof flag;
} & Record<string, typeof price>;

function checkEnds(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const side of ["from", "to"] as const) {
    const byPlace = value[`${side}Place`] !== "" || value[`${side}PlaceId`] !== "";
    const byZone = value[`${side}Zone`] !== "";
    if (!byPlace && !byZone) ctx.addIssue({ code: "custom", path: [`${side}Place`], message: ROUTE_FARES.endRequired });
    if (byPlace && byZone) ctx.addIssue({ code: "custom", path: [`${side}Zone`], message: ROUTE_FARES.endBoth });
  }
  if (value.fromZone !== "" && value.fromZone === value.toZone) ctx.addIssue({ code: "custom", path: ["toZone"], message: ROUTE_FARES.samePlace });
}

export const fareAddSchema = z.object({ intent: z.literal("fare-add"), ...fareFields }).superRefine(checkEnds);
export const fareSaveSchema = z.object({ intent: z.literal("fare-save"), ...fareFields }).superRefine(checkEnds);
export const fareDeleteSchema = z.object({ intent: z.literal("fare-delete"), id: optionalId });

export type FareFormValue = z.infer<typeof fareAddSchema>;

export function routeFareSchemaFor(intent: unknown) {
  switch (intent) {
    case "zone-save":
      return zoneSaveSchema;
    case "zone-delete":
      return zoneDeleteSchema;
    case "fare-add":
      return fareAddSchema;
    case "fare-save":
      return fareSaveSchema;
    case "fare-delete":
      return fareDeleteSchema;
    default:
      return zoneAddSchema;
  }
}

/** The fixed prices of a parsed fare form, by category (blank ones left out: priced by distance). */
export function pricesOf(value: Record<string, unknown>): Record<string, Kurus> {
  const prices: Record<string, Kurus> = {};
  for (const category of CAR_CATEGORIES) {
    const amount = value[priceField(category)];
    if (typeof amount === "number" && Number.isFinite(amount) && amount > 0) prices[category] = kurus(amount);
  }
  return prices;
}

/** A stored price as the form shows it again ("2000" or "2000,50"). */
export function liraFieldText(amount: Kurus | undefined): string {
  if (amount === undefined) return "";
  return amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2).replace(".", ",");
}
