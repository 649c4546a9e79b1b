/**
 * What the office may change on a booking (DESIGN.md §3: the spec's dead Edit button made real):
 * contact details, notes, flight, the hotel or address at each leg end, date and time of each leg, passengers, the car, the
 * kilometres of each leg, and whether there is a return leg at all (`trip_type`: a return added
 * runs back the way the outbound came). One schema for the admin page and PATCH /api/bookings/{id}; a partial
 * body changes only what it names. Contact fields follow the booking's one contact rule
 * (contact.ts); the capacity and date rules are applied by `updateBooking` against the car and
 * the other leg. Issue 14: the extras (every extra's quantity and text: the whole list, so an extra
 * left out is removed) and the hours of an hourly hire; their quantities, texts and hours are
 * checked by `updateBooking` against the office's extras and the settings (`booking:errors.*`).
 * Issue 32: the special luggage (`luggage_items`, every kind's count: the whole set, so a kind left
 * out is none), refused with the booking's own codes and counted against the car by `updateBooking`.
 * Problems are codes of the admin catalogue (`admin:bookingEdit.messages.*`). Pure.
 */
import { parse } from "@conform-to/react";
import { z } from "zod";
import { choicesFromForm, extraField, extraTextField, type ExtraChoice } from "~/booking/rules/extras";
import { problem, zodProblems, type FieldProblems, type ProblemCode } from "~/i18n/problem";
import { changeCode } from "./booking-changes";
import { LUGGAGE_KINDS, MAX_LUGGAGE, MAX_LUGGAGE_ITEM, MAX_PASSENGERS, type LuggageKind } from "./capacity";
import { addressRule, contactRules } from "./contact";
import { isDateText, isTimeText } from "./datetime";
import { TRIP_TYPES } from "./search-params";
import type { DateReason } from "./trip-dates";

type EditMessage = "hours" | "notHourly" | "extras" | "address" | "fullName" | "email" | "phone" | "date" | "dateTooFar" | "time" | "passengers" | "luggage" | "distance" | "car" | "returnLeg" | "returnBeforePickup" | "saveFailed";

/** A message of the edit form as a code: `admin:bookingEdit.messages.<key>`. */
export const editCode = (key: EditMessage): ProblemCode => `admin:bookingEdit.messages.${key}`;

/** The date rule's reasons in the office's words (the office may keep a past date). */
export const EDIT_DATE_CODES: Record<DateReason, ProblemCode> = {
  past: editCode("date"),
  // the office is not bound by the visitors' lead time; named only to keep the table complete
  tooSoon: editCode("date"),
  tooFar: editCode("dateTooFar"),
  returnMissing: editCode("returnLeg"),
  returnBeforePickup: editCode("returnBeforePickup"),
};

const text = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(max));

const number = (message: string) =>
  z.preprocess((v) => {
    if (typeof v === "string") {
      const t = v.trim().replace(",", ".");
      return t === "" ? undefined : Number(t);
    }
    return v === null ? undefined : v;
  }, z.number({ message }).refine(Number.isFinite, message));

const contact = contactRules({
  required: "booking:errors.required",
  tooLong: "booking:errors.tooLong",
  fullName: editCode("fullName"),
  email: editCode("email"),
  phone: editCode("phone"),
});

/** The special luggage's codes are the booking's (the site's, the API's POST and the capacity rule's). */
const LUGGAGE_ITEM: ProblemCode = "booking:errors.luggageItem";
const LUGGAGE_FORMAT: ProblemCode = "booking:errors.luggageItemsFormat";

/** One kind's count: a whole number 0 to MAX_LUGGAGE_ITEM (an empty field or null: none). */
const luggageCount = z
  .preprocess((v) => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return 0;
    return typeof v === "string" && /^\s*-?\d+([.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(",", ".")) : v;
  }, z.number({ message: LUGGAGE_FORMAT }))
  .pipe(z.number().int(LUGGAGE_ITEM).min(0, LUGGAGE_ITEM).max(MAX_LUGGAGE_ITEM, LUGGAGE_ITEM))
  .optional();

/** The special luggage as it should be: each kind's count, a kind left out none; null or {} removes it all. */
const luggageItems = z
  .strictObject(Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, luggageCount])) as Record<LuggageKind, typeof luggageCount>, { message: LUGGAGE_FORMAT })
  .nullable()
  .transform((items) => items ?? {})
  .meta({
    description: `The special luggage as it should be, each kind 0 to ${MAX_LUGGAGE_ITEM}: ${LUGGAGE_KINDS.join(", ")} (a kind left out is none; null or {} removes it all). Counted against the car with the suitcases (\`booking:errors.tooMuchSpecialLuggage\` under \`luggage\`)`,
  });

