/**
 * The car form of spec §5, one schema for the admin page and the JSON API: Turkish messages,
 * defaults (Sedan, active, 4 seats, 3 bags), numbers that arrive as text or numbers, features with
 * blanks dropped and at most ten images. Money is typed in lira and stored in kuruş.
 */
import { z } from "zod";
import { liraToKurus } from "~/utils/money";
import { CAR_STATUSES } from "~/server/db/schema";
import { CAR_CATEGORIES, DEFAULT_LUGGAGE, DEFAULT_SEATS, parseImages, type StoredImage } from "./car";
import type { CarInput } from "./cars.server";

export const MAX_IMAGES = 10;

export const CAR_FORM_MESSAGES = {
  name: "Araç adı zorunludur.",
  make: "Marka zorunludur.",
  model: "Model zorunludur.",
  seats: "Yolcu kapasitesi 1 ile 20 arasında bir tam sayı olmalıdır.",
  luggage: "Bagaj kapasitesi 0 ile 10 arasında bir tam sayı olmalıdır.",
  pricePerKm: "Km başı fiyat 0 veya daha büyük bir sayı olmalıdır.",
  pricePerDay: "Günlük fiyat 0 veya daha büyük bir sayı olmalıdır.",
  year: "Model yılı 1990 ile gelecek yıl arasında olmalıdır.",
  category: "Listeden bir kategori seçiniz.",
  status: "Listeden bir durum seçiniz.",
  tooManyImages: "En fazla 10 resim yükleyebilirsiniz.",
  saveFailed: "Araç kaydedilirken bir hata oluştu.",
  idempotencyMismatch: "Bu Idempotency-Key daha önce farklı bir istekle kullanıldı. Yeni bir araç için yeni bir anahtar kullanın.",
} as const;

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

export const carFormSchema = z.object({
  name: requiredText(CAR_FORM_MESSAGES.name),
  make: requiredText(CAR_FORM_MESSAGES.make),
  model: requiredText(CAR_FORM_MESSAGES.model),
  category: z.preprocess((v) => (v === undefined || v === null || v === "" ? "Sedan" : v), z.enum(CAR_CATEGORIES, { message: CAR_FORM_MESSAGES.category })),
  seats: optionalNumber(CAR_FORM_MESSAGES.seats).pipe(
    z.number({ message: CAR_FORM_MESSAGES.seats }).int(CAR_FORM_MESSAGES.seats).min(1, CAR_FORM_MESSAGES.seats).max(20, CAR_FORM_MESSAGES.seats).default(DEFAULT_SEATS),
  ),
  luggage: optionalNumber(CAR_FORM_MESSAGES.luggage).pipe(
    z.number({ message: CAR_FORM_MESSAGES.luggage }).int(CAR_FORM_MESSAGES.luggage).min(0, CAR_FORM_MESSAGES.luggage).max(10, CAR_FORM_MESSAGES.luggage).default(DEFAULT_LUGGAGE),
  ),
  price_per_km: optionalNumber(CAR_FORM_MESSAGES.pricePerKm).pipe(
    z.number({ message: CAR_FORM_MESSAGES.pricePerKm }).min(0, CAR_FORM_MESSAGES.pricePerKm).max(100_000, CAR_FORM_MESSAGES.pricePerKm).optional().transform((v) => v ?? null),
  ),
  price_per_day: optionalNumber(CAR_FORM_MESSAGES.pricePerDay).pipe(
    z.number({ message: CAR_FORM_MESSAGES.pricePerDay }).min(0, CAR_FORM_MESSAGES.pricePerDay).max(10_000_000, CAR_FORM_MESSAGES.pricePerDay).optional().transform((v) => v ?? null),
  ),
  year: optionalNumber(CAR_FORM_MESSAGES.year).pipe(
    z.number({ message: CAR_FORM_MESSAGES.year }).int(CAR_FORM_MESSAGES.year).min(1990, CAR_FORM_MESSAGES.year).max(new Date().getFullYear() + 1, CAR_FORM_MESSAGES.year).optional().transform((v) => v ?? null),
  ),
  fuel_type: z.preprocess((v) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 40) : null), z.string().nullable()),
  status: z.preprocess((v) => (v === undefined || v === null || v === "" ? "active" : v), z.enum(CAR_STATUSES, { message: CAR_FORM_MESSAGES.status })),
  description: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 4000) : ""), z.string()),
  features: z.preprocess(
    (v) => {
      const list = typeof v === "string" ? (() => { try { return JSON.parse(v) as unknown; } catch { return [v]; } })() : v;
      return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string").map((f) => f.trim().slice(0, 80)).filter(Boolean).slice(0, 40) : [];
    },
    z.array(z.string()),
  ),
  images: z.preprocess((v) => parseImages(v ?? []), z.array(z.custom<StoredImage>()).max(MAX_IMAGES, CAR_FORM_MESSAGES.tooManyImages)),
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
    status: values.status,
    description: values.description,
    features: values.features,
    images: values.images,
  };
}

export type FieldErrors = Record<string, string[]>;

/** Validates a car from the form or the API; errors keyed by field, Turkish messages. */
export function parseCarForm(input: unknown): { ok: true; value: CarInput } | { ok: false; fields: FieldErrors } {
  const result = carFormSchema.safeParse(input);
  if (result.success) return { ok: true, value: toCarInput(result.data) };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    (fields[key] ??= []).push(issue.message);
  }
  return { ok: false, fields };
}

/** Digits only while typing (spec §5): what the number inputs keep of a keystroke. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, "");
