/**
 * The contact part of a booking (spec §5 "Booking confirmation"), validated by one schema in the
 * browser and on the server. Messages are keys of the `booking` namespace.
 */
import { z } from "zod";
import { MAX_ADDRESS, MAX_EMAIL, MAX_NAME, MAX_NOTES } from "./contact-limits";

export { MAX_ADDRESS, MAX_EMAIL, MAX_NAME, MAX_NOTES };

/** International form: a leading + (or 00) and the country code, then 6–14 more digits. */
export const PHONE_PATTERN = /^(\+|00)[1-9][0-9 ()./-]{6,22}$/;
/** An airline code of two letters or digits, then 1–4 digits and an optional suffix letter. */
export const FLIGHT_PATTERN = /^[A-Z0-9]{2}[A-Z]? ?[0-9]{1,4}[A-Z]?$/;

const digits = (s: string) => s.replace(/[^0-9]/g, "").length;

/** The catalogue codes (or `booking` keys) a contact rule says its problems with. */
export interface ContactCodes {
  required: string;
  tooLong: string;
  fullName: string;
  email: string;
  phone: string;
}

export const isPhoneNumber = (v: string) => PHONE_PATTERN.test(v) && digits(v) >= 8 && digits(v) <= 16;

/** A Turkish subscriber number without its trunk 0: a geographic (2xx–4xx), mobile (5xx) or 8xx code, then seven digits. */
const TURKISH_NATIONAL = /^[2-58][0-9]{9}$/;

/**
 * A Turkish number as Turks write it, with the trunk 0 ("0532 123 45 67", "05321234567") or
 * without it ("532 123 45 67"), or already international ("+905321234567"), in the one form the
 * rule and the drivers' phones use: "+90 532 123 45 67". Anything else (another country's number,
 * something too short) is left as typed, for the rule to judge.
 */
export function normalizePhone(value: string): string {
  const v = value.trim();
  if (!/^(\+|00)?[0-9 ()./-]+$/.test(v)) return v;
  const all = v.replace(/[^0-9]/g, "");
  const international = v.startsWith("+") ? all : v.startsWith("00") ? all.slice(2) : null;
  const national =
    international !== null
      ? international.startsWith("90") ? international.slice(2) : ""
      : all.length === 11 && all.startsWith("0") ? all.slice(1) : all;
  if (!TURKISH_NATIONAL.test(national)) return v;
  return `+90 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6, 8)} ${national.slice(8)}`;
}

/**
 * The one contact rule (name, e-mail, phone) of a booking, for the public form, the API and the
 * office's edit; each says its problems in its own words.
 */
export function contactRules(codes: ContactCodes) {
  return {
    fullName: z.string({ error: codes.required }).trim().min(2, codes.fullName).max(MAX_NAME, codes.tooLong),
    email: z.string({ error: codes.required }).trim().max(MAX_EMAIL, codes.tooLong).pipe(z.email(codes.email)),
    phone: z.string({ error: codes.required }).trim().max(30, codes.tooLong).transform(normalizePhone).refine(isPhoneNumber, codes.phone),
  };
}

/**
 * The one address rule (site form, API, office's edit): optional text on one line (runs of spaces
 * and line breaks become one space), at most MAX_ADDRESS characters; empty means none. Another
 * type than text is refused with the same code.
 */
export const addressRule = (code: string) =>
  z
    .string({ error: code })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(MAX_ADDRESS, code));

/** The leg ends a guest may name a hotel or address for, as the contact form names them. */
export const ADDRESS_FIELDS = ["pickupAddress", "dropoffAddress", "returnPickupAddress", "returnDropoffAddress"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export type Addresses = Partial<Record<AddressField, string | null>>;

export const contactFields = {
  ...contactRules({ required: "errors.required", tooLong: "errors.tooLong", fullName: "errors.fullName", email: "errors.email", phone: "errors.phone" }),
  notes: z.string().trim().max(MAX_NOTES, "errors.notesTooLong").optional().default(""),
  flightNumber: z
    .string()
    .trim()
    .max(10, "errors.flightNumber")
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || FLIGHT_PATTERN.test(v), "errors.flightNumber")
    .optional(),
  consent: z.literal(["on", "true", true], { error: "errors.consent" }),
  pickupAddress: addressRule("errors.address").optional(),
  dropoffAddress: addressRule("errors.address").optional(),
  returnPickupAddress: addressRule("errors.address").optional(),
  returnDropoffAddress: addressRule("errors.address").optional(),
};

export const contactSchema = z.object({
  ...contactFields,
  // one car, or a party's cars as their ids joined by commas (issue 32: rules/groups.ts)
  carId: z.string({ error: "errors.selectCar" }).trim().min(1, "errors.selectCar").max(300, "errors.selectCar"),
  /** booking updates by WhatsApp or SMS (issue 16): ticked or absent, never required */
  messagingConsent: z.literal(["on", "true"]).optional().catch(undefined),
  idempotencyKey: z.string().trim().max(100).optional(),
});

export type ContactForm = z.output<typeof contactSchema>;
