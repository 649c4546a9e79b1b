/**
 * The extras and price lines a booking keeps (JSON in `bookings.extras` and `bookings.price_lines`,
 * migration 0040), read back with a guard so a damaged row shows nothing rather than breaking a page.
 */
import type { BookingRow } from "~/server/db/schema";
import { parseJson } from "~/server/db/convert";
import { kurus } from "~/utils/money";
import type { BookedExtra } from "~/booking/rules/extras";
import type { PriceLine } from "./pricing";

const isBookedExtras = (v: unknown): v is BookedExtra[] =>
  Array.isArray(v) && v.every((e) => typeof e === "object" && e !== null && typeof e.code === "string" && typeof e.quantity === "number" && typeof e.amount === "number");

const isLines = (v: unknown): v is PriceLine[] =>
  Array.isArray(v) && v.every((l) => typeof l === "object" && l !== null && typeof l.kind === "string" && typeof l.amount === "number");

export function readBookedExtras(row: Pick<BookingRow, "extras">): BookedExtra[] {
  return parseJson<BookedExtra[]>(row.extras, [], isBookedExtras).map((e) => ({ ...e, unitPrice: kurus(e.unitPrice), amount: kurus(e.amount), text: e.text ?? null }));
}

export function readPriceLines(row: Pick<BookingRow, "price_lines">): PriceLine[] {
  return parseJson<PriceLine[]>(row.price_lines, [], isLines);
}

/** A booking's extras as the price function takes them again (at the prices they were booked at). */
export function bookedExtrasOf(row: Pick<BookingRow, "extras">) {
  return readBookedExtras(row).map((e) => ({ extra: { code: e.code, names: e.names, price: e.unitPrice, pricing: e.pricing }, quantity: e.quantity, text: e.text }));
}
