/**
 * What a booking sold besides the ride (issue 14), as the office reads it: the service (a transfer
 * or an hourly hire of N hours), the extras with their quantities and the name-sign text, the
 * itemised price lines and the currency the guest saw. Read from the stored row by one function,
 * for the detail page, the list, the CSV, the dispatch board and the edit history. Pure.
 */
import type { BookingRow } from "~/server/db/schema";
import { isCurrency, type Currency } from "~/pricing/currency";
import { checkExtraChoices, extraName, type BookedExtra, type Extra, type ExtraChoice } from "~/booking/rules/extras";
import type { FieldProblems } from "~/i18n/problem";
import { readBookedExtras, readPriceLines } from "./booked-extras";
import type { PriceLine } from "./pricing";

/** The products of one booking: amounts in kuruş (price lines) and the currency's minor units. */
export interface BookingProducts {
  /** hours of an hourly hire; null for a transfer */
  hours: number | null;
  extras: BookedExtra[];
  /** empty for bookings made before the itemised price (they show as before) */
  lines: PriceLine[];
  /** the currency the guest saw, its rate (lira × 10,000; null for lira) and the total in its minor units */
  currency: Currency;
  currencyRate: number | null;
  currencyTotal: number;
}

export type ProductsRow = Pick<BookingRow, "hours" | "extras" | "price_lines" | "currency" | "currency_rate" | "currency_total" | "total_price">;

export function bookingProducts(row: ProductsRow): BookingProducts {
  const currency = isCurrency(row.currency) ? row.currency : "TRY";
  return {
    hours: row.hours ?? null,
    extras: readBookedExtras(row),
    lines: readPriceLines(row),
    currency,
    currencyRate: currency === "TRY" ? null : (row.currency_rate ?? null),
    currencyTotal: row.currency_total ?? row.total_price,
  };
}

/** The texts the guest typed with extras (the name on the sign): what the driver must carry. */
export const signTexts = (extras: readonly BookedExtra[]): string[] => extras.filter((e) => e.quantity > 0 && e.text).map((e) => e.text!);

/** One extra in words: "İsim tabelası: Anna Schmidt", "Çocuk koltuğu ×2", "Ekstra durak". */
export function extraText(extra: Pick<BookedExtra, "names" | "quantity" | "text">, language: string): string {
  const name = extraName(extra.names, language);
  const many = extra.quantity > 1 ? ` ×${extra.quantity}` : "";
  return extra.text ? `${name}${many}: ${extra.text}` : `${name}${many}`;
}

/** The extras in one line ("Çocuk koltuğu ×2; İsim tabelası: Anna Schmidt"), "" when none. */
export const extrasText = (extras: readonly Pick<BookedExtra, "names" | "quantity" | "text">[], language: string): string =>
  extras.filter((e) => e.quantity > 0).map((e) => extraText(e, language)).join("; ");

/** How many items of extras a booking has (two child seats and a sign: 3). */
export const extrasCount = (extras: readonly Pick<BookedExtra, "quantity">[]): number => extras.reduce((n, e) => n + Math.max(0, e.quantity), 0);

type SummaryItem = Pick<BookedExtra, "code" | "names" | "quantity" | "text">;

/**
 * The extras as the edit history keeps them (a raw value, formatted where it is read): a JSON list
 * of code, names, quantity and text, without prices, so a re-price alone is not an extras change;
 * null when the booking has none.
 */
export function extrasChangeValue(row: Pick<BookingRow, "extras">): string | null {
  const items: SummaryItem[] = readBookedExtras(row)
    .filter((e) => e.quantity > 0)
    .map(({ code, names, quantity, text }) => ({ code, names, quantity, text }));
  return items.length > 0 ? JSON.stringify(items) : null;
}

const isItem = (v: unknown): v is SummaryItem =>
  typeof v === "object" && v !== null && typeof (v as SummaryItem).code === "string" && typeof (v as SummaryItem).quantity === "number" && typeof (v as SummaryItem).names === "object";

/** A history value of `extrasChangeValue` in words in a language; the raw text when unreadable. */
export function formatExtrasChange(value: string, language: string): string {
  try {
    const items: unknown = JSON.parse(value);
    if (Array.isArray(items) && items.every(isItem)) return extrasText(items, language) || "—";
  } catch {
    // an unreadable value is shown as stored
  }
  return value;
}

