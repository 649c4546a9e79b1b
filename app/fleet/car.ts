/**
 * Cars as the business sees them: the category list, feature keys, defaults of spec §8/§9, and
 * the conversion of a stored row to what the site and the API show. Pure; no database here.
 */
import type { CarRow, CarStatus } from "~/server/db/schema";
import { parseJson } from "~/server/db/convert";
import { kurusToLira } from "~/utils/money";

/** One list everywhere (DESIGN.md §7). */
export const CAR_CATEGORIES = [
  "Sedan",
  "SUV",
  "Hatchback",
  "Minivan",
  "Minibüs",
  "Luxury",
  "VIP",
  "Ultra Luxury",
  "Sports",
] as const;
export type CarCategory = (typeof CAR_CATEGORIES)[number];

/** Feature keys named in the texts (spec §3); free text is allowed too. */
export const FEATURE_KEYS = [
  "leatherinterior",
  "premiumsound",
  "executiveseating",
  "ambientlighting",
  "chauffeuroption",
  "conferenceseating",
  "wifi",
  "refrigerator",
  "recliningseats",
  "panoramicroof",
  "premiumentertainment",
  "massageseats",
  "mbuxsystem",
  "conferencesystem",
  "extendedlegroom",
  "privacyglass",
  "premiumaudio",
  "tabletcontrols",
  "blackexterior",
  "tintedwindows",
  "premiuminterior",
  "airsuspension",
] as const;

export const PLACEHOLDER_IMAGE = "/images/placeholder.jpg";
export const DEFAULT_SEATS = 4;
export const DEFAULT_LUGGAGE = 3;

/** An image as stored: the full-size address, an optional card-size variant and its size. */
export interface StoredImage {
  url: string;
  card?: string;
  width?: number;
  height?: number;
}

function isStoredImage(value: unknown): value is StoredImage {
  return typeof value === "object" && value !== null && typeof (value as StoredImage).url === "string";
}

/**
 * Reads the images column. Old clients sent a list of URLs, a JSON string of one, or an empty
 * string; null and blank entries are dropped (spec §3).
 */
export function parseImages(value: unknown): StoredImage[] {
  const list: unknown = typeof value === "string" ? parseJson<unknown>(value, []) : value;
  if (!Array.isArray(list)) return [];
  const images: StoredImage[] = [];
  for (const entry of list) {
    if (typeof entry === "string" && entry.trim()) images.push({ url: entry.trim() });
    else if (isStoredImage(entry) && entry.url.trim()) images.push(entry);
  }
  return images;
}

/** Reads the features column: a list, or a JSON string of one; blanks dropped. */
export function parseFeatures(value: unknown): string[] {
  const list: unknown = typeof value === "string" ? parseJson<unknown>(value, []) : value;
  if (!Array.isArray(list)) return [];
  return list.filter((f): f is string => typeof f === "string").map((f) => f.trim()).filter(Boolean);
}

/** A car as the public site and the API show it. Money in lira. */
export interface Car {
  id: string;
  name: string;
  make: string;
  model: string;
  category: string;
  year: number | null;
  fuel_type: string | null;
  seats: number;
  luggage: number;
  price_per_km: number | null;
  price_per_day: number | null;
  /** lira per hour of hourly hire; null: not hired by the hour */
  price_per_hour: number | null;
  status: CarStatus;
  description: string;
  features: string[];
  /** first image, or the placeholder */
  image: string;
  /** full-size addresses, in order */
  images: string[];
  /** the same images with their card-size variants and sizes, for responsive markup */
  gallery: StoredImage[];
  /** the maintenance window (UTC instants, either end open; app/booking/availability.ts) */
  maintenance_from: string | null;
  maintenance_to: string | null;
  created_at: string;
  updated_at: string;
}

/** What only staff see of a car: its plate and colour (told to the guest once a driver is assigned). */
export interface CarPlate {
  plate_number: string | null;
  colour: string | null;
}

/** A car as the office and the staff API see it. */
export type StaffCar = Car & CarPlate;

export function toCar(row: CarRow): Car {
  const gallery = parseImages(row.images);
  return {
    id: row.id,
    name: row.name,
    make: row.make,
    model: row.model,
    category: row.category,
    year: row.year,
    fuel_type: row.fuel_type,
    seats: row.seats,
    luggage: row.luggage,
    price_per_km: row.price_per_km === null ? null : kurusToLira(row.price_per_km),
    price_per_day: row.price_per_day === null ? null : kurusToLira(row.price_per_day),
    price_per_hour: row.price_per_hour == null ? null : kurusToLira(row.price_per_hour),
    status: row.status,
    description: row.description,
    features: parseFeatures(row.features),
    image: gallery[0]?.url ?? PLACEHOLDER_IMAGE,
    images: gallery.map((i) => i.url),
    gallery,
    maintenance_from: row.maintenance_from ?? null,
    maintenance_to: row.maintenance_to ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
