/**
 * An edit's steps before anything is written (issue 27): read the booking → resolve the places
 * typed → the trip's shape and times → check the car's capacity and the products → route the legs
 * that moved → price → the booking as it would be, with the cars its legs need. `editBooking`
 * (bookings.server.ts) checks those cars and persists; a guest's preview stops before that. Each
 * step reads and fills one `EditDraft`; none writes.
 */
import type { Kysely, Updateable } from "kysely";
import type { Language } from "~/i18n/config";
import type { PlaceServices } from "~/places/service.server";
import { addProblem, hasProblems, problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { canonicalLabel } from "~/places/types";
import { nowIso, toJson } from "~/server/db/convert";
import type { BookingRow, BookingsTable, Database } from "~/server/db/schema";
import { kurus, liraToKurus } from "~/utils/money";
import { convertKurus, isCurrency } from "~/pricing/currency";
import { legsFor, readPricing } from "~/pricing/pricing.server";
import { editCode, EDIT_DATE_CODES, type BookingEdit } from "./rules/admin-edit";
import { changeCode, diffBooking, type FieldChange } from "./rules/booking-changes";
import { bookingSearchText, distanceDetailsJson, luggageItemsJson, readDistanceDetails, type DistanceDetails, type LegDistance } from "./rules/booking-row";
import { capacityProblems, normaliseLuggageItems, storedLuggageItems } from "./rules/capacity";
import { firstCarShare } from "./rules/groups";
import { carsOfBookings } from "./store/cars.server";
import { toBusinessDateTime, toBusinessParts, toInstant } from "./rules/datetime";
import { carRates, quoteForCar, type PricedCar } from "./rules/pricing";
import { bookedExtrasOf, readBookedExtras, readPriceLines } from "./rules/booked-extras";
import { extrasForEdit, sameExtras, type PricedExtra } from "./rules/booking-products";
import { addMinutes, legSpans, occupiesCar, type Span } from "./rules/availability";
import { tripDateProblems } from "./rules/trip-dates";
import { km, metresToKm, minutes, seconds, secondsToMinutes, type Km, type Minutes } from "./rules/units";
import { carOfLeg } from "./availability.server";
import { bookingRowById } from "./store/reads.server";
import { locateFields, type LocationField } from "./trip.server";
import { hoursProblem } from "./search-check.server";

/** What the edit's steps read and use: the database (the caller's transaction with `within`) and, for a moved place, the place services. */
export interface BookingEditDeps {
  db: Kysely<Database>;
  /** null: the edit names no place (a car change); a place edit without them is a programming error */
  places: PlaceServices | null;
}

/** An edit refused before anything is written. */
export type EditRefusal =
  | { ok: false; reason: "not_found"; problem: Problem }
  | { ok: false; reason: "invalid"; problem: Problem; fields: FieldProblems };

/** The booking as the edit would leave it, and what the write must check. */
export interface EditPlan {
  ok: true;
  /** the booking as stored */
  row: BookingRow;
  /** the columns the write sets */
  set: Updateable<BookingsTable>;
  /** the booking as it would be */
  after: BookingRow;
  changes: FieldChange[];
  repriced: boolean;
  /** each car that drives a leg after the edit, with its spans */
  byCar: Map<string, Span[]>;
  /** the legs move (times, car, minutes) on a booking that holds its cars: check them */
  needsCheck: boolean;
}

type LegEnd = { label: string; lat: number | null; lng: number | null };

const PLACE_EDITS = [
  ["pickup_location", "pickup", "pickup_lat", "pickup_lng"],
  ["dropoff_location", "dropoff", "dropoff_lat", "dropoff_lng"],
  ["return_pickup_location", "returnPickup", "return_pickup_lat", "return_pickup_lng"],
  ["return_dropoff_location", "returnDropoff", "return_dropoff_lat", "return_dropoff_lng"],
] as const satisfies ReadonlyArray<readonly [keyof BookingEdit & keyof BookingRow, LocationField, keyof BookingRow, keyof BookingRow]>;

type PlaceColumn = (typeof PLACE_EDITS)[number][0];

/** A place the office typed that the site's resolution could not settle, in the edit form's words. */
const placeProblem = (p: Problem): Problem =>
  p.code === "booking:errors.pickPlace" ? problem(changeCode("placeAmbiguous"), p.params) : problem(changeCode("placeNotFound"));

const invalid = (fields: FieldProblems): EditRefusal => ({ ok: false, reason: "invalid", problem: problem(editCode("saveFailed")), fields });

/** What the office's edit reads of a car: seats and luggage for the capacity rule, rates and category for a new price. */
type PriceableCar = { id: string; name: string; seats: number; luggage: number; category: string; price_per_km: number | null; price_per_day: number | null; price_per_hour: number | null };

const priceableCar = (db: Kysely<Database>, id: string): Promise<PriceableCar | undefined> =>
  db.selectFrom("cars").select(["id", "name", "seats", "luggage", "category", "price_per_km", "price_per_day", "price_per_hour"]).where("id", "=", id).executeTakeFirst();

/** The edit as it is being planned: the stored row, the columns to set, the problems found so far. */
interface EditDraft {
  row: BookingRow;
  edit: BookingEdit;
  set: Updateable<BookingsTable>;
  fields: FieldProblems;
  wasRoundTrip: boolean;
  roundTrip: boolean;
  /** each leg end as it would be */
  ends: Record<PlaceColumn, LegEnd | null>;
  /** the ends whose place the office moved */
  moved: Set<PlaceColumn>;
  pickupAt: string;
  returnAt: string | null;
}

/** What the edit does to the car, the hours and the extras. */
interface DraftProducts {
  /** the car after the edit, read when the car, the passengers or the luggage change */
  car: PriceableCar | undefined;
  carChanged: boolean;
  pricing: Awaited<ReturnType<typeof readPricing>> | undefined;
  hours: number | null;
  hoursChanged: boolean;
  extras: PricedExtra[];
  extrasChanged: boolean;
}

/** Each leg's kilometres and minutes after the edit, and what moved. */
interface DraftLegs {
  details: DistanceDetails | null;
  outboundKm: Km;
  outboundMinutes: Minutes;
  returnKm: Km | null;
  returnMinutes: Minutes | null;
  distanceChanged: boolean;
  rerouted: boolean;
}

/**
 * An edit's steps, without writing: read the booking, resolve the places typed, check every rule
 * (dates, capacity, hours, extras, places), route what moved, re-price with the one price function,
 * and say which cars must be checked for the legs as they would be.
 */
export async function planEdit(
  deps: BookingEditDeps,
  db: Kysely<Database>,
  id: string,
  edit: BookingEdit,
  options: { language?: Language; repriceOnTimeChange?: boolean },
): Promise<EditRefusal | EditPlan> {
  const row = await bookingRowById(db, id);
  if (!row) return { ok: false, reason: "not_found", problem: problem("admin:bookings.notFound") };
  const draft = startDraft(row, edit);
  await resolvePlaces(deps.places, draft, options.language ?? "tr");
  shapeTrip(draft);
  setTimes(draft);
  const products = await checkProducts(db, draft);
  if (hasProblems(draft.fields)) return invalid(draft.fields);
  checkSamePlaces(draft);
  if (hasProblems(draft.fields)) return invalid(draft.fields);
  const legs = await routeLegs(deps.places, draft, products);
  const repriced = await priceDraft(db, draft, products, legs, options);
  return finishDraft(draft, products, legs, repriced);
}

/** Step 1: the stored booking, and the contact, address and party fields as typed. */
function startDraft(row: BookingRow, edit: BookingEdit): EditDraft {
  const set: Updateable<BookingsTable> = {};
  for (const key of ["full_name", "email", "phone", "notes"] as const) {
    if (edit[key] !== undefined) set[key] = edit[key];
  }
  if (edit.flight_number !== undefined) set.flight_number = edit.flight_number || null;
  if (edit.pickup_address !== undefined) set.pickup_address = edit.pickup_address || null;
  if (edit.dropoff_address !== undefined) set.dropoff_address = edit.dropoff_address || null;
  if (edit.passengers !== undefined) set.passengers = edit.passengers;
  if (edit.luggage !== undefined) set.luggage = edit.luggage;
  if (edit.luggage_items !== undefined) set.luggage_items = luggageItemsJson(edit.luggage_items);
  return {
    row,
    edit,
    set,
    fields: {},
    wasRoundTrip: row.trip_type === "roundTrip",
    roundTrip: (edit.trip_type ?? row.trip_type) === "roundTrip",
    ends: {
      pickup_location: { label: row.pickup_location, lat: row.pickup_lat, lng: row.pickup_lng },
      dropoff_location: { label: row.dropoff_location, lat: row.dropoff_lat, lng: row.dropoff_lng },
      return_pickup_location: row.return_pickup_location ? { label: row.return_pickup_location, lat: row.return_pickup_lat, lng: row.return_pickup_lng } : null,
      return_dropoff_location: row.return_dropoff_location ? { label: row.return_dropoff_location, lat: row.return_dropoff_lat, lng: row.return_dropoff_lng } : null,
    },
    moved: new Set(),
    pickupAt: row.pickup_date,
    returnAt: null,
  };
}

/** Step 2: a typed place that differs from the stored one is resolved as the site resolves it. */
async function resolvePlaces(places: PlaceServices | null, draft: EditDraft, language: Language): Promise<void> {
  const { edit, ends, roundTrip } = draft;
  const typed = PLACE_EDITS.filter(([column]) => {
    const text = edit[column];
    if (text === undefined || (column.startsWith("return_") && !roundTrip)) return false;
    return text.trim() !== "" && text.trim() !== (ends[column]?.label ?? "");
  });
  if (typed.length === 0) return;
  if (!places) throw new Error("a place edit needs the place services");
  const located = await locateFields(places, typed.map(([column, field]) => [field, { text: edit[column]! }]), language);
  typed.forEach(([column, field, lat, lng], i) => {
    const place = located.resolved[i];
    if (!place) {
      for (const p of located.fields[field] ?? []) addProblem(draft.fields, column, placeProblem(p));
      return;
    }
    ends[column] = { label: canonicalLabel(place), lat: place.lat, lng: place.lng };
    draft.moved.add(column);
    Object.assign(draft.set, { [column]: canonicalLabel(place), [lat]: place.lat, [lng]: place.lng });
  });
}

/** Step 3: a return added runs back the way the outbound came (unless the office named its places); a return dropped leaves nothing behind. */
function shapeTrip(draft: EditDraft): void {
  const { row, edit, set, ends, moved, roundTrip } = draft;
  if (roundTrip !== draft.wasRoundTrip) {
    set.trip_type = roundTrip ? "roundTrip" : "oneWay";
    const back = (column: "return_pickup_location" | "return_dropoff_location", reverse: "pickup_location" | "dropoff_location") =>
      roundTrip ? (moved.has(column) ? ends[column] : ends[reverse]) : null;
    const from = back("return_pickup_location", "dropoff_location");
    const to = back("return_dropoff_location", "pickup_location");
    ends.return_pickup_location = from;
    ends.return_dropoff_location = to;
    Object.assign(set, {
      return_pickup_location: from?.label ?? null,
      return_pickup_lat: from?.lat ?? null,
      return_pickup_lng: from?.lng ?? null,
      return_dropoff_location: to?.label ?? null,
      return_dropoff_lat: to?.lat ?? null,
      return_dropoff_lng: to?.lng ?? null,
    });
    set.return_pickup_address = roundTrip ? (set.dropoff_address ?? row.dropoff_address) : null;
    set.return_dropoff_address = roundTrip ? (set.pickup_address ?? row.pickup_address) : null;
    if (!roundTrip) set.return_date = null;
  }
  if (roundTrip && edit.return_pickup_address !== undefined) set.return_pickup_address = edit.return_pickup_address || null;
  if (roundTrip && edit.return_dropoff_address !== undefined) set.return_dropoff_address = edit.return_dropoff_address || null;
}

/** Step 4: the pickup's and the return's new date and time (Istanbul time), checked as a booking's dates are (past dates allowed to the office). */
function setTimes(draft: EditDraft): void {
  const { row, edit, set, fields, roundTrip } = draft;
  if (edit.pickup_date !== undefined || edit.pickup_time !== undefined) {
    const current = toBusinessParts(row.pickup_date);
    const instant = toInstant(toBusinessDateTime(edit.pickup_date ?? current.date, edit.pickup_time ?? current.time));
    if (instant) draft.pickupAt = set.pickup_date = instant;
    else addProblem(fields, "pickup_date", problem(editCode("date")));
  }
  draft.returnAt = roundTrip ? row.return_date : null;
  if (roundTrip && (edit.return_date !== undefined || edit.return_time !== undefined)) {
    const old = row.return_date ? toBusinessParts(row.return_date) : { date: "", time: "" };
    const date = edit.return_date ?? old.date;
    const time = edit.return_time ?? old.time;
    draft.returnAt = date && time ? toInstant(toBusinessDateTime(date, time)) : null;
    if (draft.returnAt) set.return_date = draft.returnAt;
  }
  const why = tripDateProblems({ pickupAt: draft.pickupAt, returnAt: draft.returnAt, roundTrip }, { allowPast: true });
  if (why.pickup) addProblem(fields, "pickup_date", problem(EDIT_DATE_CODES[why.pickup]));
  if (why.return) addProblem(fields, "return_date", problem(EDIT_DATE_CODES[why.return]));
}

/** Step 5: the car's seats and luggage (suitcases and special luggage) bind the office as they bind the customer; the hours of an hourly hire and the extras are checked as a new booking's are (issue 14). */
async function checkProducts(db: Kysely<Database>, draft: EditDraft): Promise<DraftProducts> {
  const { row, edit, set, fields } = draft;
  let car: PriceableCar | undefined;
  const carChanged = edit.car_id !== undefined && edit.car_id !== row.car_id;
  const luggageEdited = edit.luggage !== undefined || edit.luggage_items !== undefined;
  if (carChanged || edit.passengers !== undefined || luggageEdited) {
    const carId = carChanged ? edit.car_id! : row.car_id;
    car = carId ? await priceableCar(db, carId) : undefined;
    if (carChanged && !car) addProblem(fields, "car_id", problem(editCode("car")));
  }
  // (a car without seats on record seats nobody extra); a party's own car takes what its further cars do not (issue 32)
  const luggageItems = edit.luggage_items !== undefined ? normaliseLuggageItems(edit.luggage_items) : storedLuggageItems(row.luggage_items);
  const party = { passengers: set.passengers ?? row.passengers, luggage: set.luggage !== undefined ? set.luggage : row.luggage, luggageItems };
  const capacity = capacityProblems(car ? firstCarShare(party, await carsOfBookings(db, [row.id])) : party, car ?? null);
  if (capacity.passengers) fields[carChanged ? "car_id" : "passengers"] = capacity.passengers;
  if (capacity.luggage && luggageEdited && !carChanged) fields.luggage = capacity.luggage;
  else if (capacity.luggage) fields.car_id = [...(fields.car_id ?? []), ...capacity.luggage];

  const pricing = edit.hours !== undefined || edit.extras !== undefined ? await readPricing(db) : undefined;
  let hours = row.hours;
  let hoursChanged = false;
  if (pricing && edit.hours !== undefined && edit.hours !== row.hours) {
    const bounds = { minHours: pricing.settings.hourlyMinHours, maxHours: pricing.settings.hourlyMaxHours };
    const bad = row.hours === null ? problem(editCode("notHourly")) : hoursProblem(edit.hours, bounds);
    if (bad) addProblem(fields, "hours", bad);
    else {
      hours = edit.hours;
      hoursChanged = true;
    }
  }
  const booked = readBookedExtras(row);
  let extras: PricedExtra[] = bookedExtrasOf(row);
  let extrasChanged = false;
  if (pricing && edit.extras !== undefined) {
    const wanted = extrasForEdit(booked, edit.extras, pricing.extras, { passengers: set.passengers ?? row.passengers });
    Object.assign(fields, wanted.fields);
    if (!hasProblems(wanted.fields) && !sameExtras(booked, wanted.extras.map((e) => ({ code: e.extra.code, quantity: e.quantity, text: e.text })))) {
      extras = wanted.extras;
      extrasChanged = true;
    }
  }
  return { car, carChanged, pricing, hours, hoursChanged, extras, extrasChanged };
}

const samePoint = (a: LegEnd | null, b: LegEnd | null) => a?.lat === b?.lat && a?.lng === b?.lng;

/** Step 6: a leg the office moved cannot start where it ends. */
function checkSamePlaces(draft: EditDraft): void {
  const { ends, moved, roundTrip } = draft;
  if ((moved.has("pickup_location") || moved.has("dropoff_location")) && samePoint(ends.pickup_location, ends.dropoff_location)) {
    addProblem(draft.fields, "dropoff_location", problem(changeCode("samePlace")));
  }
  if (roundTrip && (moved.has("return_pickup_location") || moved.has("return_dropoff_location")) && samePoint(ends.return_pickup_location, ends.return_dropoff_location)) {
    addProblem(draft.fields, "return_dropoff_location", problem(changeCode("samePlace")));
  }
}

/** Step 7: each leg's kilometres and minutes: a leg whose place moved is routed again, unless the office typed its kilometres too. */
async function routeLegs(places: PlaceServices | null, draft: EditDraft, products: DraftProducts): Promise<DraftLegs> {
  const { row, edit, ends, moved, roundTrip, wasRoundTrip } = draft;
  const details = readDistanceDetails(row);
  const oldOutbound = details?.outbound.km ?? km(wasRoundTrip ? row.total_distance / 2 : row.total_distance);
  const oldReturn = wasRoundTrip ? (details?.return?.km ?? km(row.total_distance - oldOutbound)) : null;
  const oldOutboundMinutes = details?.outbound.minutes ?? minutes(0);
  const reroute = async (from: LegEnd | null, to: LegEnd | null): Promise<LegDistance | null> => {
    // (a moved place needed the place services in resolvePlaces)
    if (!places || !from || !to || from.lat === null || from.lng === null || to.lat === null || to.lng === null) return null;
    const route = await places.route({ lat: from.lat, lng: from.lng }, { lat: to.lat, lng: to.lng });
    return { km: metresToKm(route.distanceMeters), minutes: secondsToMinutes(seconds(route.durationSeconds)) };
  };
  const outboundMoved = moved.has("pickup_location") || moved.has("dropoff_location");
  const returnMoved = roundTrip && (moved.has("return_pickup_location") || moved.has("return_dropoff_location"));
  const [outRoute, backRoute] = await Promise.all([
    outboundMoved ? reroute(ends.pickup_location, ends.dropoff_location) : null,
    returnMoved ? reroute(ends.return_pickup_location, ends.return_dropoff_location) : null,
  ]);
  const typedKm = (value: number | undefined, old: Km | null) => (value !== undefined && km(value) !== old ? km(value) : undefined);
  const outboundKm = typedKm(edit.outbound_km, oldOutbound) ?? outRoute?.km ?? oldOutbound;
  // An hourly hire's one "leg" lasts its hours (its end is what availability and the board read).
  const { hours } = products;
  const outboundMinutes = hours !== null && (products.hoursChanged || row.hours !== null) ? minutes(hours * 60) : (outRoute?.minutes ?? oldOutboundMinutes);
  // A new return leg is as long as the outbound unless the office says otherwise.
  const returnKm = roundTrip ? (typedKm(edit.return_km, oldReturn) ?? backRoute?.km ?? oldReturn ?? outboundKm) : null;
  const returnMinutes = roundTrip ? (backRoute?.minutes ?? details?.return?.minutes ?? outboundMinutes) : null;
  return {
    details,
    outboundKm,
    outboundMinutes,
    returnKm,
    returnMinutes,
    distanceChanged: outboundKm !== oldOutbound || returnKm !== oldReturn,
    rerouted: outRoute !== null || backRoute !== null,
  };
}

/**
 * Step 8: the price, when the car, a leg's kilometres, the rate, the hours or the extras change (or
 * the times, for the guest's change), by the one price function; otherwise the agreed price stays.
 * The agreed rate stays unless the office sets another or moves the booking to another car.
 */
async function priceDraft(db: Kysely<Database>, draft: EditDraft, products: DraftProducts, legs: DraftLegs, options: { repriceOnTimeChange?: boolean }): Promise<boolean> {
  const { row, edit, set, ends, roundTrip, pickupAt, returnAt } = draft;
  const { car, carChanged, pricing, hours, hoursChanged, extras, extrasChanged } = products;
  const newRate = edit.rate_per_km !== undefined ? liraToKurus(edit.rate_per_km) : undefined;
  const rateChanged = newRate !== undefined && newRate !== row.rate_per_km;
  const legsKept = !carChanged && !legs.distanceChanged && !rateChanged;
  const timesChanged = Boolean(options.repriceOnTimeChange) && (pickupAt !== row.pickup_date || returnAt !== (roundTrip ? row.return_date : null));
  if (!(carChanged || legs.distanceChanged || rateChanged || hoursChanged || extrasChanged || timesChanged)) return false;
  const priced = car ?? (row.car_id ? await priceableCar(db, row.car_id) : undefined);
  const own = priced ? carRates(priced) : { price_per_km: null, price_per_day: null, price_per_hour: null, category: "" };
  const storedLines = readPriceLines(row);
  // An hourly hire keeps its agreed rate per hour unless it moves to another car.
  const bookedHourly = storedLines.find((l) => l.kind === "hourly")?.ratePerHour;
  const agreed: PricedCar = { ...own, price_per_km: rateChanged ? newRate : kurus(row.rate_per_km), price_per_day: null, price_per_hour: bookedHourly ?? own.price_per_hour };
  const rates: PricedCar = carChanged && priced && !rateChanged ? own : agreed;
  const tables = pricing ?? (await readPricing(db));
  const at = (end: LegEnd | null) => (end?.lat == null || end.lng == null ? null : { lat: end.lat, lng: end.lng });
  const priceLegs = legsFor(
    tables,
    [
      { leg: "outbound", from: at(ends.pickup_location), to: at(ends.dropoff_location), km: legs.outboundKm, startsAt: pickupAt },
      ...(legs.returnKm === null ? [] : [{ leg: "return" as const, from: at(ends.return_pickup_location), to: at(ends.return_dropoff_location), km: legs.returnKm, startsAt: returnAt }]),
    ],
    rates.category,
  );
  // Legs that did not change keep the route fare they were booked at.
  const keptLegs = legsKept
    ? priceLegs.map((leg) => {
        const fixed = storedLines.find((l) => l.kind === "fixed" && l.leg === leg.leg);
        return fixed?.kind === "fixed" ? { ...leg, fare: { routeId: fixed.routeId, amount: fixed.amount } } : leg;
      })
    : priceLegs;
  // Extras booked keep their names and prices of the day; extras added take today's.
  const quote = quoteForCar({ car: rates, legs: keptLegs, hours, extras, rules: tables.rules });
  set.price_lines = toJson(quote.lines);
  set.extras = toJson(quote.extras);
  set.total_price = quote.total;
  // What the guest saw stays in their currency, at the rate of the day they booked.
  const currency = isCurrency(row.currency) ? row.currency : "TRY";
  set.currency_total =
    currency === "TRY" || !row.currency_rate ? quote.total : convertKurus(quote.total, currency, { EUR: row.currency_rate, USD: row.currency_rate, GBP: row.currency_rate, RUB: row.currency_rate });
  if (hoursChanged) set.hours = hours;
  set.rate_per_km = quote.ratePerKm;
  set.minimum_applied = quote.minimumApplied ? 1 : 0;
  set.total_distance = quote.distanceKm;
  return true;
}

/** Step 9: the legs' figures and ends, the search text, what changed, and the cars to check. */
function finishDraft(draft: EditDraft, products: DraftProducts, legs: DraftLegs, repriced: boolean): EditPlan {
  const { row, set, roundTrip, pickupAt, returnAt } = draft;
  const { car, carChanged, hoursChanged } = products;
  if (repriced || legs.rerouted || roundTrip !== draft.wasRoundTrip || hoursChanged) {
    set.distance_details = distanceDetailsJson({
      outbound: { km: legs.outboundKm, minutes: legs.outboundMinutes },
      return: legs.returnKm === null ? null : { km: legs.returnKm, minutes: legs.returnMinutes ?? legs.outboundMinutes },
    });
  }
  if (legs.rerouted || hoursChanged) set.total_duration = seconds((legs.outboundMinutes + (legs.returnMinutes ?? 0)) * 60);
  if (carChanged && car) {
    set.car_id = car.id;
    set.car_name = car.name;
  }
  // Each leg's end follows its time and route minutes (availability and the dispatch board read them).
  const stored = set.distance_details ? readDistanceDetails({ distance_details: set.distance_details }) : legs.details;
  const endMinutes = stored?.outbound.minutes ?? minutes(0);
  set.pickup_end = addMinutes(pickupAt, endMinutes);
  set.return_end = roundTrip && returnAt ? addMinutes(returnAt, stored?.return?.minutes ?? endMinutes) : null;
  const after = { ...row, ...set } as BookingRow;
  set.search_text = bookingSearchText(after);
  set.updated_at = nowIso();
  const changes = diffBooking(row, after);
  // Each leg's car is checked when the legs move (times, car, minutes) on a booking that holds its cars.
  const byCar = carsOfLegs(after);
  const needsCheck = byCar.size > 0 && occupiesCar(row.status) && JSON.stringify([...carsOfLegs(row)]) !== JSON.stringify([...byCar]);
  return { ok: true, row, set, after, changes, repriced, byCar, needsCheck };
}

/** Each car that drives a leg of the booking (the return leg's own car when it has one), with the spans it drives. */
function carsOfLegs(booking: BookingRow): Map<string, Span[]> {
  const byCar = new Map<string, Span[]>();
  for (const { leg, start, end } of legSpans(booking)) {
    const carId = carOfLeg(booking, leg);
    if (carId) byCar.set(carId, [...(byCar.get(carId) ?? []), { start, end }]);
  }
  return byCar;
}
