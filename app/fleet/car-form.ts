/**
 * The car form of spec §5, one schema for the admin page and the JSON API: messages as codes,
 * defaults (Sedan, active, 4 seats, 3 bags), numbers that arrive as text or numbers, features with
 * blanks dropped and at most ten images. Money is typed in lira and stored in kuruş.
 */
import { z } from "zod";
import { adminCodes } from "~/admin/codes";
import { hasProblems, problem, zodProblems, type FieldProblems } from "~/i18n/problem";
import { liraToKurus } from "~/utils/money";
import { CAR_STATUSES } from "~/server/db/schema";
import { toBusinessDateTime, toBusinessParts, toInstant } from "~/booking/rules/datetime";
import { CAR_CATEGORIES, DEFAULT_LUGGAGE, DEFAULT_SEATS, parseImages, type StoredImage } from "./car";
import type { CarInput } from "./cars.server";

export const MAX_IMAGES = 10;

/** What the maintenance window's fields can say (admin catalogue carMaintenance.messages). */
export const MAINTENANCE = adminCodes("carMaintenance.messages", ["from", "to", "endBeforeStart"]);

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/;

/**
 * A maintenance window end as typed or sent: the form's `yyyy-mm-ddThh:mm` (Istanbul time, what a
 * datetime-local field posts) or an ISO instant with an offset (the API). The stored UTC instant,
 * or null when it is neither.
 */
export function maintenanceInstant(text: string): string | null {
  const local = LOCAL_DATE_TIME.exec(text.trim());
  if (local) return toInstant(toBusinessDateTime(local[1]!, local[2]!));
  return toInstant(text.trim());
}

/** An instant as the form's datetime-local value, in Istanbul time (empty for none). */
export function maintenanceFieldValue(instant: string | null): string {
  if (!instant) return "";
  const { date, time } = toBusinessParts(instant);
  return `${date}T${time}`;
}

/** One end of the window: empty, null or missing is "open"; anything else must be a date and time. */
const maintenanceEnd = (message: string, description: string) =>
  z
    .string({ message })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === "") return null;
      const instant = maintenanceInstant(value);
      if (instant) return instant;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .meta({ description });

/** What the car form and the car API can say: codes of the admin catalogue's carForm.messages. */
export const CAR_FORM = adminCodes("carForm.messages", [
  "name",
  "make",
  "model",
  "seats",
  "luggage",
  "pricePerKm",
  "pricePerDay",
  "pricePerHour",
  "year",
  "category",
  "status",
  "tooManyImages",
  "saveFailed",
  "idempotencyMismatch",
  "missingFields",
]);

/** Empty text, null and undefined are "not given"; numbers may come as text ("12", "12,5"). */
function optionalNumber(message: string) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v === "string") {
        const t = v.trim();
        if (t === "") return undefined;
        const n = Number(t.replace(",", "."));
        return Number.isFinite(n) ? n : Number.NaN;
      }
      return v;
    },
    z.number({ message }).optional(),
  );
}

const requiredText = (message: string) => z.preprocess((v) => (v ?? ""), z.string({ message }).trim().min(1, message).max(120, message));

/** What the plate and colour fields can say (admin catalogue, next to the car list's keys). */
export const CAR_PLATE = adminCodes("cars", ["plateTooLong", "colourTooLong"]);
export const MAX_PLATE = 16;
export const MAX_COLOUR = 30;

/** A plate as the office keeps it: spaces collapsed, upper case ("07 abc  915" → "07 ABC 915"). */
export const normalizePlate = (text: string): string => text.trim().replace(/\s+/g, " ").toUpperCase();

/**
 * An optional short text the office may leave out: not sent keeps the car's value (undefined),
 * empty clears it (null).
 */
const optionalShortText = (max: number, message: string, normalize: (t: string) => string, description: string) =>
  z
    .preprocess(
      (v) => (v === undefined ? undefined : v === null ? null : typeof v === "string" ? normalize(v) || null : v),
      z.string({ message }).max(max, message).nullable().optional(),
    )
    .meta({ description });