const place = text(200).pipe(z.string().min(1, changeCode("place")));

export const bookingEditSchema = z
  .object({
    full_name: contact.fullName,
    email: contact.email,
    phone: contact.phone,
    notes: text(2000),
    flight_number: text(20),
    pickup_address: addressRule(editCode("address")),
    dropoff_address: addressRule(editCode("address")),
    return_pickup_address: addressRule(editCode("address")),
    return_dropoff_address: addressRule(editCode("address")),
    pickup_date: text(10).refine(isDateText, editCode("date")),
    pickup_time: text(5).refine(isTimeText, editCode("time")),
    return_date: text(10).refine((v) => v === "" || isDateText(v), editCode("date")),
    return_time: text(5).refine((v) => v === "" || isTimeText(v), editCode("time")),
    passengers: number(editCode("passengers")).pipe(z.number().int(editCode("passengers")).min(1, editCode("passengers")).max(MAX_PASSENGERS, editCode("passengers"))),
    /** pieces of luggage (issue 16: the guest may change them; the car's luggage space binds, checked by updateBooking) */
    luggage: number(editCode("luggage")).pipe(z.number().int(editCode("luggage")).min(0, editCode("luggage")).max(MAX_LUGGAGE, editCode("luggage"))),
    /** the special luggage by kind (issue 32; the car's luggage places bind, checked by updateBooking) */
    luggage_items: luggageItems,
    car_id: text(64).pipe(z.string().min(1, editCode("car"))),
    outbound_km: number(editCode("distance")).pipe(z.number().min(0, editCode("distance")).max(5000, editCode("distance"))),
    return_km: number(editCode("distance")).pipe(z.number().min(0, editCode("distance")).max(5000, editCode("distance"))).optional(),
    trip_type: z.enum(TRIP_TYPES, { message: editCode("saveFailed") }),
    // The places of each leg, resolved as the site resolves them when they differ from the stored names.
    pickup_location: place,
    dropoff_location: place,
    return_pickup_location: place,
    return_dropoff_location: place,
    /** the agreed rate in lira per km (a change re-prices the booking at it) */
    rate_per_km: number(changeCode("rate")).pipe(z.number().min(0, changeCode("rate")).max(100_000, changeCode("rate"))),
    /** hours of an hourly hire (its bounds are the settings', checked by updateBooking) */
    hours: number(editCode("hours")).pipe(z.number().int(editCode("hours")).min(1, editCode("hours")).max(24, editCode("hours"))),
    /** the booking's extras as they should be: every extra kept, with its quantity and text (an extra left out is removed) */
    extras: z
      .array(
        z.object({
          code: z.string().max(40),
          quantity: z.union([z.number(), z.nan()]),
          text: z.string().max(500).nullish(),
        }),
        { message: editCode("extras") },
      )
      .max(50, editCode("extras")),
  })
  .partial();

export type BookingEdit = z.output<typeof bookingEditSchema>;

/** Values some messages name ("1 to {{max}}"). */
const PARAMS: Partial<Record<ProblemCode, Record<string, number>>> = {
  [editCode("passengers")]: { max: MAX_PASSENGERS },
  [editCode("luggage")]: { max: MAX_LUGGAGE },
  [LUGGAGE_ITEM]: { max: MAX_LUGGAGE_ITEM },
};

export function parseBookingEdit(input: unknown): { ok: true; value: BookingEdit } | { ok: false; fields: FieldProblems } {
  const result = bookingEditSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields = zodProblems(result.error.issues, { namespace: "admin", fallback: editCode("saveFailed") });
  for (const list of Object.values(fields)) list.forEach((p, i) => (list[i] = PARAMS[p.code] ? problem(p.code, PARAMS[p.code]) : p));
  return { ok: false, fields };
}

/** The return leg as the edit form shows it: none for a one-way booking, one row for a round trip. */
export interface ReturnLeg {
  date: string;
  time: string;
  km: string;
  /** the hotel or address at the return's pickup and drop-off */
  pickupAddress: string;
  dropoffAddress: string;
  /** the places of the return's pickup and drop-off (names the site resolves) */
  pickupLocation: string;
  dropoffLocation: string;
}

