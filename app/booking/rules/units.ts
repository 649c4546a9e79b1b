/**
 * Units in types: distances are kilometres to one decimal (`Km`), route durations whole minutes
 * (`Minutes`) or, where the database and the API keep them, seconds (`Seconds`). Each is a branded
 * number made only by its constructor, so kilometres passed where minutes are expected (or metres
 * where kilometres are) do not type-check. Texts like "38 km" / "40 dk" are made from these numbers
 * in presenters and views only (format.ts, present.ts), never stored or parsed back.
 */

declare const kmBrand: unique symbol;
declare const minutesBrand: unique symbol;
declare const secondsBrand: unique symbol;

/** Kilometres, one decimal, never negative. */
export type Km = number & { readonly [kmBrand]: "Km" };
/** Whole minutes, never negative. */
export type Minutes = number & { readonly [minutesBrand]: "Minutes" };
/** Whole seconds, never negative. */
export type Seconds = number & { readonly [secondsBrand]: "Seconds" };

/** Kilometres to one decimal; negative or non-numbers count as 0. */
export const km = (value: number): Km => (Number.isFinite(value) && value > 0 ? Math.round(value * 10) / 10 : 0) as Km;
export const metresToKm = (metres: number): Km => km(metres / 1000);
export const addKm = (...legs: Array<Km | null | undefined>): Km => km(legs.reduce<number>((sum, leg) => sum + (leg ?? 0), 0));

export const minutes = (value: number): Minutes => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0) as Minutes;
export const seconds = (value: number): Seconds => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0) as Seconds;
export const secondsToMinutes = (s: Seconds): Minutes => minutes(s / 60);
export const minutesToSeconds = (m: Minutes): Seconds => seconds(m * 60);
