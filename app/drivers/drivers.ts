/**
 * Drivers (issue 15): what a driver record holds and how a form or API body is read into one.
 * Pure, shared by the office's pages, the API and the tests. Problems are codes of the admin
 * catalogue's `drivers.messages` (Turkish there first).
 */
import { adminCodes } from "~/admin/codes";
import { isPhoneNumber, normalizePhone } from "~/booking/rules/contact";
import { problem, type FieldProblems } from "~/i18n/problem";
import type { StoredImage } from "~/fleet/car";
import { parsePayout, type DriverPayout } from "./payout";

export const DRIVERS = adminCodes("drivers.messages", [
  "nameRequired",
  "nameTooLong",
  "phoneInvalid",
  "whatsappInvalid",
  "languagesInvalid",
  "licenceTooLong",
  "userInvalid",
  "userTaken",
  "notFound",
  "inUse",
  "saveFailed",
  "photoNotSaved",
  "photoInvalid",
  "photoStorage",
]);

/** The languages the office records for a driver (ISO 639-1), in the order its form lists them. */
export const DRIVER_LANGUAGES = ["tr", "en", "de", "ru", "ar", "fr", "uk", "pl", "nl", "it", "es", "fa"] as const;
export type DriverLanguage = (typeof DRIVER_LANGUAGES)[number];
export const isDriverLanguage = (v: unknown): v is DriverLanguage => typeof v === "string" && (DRIVER_LANGUAGES as readonly string[]).includes(v);

export const MAX_DRIVER_NAME = 120;
export const MAX_LICENCE = 40;

/** A driver as the pages and the API read it. */
export interface Driver {
  id: string;
  name: string;
  phone: string;
  whatsapp: string | null;
  languages: DriverLanguage[];
  licenceNumber: string | null;
  active: boolean;
  userId: string | null;
  /** the photo's URL at card size (WebP from our storage), null: none; set by the office's form only */
  photo: string | null;
  /** how the driver is paid (issue 34, app/drivers/payout.ts); null: no rule */
  payout: DriverPayout | null;
  createdAt: string;
  updatedAt: string;
}

/** What the office types (form fields or API body, already as strings/arrays). */
export interface DriverInput {
  name?: unknown;
  phone?: unknown;
  whatsapp?: unknown;
  languages?: unknown;
  licenceNumber?: unknown;
  active?: unknown;
  userId?: unknown;
  /** a stored photo (driver-photo.server.ts), null to take it off; undefined keeps it (never from the API) */
  photo?: StoredImage | null;
  /** the payout rule as typed (payout.ts parsePayout): "" none, "trip", "km", "share"; undefined keeps it */
  payoutRule?: unknown;
  /** lira per leg or per km */
  payoutAmount?: unknown;
  /** percent */
  payoutShare?: unknown;
}

export interface DriverValues {
  name: string;
  phone: string;
  whatsapp: string | null;
  languages: DriverLanguage[];
  licenceNumber: string | null;
  active: boolean;
  userId: string | null;
  photo: StoredImage | null;
  payout: DriverPayout | null;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** Reads and checks a driver; phone numbers are kept in the office's one form ("+90 532 123 45 67"). */
export function parseDriver(input: DriverInput): { ok: true; value: DriverValues } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  const name = text(input.name).replace(/\s+/g, " ");
  if (!name) fields.name = [problem(DRIVERS.nameRequired)];
  else if (name.length > MAX_DRIVER_NAME) fields.name = [problem(DRIVERS.nameTooLong, { max: MAX_DRIVER_NAME })];
  const phone = normalizePhone(text(input.phone));
  if (!isPhoneNumber(phone)) fields.phone = [problem(DRIVERS.phoneInvalid)];
  const whatsappTyped = text(input.whatsapp);
  const whatsapp = whatsappTyped ? normalizePhone(whatsappTyped) : null;
  if (whatsapp !== null && !isPhoneNumber(whatsapp)) fields.whatsapp = [problem(DRIVERS.whatsappInvalid)];
  const rawLanguages = input.languages === undefined || input.languages === null ? [] : Array.isArray(input.languages) ? input.languages : [input.languages];
  const languages = [...new Set(rawLanguages.map((l) => text(l).toLowerCase()).filter(Boolean))];
  if (!languages.every(isDriverLanguage)) fields.languages = [problem(DRIVERS.languagesInvalid)];
  const licence = text(input.licenceNumber);
  if (licence.length > MAX_LICENCE) fields.licenceNumber = [problem(DRIVERS.licenceTooLong, { max: MAX_LICENCE })];
  const active = input.active === undefined ? true : input.active === true || input.active === "on" || input.active === "true" || input.active === 1 || input.active === "1";
  const userId = text(input.userId) || null;
  const payout = parsePayout({ rule: input.payoutRule, amount: input.payoutAmount, share: input.payoutShare });
  if (!payout.ok) Object.assign(fields, payout.fields);
  if (Object.keys(fields).length > 0 || !payout.ok) return { ok: false, fields };
  return {
    ok: true,
    value: {
      name,
      phone,
      whatsapp,
      languages: DRIVER_LANGUAGES.filter((l) => languages.includes(l)),
      licenceNumber: licence || null,
      active,
      userId,
      photo: input.photo ?? null,
      payout: payout.value,
    },
  };
}

/** The WhatsApp chat link of a number ("+90 532 …" → https://wa.me/90532…). */
export function whatsappHref(phone: string, message?: string): string {
  const digits = phone.replace(/\D+/g, "").replace(/^00/, "");
  return `https://wa.me/${digits}${message ? `?text=${encodeURIComponent(message)}` : ""}`;
}
