/**
 * The extras page's form rules (/admin/extras), shared by the server and the browser: a name in
 * each public language, a code (slug, fixed once created), a price in lira as the office types it
 * ("1.250,50"), per booking or per unit, a maximum quantity, whether the guest types a text with
 * it, active, and the display order. Messages are codes of the admin catalogue's `extras.errors`.
 */
import { z } from "zod";
import { EXTRA_CODE, EXTRA_PRICING, MAX_EXTRA_QUANTITY } from "~/booking/rules/extras";
import { liraToKurus, type Kurus } from "~/utils/money";
import { adminCodes } from "./codes";
import { parseTypedInteger, parseTypedNumber } from "./typed-number";

export const EXTRAS = adminCodes("extras.errors", [
  "nameRequired",
  "nameTooLong",
  "codeRequired",
  "codeFormat",
  "codeTaken",
  "priceRequired",
  "priceNumber",
  "priceRange",
  "pricing",
  "maxQuantity",
  "sortOrder",
  "notFound",
  "saveFailed",
]);

export const EXTRA_INTENTS = ["create", "update", "toggle", "delete"] as const;
export type ExtraIntent = (typeof EXTRA_INTENTS)[number];

export const MAX_EXTRA_NAME = 80;
/** 100,000 TL: far above any extra, low enough to catch a typed kuruş amount */
export const MAX_EXTRA_PRICE_LIRA = 100_000;

// A blank field arrives as undefined (Conform): "required", like an emptied one.
const name = z.string({ message: EXTRAS.nameRequired }).trim().min(1, EXTRAS.nameRequired).max(MAX_EXTRA_NAME, EXTRAS.nameTooLong);

/** Lira as typed → kuruş. */
const price = z
  .preprocess(
    (v) => parseTypedNumber(v),
    z
      .number({ error: (issue) => (issue.input === undefined ? EXTRAS.priceRequired : EXTRAS.priceNumber) })
      .min(0, EXTRAS.priceRange)
      .max(MAX_EXTRA_PRICE_LIRA, EXTRAS.priceRange),
  )
  .transform((lira): Kurus => liraToKurus(lira));

const maxQuantity = z.preprocess(
  (v) => parseTypedInteger(v),
  z.number({ message: EXTRAS.maxQuantity }).int(EXTRAS.maxQuantity).min(1, EXTRAS.maxQuantity).max(MAX_EXTRA_QUANTITY, EXTRAS.maxQuantity),
);
const sortOrder = z.preprocess(
  (v) => parseTypedInteger(v) ?? 0,
  z.number({ message: EXTRAS.sortOrder }).int(EXTRAS.sortOrder).min(0, EXTRAS.sortOrder).max(999, EXTRAS.sortOrder),
);
/** A ticked checkbox posts "on"; an unticked one is absent. */
const ticked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const fields = {
  names: z.object({ tr: name, en: name, de: name, ru: name }),
  price,
  pricing: z.enum(EXTRA_PRICING, { message: EXTRAS.pricing }),
  maxQuantity,
  needsText: ticked,
  active: ticked,
  sortOrder,
};

const code = z
  .string({ message: EXTRAS.codeRequired })
  .trim()
  .toLowerCase()
  .min(1, EXTRAS.codeRequired)
  .regex(EXTRA_CODE, EXTRAS.codeFormat);
const id = z.string().min(1).max(64);

/** Adding an extra: its code too. */
export const createExtraSchema = z.object({ intent: z.literal("create"), code, ...fields });
/** Editing one (the code stays: bookings and links name it). */
export const updateExtraSchema = z.object({ intent: z.literal("update"), id, ...fields });
/** Switching it on or off (inactive extras are not offered to guests). */
export const toggleExtraSchema = z.object({ intent: z.literal("toggle"), id });
export const deleteExtraSchema = z.object({ intent: z.literal("delete"), id });

export function extraSchemaFor(intent: unknown) {
  switch (intent) {
    case "create":
      return createExtraSchema;
    case "toggle":
      return toggleExtraSchema;
    case "delete":
      return deleteExtraSchema;
    default:
      return updateExtraSchema;
  }
}
