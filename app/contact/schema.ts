/**
 * The contact form (spec §3 "Contact form"): one zod schema for the browser (Conform) and the
 * server. Messages are i18n keys of the `contact` namespace, translated where they are shown.
 */
import { z } from "zod";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), "contact:errors.date");

/** The longest message the contact form takes (the form counts towards it; app/components/site/length-counter.tsx). */
export const MAX_CONTACT_MESSAGE = 5000;

export const contactSchema = z
  .object({
    name: z.string({ error: "contact:errors.name" }).trim().min(2, "contact:errors.name").max(120, "contact:errors.tooLong"),
    email: z
      .string({ error: "contact:errors.email" })
      .trim()
      .max(200, "contact:errors.tooLong")
      .pipe(z.email("contact:errors.email")),
    phone: z
      .string({ error: "contact:errors.phone" })
      .trim()
      .max(40, "contact:errors.tooLong")
      .refine((v) => v.replace(/\D/g, "").length >= 6, "contact:errors.phone"),
    message: z.string({ error: "contact:errors.message" }).trim().min(10, "contact:errors.message").max(MAX_CONTACT_MESSAGE, "contact:errors.tooLong"),
    startDate: optionalDate,
    endDate: optionalDate,
    preferredVehicle: z.string().trim().max(200, "contact:errors.tooLong").optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: "contact:errors.endBeforeStart",
    path: ["endDate"],
  });

export type ContactInput = z.output<typeof contactSchema>;
