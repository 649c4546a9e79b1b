/**
 * The contact part of a booking (spec §5 "Booking confirmation"), validated by one schema in the
 * browser and on the server. Messages are keys of the `booking` namespace.
 */
import { z } from "zod";

export const MAX_NAME = 100;
export const MAX_EMAIL = 254;
export const MAX_NOTES = 1000;

/** International form: a leading + (or 00) and the country code, then 6–14 more digits. */
export const PHONE_PATTERN = /^(\+|00)[1-9][0-9 ()./-]{6,22}$/;
/** An airline code of two letters or digits, then 1–4 digits and an optional suffix letter. */
export const FLIGHT_PATTERN = /^[A-Z0-9]{2}[A-Z]? ?[0-9]{1,4}[A-Z]?$/;

const digits = (s: string) => s.replace(/[^0-9]/g, "").length;

export const contactFields = {
  fullName: z.string({ error: "errors.required" }).trim().min(2, "errors.fullName").max(MAX_NAME, "errors.tooLong"),
  email: z.string({ error: "errors.required" }).trim().max(MAX_EMAIL, "errors.tooLong").pipe(z.email("errors.email")),
  phone: z
    .string({ error: "errors.required" })
    .trim()
    .max(30, "errors.tooLong")
    .refine((v) => PHONE_PATTERN.test(v) && digits(v) >= 8 && digits(v) <= 16, "errors.phone"),
  notes: z.string().trim().max(MAX_NOTES, "errors.tooLong").optional().default(""),
  flightNumber: z
    .string()
    .trim()
    .max(10, "errors.flightNumber")
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || FLIGHT_PATTERN.test(v), "errors.flightNumber")
    .optional(),
  consent: z.literal(["on", "true", true], { error: "errors.consent" }),
};

export const contactSchema = z.object({
  ...contactFields,
  carId: z.string({ error: "errors.selectCar" }).trim().min(1, "errors.selectCar").max(64, "errors.selectCar"),
  idempotencyKey: z.string().trim().max(100).optional(),
});

export type ContactForm = z.output<typeof contactSchema>;
