/**
 * The distances page's form rules (/admin/distances), shared by the server and the browser:
 * a correction is a road distance in km (one decimal) and a driving time in whole minutes, at a
 * speed a car can keep (MIN_KMH–MAX_KMH, which catches a typed 10 000 or a minutes/hours slip).
 * Messages are codes of the admin catalogue's `distances.errors`.
 */
import { z } from "zod";
import { adminCodes } from "./codes";

export const DISTANCES = adminCodes("distances.errors", [
  "kmRequired",
  "kmNumber",
  "kmRange",
  "minutesRequired",
  "minutesNumber",
  "minutesRange",
  "speed",
  "placeRequired",
  "unknownPlace",
  "samePlace",
  "unknownPair",
  "saveFailed",
]);

export const MAX_KM = 1500;
export const MAX_MINUTES = 24 * 60;
export const MIN_KMH = 10;
export const MAX_KMH = 130;

export const DISTANCE_INTENTS = ["save", "reset", "add"] as const;
export type DistanceIntent = (typeof DISTANCE_INTENTS)[number];

/** Text as typed ("38", "38,5", " 38.5 ") to a number; blank is missing, anything else is NaN. */
function typedNumber(required: string, notNumber: string) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v !== "string") return v;
      const t = v.trim();
      if (t === "") return undefined;
      return /^-?\d+(?:[.,]\d+)?$/.test(t) ? Number(t.replace(",", ".")) : Number.NaN;
    },
    z.number({ error: (issue) => (issue.input === undefined ? required : notNumber) }),
  );
}

const km = typedNumber(DISTANCES.kmRequired, DISTANCES.kmNumber).pipe(
  z.number().gt(0, DISTANCES.kmRange).max(MAX_KM, DISTANCES.kmRange).transform((n) => Math.round(n * 10) / 10),
);
const minutes = typedNumber(DISTANCES.minutesRequired, DISTANCES.minutesNumber).pipe(
  z.number().int(DISTANCES.minutesNumber).min(1, DISTANCES.minutesRange).max(MAX_MINUTES, DISTANCES.minutesRange),
);
const place = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim().min(1, DISTANCES.placeRequired).max(200, DISTANCES.unknownPlace));

/** A speed a car can keep over the trip, or the minutes field says why not. */
function plausibleSpeed(value: { km: number; minutes: number }, ctx: z.RefinementCtx) {
  const kmh = value.km / (value.minutes / 60);
  if (kmh < MIN_KMH || kmh > MAX_KMH) ctx.addIssue({ code: "custom", path: ["minutes"], message: DISTANCES.speed });
}

/** Correcting a row: the pair as `placeA|placeB` (a hidden field), then the figures. */
export const saveDistanceSchema = z
  .object({ intent: z.literal("save"), pair: z.string().max(400), km, minutes })
  .superRefine(plausibleSpeed);

/** Going back to the published figure (or removing an added pair). */
export const resetDistanceSchema = z.object({ intent: z.literal("reset"), pair: z.string().max(400) });

/** Adding a pair: two places as typed (a gazetteer label or id), then the figures. */
export const addDistanceSchema = z
  .object({ intent: z.literal("add"), from: place, to: place, km, minutes })
  .superRefine(plausibleSpeed);

export function distanceSchemaFor(intent: unknown) {
  return intent === "reset" ? resetDistanceSchema : intent === "add" ? addDistanceSchema : saveDistanceSchema;
}