/** An extra as the price function takes it. */
export interface PricedExtra {
  extra: Pick<Extra, "code" | "names" | "price" | "pricing">;
  quantity: number;
  text: string | null;
}

/**
 * The office's new list of a booking's extras (`choices`: every extra it should have), checked as a
 * guest's are (`checkExtraChoices`: known, whole quantity within the maximum, a text when needed)
 * against the active extras plus those already on the booking (even if since withdrawn). Extras the
 * booking had keep the price they were booked at; extras added take today's price.
 */
export function extrasForEdit(booked: readonly BookedExtra[], choices: readonly ExtraChoice[], current: readonly Extra[], party: { passengers?: number } = {}): { extras: PricedExtra[]; fields: FieldProblems } {
  const byCode = new Map(current.map((e) => [e.code, e]));
  const offer: Extra[] = current.filter((e) => e.active);
  for (const b of booked) {
    if (offer.some((e) => e.code === b.code)) continue;
    const now = byCode.get(b.code);
    offer.push({
      id: now?.id ?? b.code,
      code: b.code,
      names: b.names,
      price: b.unitPrice,
      pricing: b.pricing,
      maxQuantity: Math.max(now?.maxQuantity ?? 0, b.quantity),
      needsText: now?.needsText ?? b.text !== null,
      active: true,
      sortOrder: now?.sortOrder ?? 0,
    });
  }
  const { chosen, fields } = checkExtraChoices(choices, offer, party);
  const extras = chosen.map(({ extra, quantity, text }): PricedExtra => {
    const was = booked.find((b) => b.code === extra.code);
    return { extra: was ? { code: was.code, names: was.names, price: was.unitPrice, pricing: was.pricing } : extra, quantity, text };
  });
  return { extras, fields };
}

/** Whether two lists of extras ask for the same things (codes, quantities, texts), whatever their order and prices. */
export function sameExtras(a: ReadonlyArray<{ code: string; quantity: number; text?: string | null }>, b: ReadonlyArray<{ code: string; quantity: number; text?: string | null }>): boolean {
  const key = (list: typeof a) =>
    JSON.stringify(
      list
        .filter((e) => e.quantity > 0)
        .map((e) => [e.code, e.quantity, e.text?.trim() || null])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  return key(a) === key(b);
}

/** One extra on the office's edit form: today's offer, or one the booking has that is no longer offered. */
export interface ExtraEditRow {
  code: string;
  names: BookedExtra["names"];
  pricing: BookedExtra["pricing"];
  /** the price it is (or would be) charged at: as booked for extras the booking has, today's otherwise */
  price: number;
  booked: boolean;
  /** not offered any more (kept on the booking until the office removes it) */
  withdrawn: boolean;
  maxQuantity: number;
  needsText: boolean;
  quantity: number;
  text: string;
}

/** The edit form's extras: every active extra in the office's order, then those only the booking still has. */
export function extrasEditRows(booked: readonly BookedExtra[], current: readonly Extra[]): ExtraEditRow[] {
  const rows: ExtraEditRow[] = [];
  for (const extra of current) {
    const was = booked.find((b) => b.code === extra.code);
    if (!extra.active && !was) continue;
    rows.push({
      code: extra.code,
      names: was?.names ?? extra.names,
      pricing: was?.pricing ?? extra.pricing,
      price: was?.unitPrice ?? extra.price,
      booked: Boolean(was),
      withdrawn: !extra.active,
      maxQuantity: Math.max(extra.maxQuantity, was?.quantity ?? 0),
      needsText: extra.needsText,
      quantity: was?.quantity ?? 0,
      text: was?.text ?? "",
    });
  }
  for (const was of booked) {
    if (rows.some((r) => r.code === was.code)) continue;
    rows.push({ code: was.code, names: was.names, pricing: was.pricing, price: was.unitPrice, booked: true, withdrawn: true, maxQuantity: was.quantity, needsText: was.text !== null, quantity: was.quantity, text: was.text ?? "" });
  }
  return rows;
}
