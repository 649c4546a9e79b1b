/**
 * Extras a guest adds to a booking (issue 14): child seats, a name sign, an extra stop, extra
 * waiting. The office manages them (/admin/extras): a name in each public language, a price per
 * booking or per unit, the most a booking may take, and whether the guest types a text with it
 * (the name on the sign). Chosen on the booking form or in the API, priced on the server by the one
 * pricing function; a booking keeps a copy of what it took (names and prices as they were).
 */
import { kurus, type Kurus } from "~/utils/money";
import { problem, type FieldProblems } from "~/i18n/problem";

export const EXTRA_PRICING = ["booking", "unit"] as const;
export type ExtraPricing = (typeof EXTRA_PRICING)[number];
export const MAX_EXTRA_QUANTITY = 20;
export const MAX_EXTRA_TEXT = 60;
export const EXTRA_CODE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The child seats, youngest first (issue 32): together no more than the passengers, each child being one. */
export const CHILD_SEAT_CODES: readonly string[] = ["infant-seat", "child-seat", "booster-seat"];

/** The extra whose price says what waiting costs after the free time (per 15 minutes). */
export const WAITING_EXTRA_CODE = "extra-waiting";

export type ExtraNames = Record<"tr" | "en" | "de" | "ru", string>;

export interface Extra {
  id: string;
  /** stable slug: form field names and the API use it (`child-seat`) */
  code: string;
  names: ExtraNames;
  price: Kurus;
  pricing: ExtraPricing;
  maxQuantity: number;
  /** the guest types a text with it (the name sign's) */
  needsText: boolean;
  active: boolean;
  sortOrder: number;
}

/** What a guest asked for: an extra's code, how many, and its text. */
export interface ExtraChoice {
  code: string;
  quantity: number;
  text?: string | null;
}

/** An extra as a booking keeps it (JSON in `bookings.extras`): names and prices as booked. */
export interface BookedExtra {
  code: string;
  names: ExtraNames;
  pricing: ExtraPricing;
  quantity: number;
  unitPrice: Kurus;
  amount: Kurus;
  text: string | null;
}

export const extraName = (names: ExtraNames, language: string): string =>
  (names as Record<string, string>)[language] || names.en || names.tr;

/** The line amount of an extra: per unit × quantity, or once per booking. */
export const extraAmount = (price: Kurus, pricing: ExtraPricing, quantity: number): Kurus =>
  quantity <= 0 ? kurus(0) : kurus(pricing === "unit" ? price * quantity : price);

/** Form field name of an extra's quantity, and of its text. */
export const extraField = (code: string) => `extra.${code}`;
export const extraTextField = (code: string) => `extraText.${code}`;

/** The choices in a submitted form (`extra.<code>` = quantity or "on", `extraText.<code>`). */
export function choicesFromForm(form: { get(name: string): unknown; keys(): Iterable<string> }): ExtraChoice[] {
  const out: ExtraChoice[] = [];
  for (const name of new Set(form.keys())) {
    if (!name.startsWith("extra.")) continue;
    const code = name.slice("extra.".length);
    const raw = String(form.get(name) ?? "").trim();
    if (raw === "" || raw === "0") continue;
    const quantity = raw === "on" ? 1 : /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    const text = form.get(extraTextField(code));
    out.push({ code, quantity, text: typeof text === "string" ? text : null });
  }
  return out;
}

/**
 * The choices checked against the active extras: known code, a whole quantity within the extra's
 * maximum, a text when it needs one; with the party's `passengers`, no more child seats than
 * passengers (each child is a passenger; said at each child seat asked for). Problems are
 * `booking:errors.*` codes under `extras` or the extra's field.
 */
export function checkExtraChoices(choices: readonly ExtraChoice[], extras: readonly Extra[], party: { passengers?: number } = {}): { chosen: Array<{ extra: Extra; quantity: number; text: string | null }>; fields: FieldProblems } {
  const byCode = new Map(extras.filter((e) => e.active).map((e) => [e.code, e]));
  const chosen: Array<{ extra: Extra; quantity: number; text: string | null }> = [];
  const fields: FieldProblems = {};
  const seen = new Set<string>();
  for (const choice of choices) {
    const extra = byCode.get(String(choice.code));
    if (!extra || seen.has(extra.code)) {
      (fields.extras ??= []).push(problem("booking:errors.extraUnknown", { code: String(choice.code).slice(0, 40) }));
      continue;
    }
    seen.add(extra.code);
    const q = choice.quantity;
    if (!Number.isInteger(q) || q < 0 || q > extra.maxQuantity) {
      (fields[extraField(extra.code)] ??= []).push(problem("booking:errors.extraQuantity", { max: extra.maxQuantity }));
      continue;
    }
    if (q === 0) continue;
    const text = (choice.text ?? "").trim();
    if (extra.needsText && !text) {
      (fields[extraTextField(extra.code)] ??= []).push(problem("booking:errors.extraText"));
      continue;
    }
    if (text.length > MAX_EXTRA_TEXT) {
      (fields[extraTextField(extra.code)] ??= []).push(problem("booking:errors.extraTextTooLong", { max: MAX_EXTRA_TEXT }));
      continue;
    }
    chosen.push({ extra, quantity: q, text: extra.needsText ? text : null });
  }
  const seats = chosen.filter((c) => CHILD_SEAT_CODES.includes(c.extra.code));
  const passengers = party.passengers;
  if (passengers !== undefined && Number.isInteger(passengers) && seats.reduce((sum, c) => sum + c.quantity, 0) > passengers) {
    for (const c of seats) (fields[extraField(c.extra.code)] ??= []).push(problem("booking:errors.childSeatsOverPassengers", { passengers }));
  }
  return { chosen, fields };
}