const EDIT_TEXT_FIELDS = [
  "full_name",
  "email",
  "phone",
  "flight_number",
  "pickup_location",
  "dropoff_location",
  "pickup_address",
  "dropoff_address",
  "pickup_date",
  "pickup_time",
  "passengers",
  "car_id",
  "outbound_km",
  "rate_per_km",
  "notes",
] as const;

/**
 * The admin edit form as posted. The return leg is a Conform list of none or one row
 * (`return[0].date|time|km`) whose add and remove buttons are list intents: with JavaScript the
 * browser applies them, without it this does (`intent: true`, nothing to save). Otherwise `input`
 * is what `parseBookingEdit` checks, the trip type following the list. Undefined for a malformed
 * intent or a second return leg.
 */
export function readBookingEditForm(
  form: FormData,
): { intent: boolean; values: Record<string, string>; returnLeg: ReturnLeg | null; input: Record<string, unknown> } | undefined {
  if ([...form.keys()].some((name) => /^return\[(?!0\])/.test(name))) return undefined;
  let submission: ReturnType<typeof parse<Record<string, unknown>, Record<string, unknown>>>;
  try {
    submission = parse<Record<string, unknown>, Record<string, unknown>>(form, { resolve: (payload) => ({ value: payload }) });
  } catch {
    return undefined;
  }
  const payload = submission.payload;
  const values: Record<string, string> = {};
  for (const name of EDIT_TEXT_FIELDS) if (typeof payload[name] === "string") values[name] = payload[name];
  const list = Array.isArray(payload.return) ? payload.return : [];
  if (list.length > 1) return undefined;
  const row = (list[0] ?? null) as Record<string, unknown> | null;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const returnLeg =
    list.length > 0
      ? {
          date: text(row?.date),
          time: text(row?.time),
          km: text(row?.km),
          pickupAddress: text(row?.pickupAddress),
          dropoffAddress: text(row?.dropoffAddress),
          pickupLocation: text(row?.pickupLocation),
          dropoffLocation: text(row?.dropoffLocation),
        }
      : null;
  const input: Record<string, string> = {
    ...values,
    trip_type: returnLeg ? "roundTrip" : "oneWay",
    return_date: returnLeg?.date ?? "",
    return_time: returnLeg?.time ?? "",
    ...(returnLeg ? { return_km: returnLeg.km } : {}),
    // Only the return's addresses the form carries: a form without them leaves the stored ones alone.
    ...(typeof row?.pickupAddress === "string" ? { return_pickup_address: row.pickupAddress } : {}),
    ...(typeof row?.dropoffAddress === "string" ? { return_dropoff_address: row.dropoffAddress } : {}),
    ...(typeof row?.pickupLocation === "string" && row.pickupLocation.trim() ? { return_pickup_location: row.pickupLocation } : {}),
    ...(typeof row?.dropoffLocation === "string" && row.dropoffLocation.trim() ? { return_dropoff_location: row.dropoffLocation } : {}),
  };
  // The extras and the hours are plain fields (`extra.<code>`, `extraText.<code>`, `hours`), read as
  // posted; a form that shows the extras says so (`extras_shown`), so a quantity left at 0 removes one.
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && (name === "hours" || name.startsWith("extra.") || name.startsWith("extraText."))) values[name] = value;
  }
  const extras: ExtraChoice[] | undefined = form.get("extras_shown") === "1" ? choicesFromForm(form) : undefined;
  const luggage = readLuggageFields(form, values);
  const edit: Record<string, unknown> = { ...input, ...(typeof values.hours === "string" ? { hours: values.hours } : {}), ...(extras ? { extras } : {}), ...luggage };
  return { intent: submission.status !== "success", values, returnLeg, input: edit };
}

/**
 * The suitcases (`luggage`) and the special luggage (one field per kind, `prams`…, as the office's
 * new-booking form names them), kept as typed in `values`. A form that shows them says so
 * (`luggage_shown`): a kind left empty is then none. Suitcases left empty are not changed.
 */
function readLuggageFields(form: FormData, values: Record<string, string>): { luggage?: string; luggage_items?: Record<string, string> } {
  if (form.get("luggage_shown") !== "1") return {};
  const typed = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? (values[name] = value) : "";
  };
  const luggage = typed("luggage");
  const items = Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, typed(kind)]));
  return { ...(luggage.trim() ? { luggage } : {}), luggage_items: items };
}

/** The edit form's field names of an extra (re-exported for the page). */
export { extraField, extraTextField };