export const carFormSchema = z.object({
  name: requiredText(CAR_FORM.name),
  make: requiredText(CAR_FORM.make),
  model: requiredText(CAR_FORM.model),
  category: z.preprocess((v) => (v === undefined || v === null || v === "" ? "Sedan" : v), z.enum(CAR_CATEGORIES, { message: CAR_FORM.category })),
  seats: optionalNumber(CAR_FORM.seats).pipe(
    z.number({ message: CAR_FORM.seats }).int(CAR_FORM.seats).min(1, CAR_FORM.seats).max(20, CAR_FORM.seats).default(DEFAULT_SEATS),
  ),
  luggage: optionalNumber(CAR_FORM.luggage).pipe(
    z.number({ message: CAR_FORM.luggage }).int(CAR_FORM.luggage).min(0, CAR_FORM.luggage).max(10, CAR_FORM.luggage).default(DEFAULT_LUGGAGE),
  ),
  price_per_km: optionalNumber(CAR_FORM.pricePerKm).pipe(
    z.number({ message: CAR_FORM.pricePerKm }).min(0, CAR_FORM.pricePerKm).max(100_000, CAR_FORM.pricePerKm).optional().transform((v) => v ?? null),
  ),
  price_per_day: optionalNumber(CAR_FORM.pricePerDay).pipe(
    z.number({ message: CAR_FORM.pricePerDay }).min(0, CAR_FORM.pricePerDay).max(10_000_000, CAR_FORM.pricePerDay).optional().transform((v) => v ?? null),
  ),
  price_per_hour: optionalNumber(CAR_FORM.pricePerHour).pipe(
    z.number({ message: CAR_FORM.pricePerHour }).min(0, CAR_FORM.pricePerHour).max(1_000_000, CAR_FORM.pricePerHour).optional().transform((v) => v ?? null),
  ),
  year: optionalNumber(CAR_FORM.year).pipe(
    z.number({ message: CAR_FORM.year }).int(CAR_FORM.year).min(1990, CAR_FORM.year).max(new Date().getFullYear() + 1, CAR_FORM.year).optional().transform((v) => v ?? null),
  ),
  fuel_type: z.preprocess((v) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 40) : null), z.string().nullable()),
  status: z.preprocess((v) => (v === undefined || v === null || v === "" ? "active" : v), z.enum(CAR_STATUSES, { message: CAR_FORM.status })),
  description: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 4000) : ""), z.string()),
  features: z.preprocess(
    (v) => {
      const list = typeof v === "string" ? (() => { try { return JSON.parse(v) as unknown; } catch { return [v]; } })() : v;
      return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string").map((f) => f.trim().slice(0, 80)).filter(Boolean).slice(0, 40) : [];
    },
    z.array(z.string()),
  ),
  images: z.preprocess((v) => parseImages(v ?? []), z.array(z.custom<StoredImage>()).max(MAX_IMAGES, CAR_FORM.tooManyImages)),
  maintenance_from: maintenanceEnd(
    MAINTENANCE.from,
    "Start of the maintenance window: an ISO date-time with offset (2026-12-12T08:00:00+03:00), or Istanbul local `yyyy-mm-ddThh:mm`; null or empty: open (since ever). The car takes no trip that touches the window, whatever its status.",
  ),
  maintenance_to: maintenanceEnd(
    MAINTENANCE.to,
    "End of the maintenance window, after the start (same formats); null or empty: until further notice.",
  ),
  plate_number: optionalShortText(
    MAX_PLATE,
    CAR_PLATE.plateTooLong,
    normalizePlate,
    "Registration plate (staff only; never shown on the public site), at most 16 characters, kept in upper case with single spaces (\"07 ABC 915\"); null or empty clears it; not sent keeps it.",
  ),
  colour: optionalShortText(
    MAX_COLOUR,
    CAR_PLATE.colourTooLong,
    (t) => t.trim().replace(/\s+/g, " "),
    "The colour as the guest is told it (\"Siyah\", \"black\"), at most 30 characters; null or empty clears it; not sent keeps it.",
  ),
});

export type CarFormValues = z.output<typeof carFormSchema>;

export function toCarInput(values: CarFormValues): CarInput {
  return {
    name: values.name,
    make: values.make,
    model: values.model,
    category: values.category,
    year: values.year,
    fuel_type: values.fuel_type,
    seats: values.seats,
    luggage: values.luggage,
    price_per_km: values.price_per_km === null ? null : liraToKurus(values.price_per_km),
    price_per_day: values.price_per_day === null ? null : liraToKurus(values.price_per_day),
    price_per_hour: values.price_per_hour === null ? null : liraToKurus(values.price_per_hour),
    status: values.status,
    description: values.description,
    features: values.features,
    images: values.images,
    maintenance_from: values.maintenance_from,
    maintenance_to: values.maintenance_to,
    ...(values.plate_number === undefined ? {} : { plate_number: values.plate_number }),
    ...(values.colour === undefined ? {} : { colour: values.colour }),
  };
}

/** The window's rule across its two fields: an end must come after the start (an open end is fine). */
export function windowProblems(from: string | null, to: string | null): FieldProblems {
  return from && to && Date.parse(to) <= Date.parse(from) ? { maintenance_to: [problem(MAINTENANCE.endBeforeStart)] } : {};
}

/** Validates a car from the form or the API; problems keyed by field. */
export function parseCarForm(input: unknown): { ok: true; value: CarInput } | { ok: false; fields: FieldProblems } {
  const result = carFormSchema.safeParse(input);
  if (result.success) {
    const window = windowProblems(result.data.maintenance_from, result.data.maintenance_to);
    return hasProblems(window) ? { ok: false, fields: window } : { ok: true, value: toCarInput(result.data) };
  }
  return { ok: false, fields: zodProblems(result.error.issues, { namespace: "admin", fallback: CAR_FORM.saveFailed, rename: (f) => (f === "_" ? "form" : f) }) };
}

/** Digits only while typing (spec §5): what the number inputs keep of a keystroke. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, "");
