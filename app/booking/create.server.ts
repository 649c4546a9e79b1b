/**
 * Creating a booking (spec §3 "Booking payload", DESIGN.md §3), in steps: the places resolved and
 * every rule checked, the price computed on the server from the car and the places (whatever a
 * client sent), the row built, then the car checked under its lock and the booking, its first
 * history row and its event written in one transaction. A repeated idempotency key returns the
 * booking it created; the customer gets a private link (only the token's SHA-256 is stored).
 */
import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { isLanguage, type Language } from "~/i18n/config";
import { hasProblems, problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { canonicalLabel, type Place } from "~/places/types";
import { nowIso } from "~/server/db/convert";
import { isMismatch } from "~/server/idempotency";
import type { BookingCarsTable, BookingChannel, BookingRow, BookingsTable, CarRow, Database } from "~/server/db/schema";
import { recordAudit } from "~/audit/audit.server";
import { kurus, type Kurus } from "~/utils/money";
import type { OfficeEntry } from "./rules/office-entry";
import type { PriceBreakdown } from "./rules/pricing";
import type { Conflict } from "./rules/availability";
import { checkBookingMove } from "./rules/lifecycle";
import type { FieldChange } from "./rules/booking-changes";
import { SYSTEM_LIFECYCLE_ACTOR, type LifecycleActor } from "./lifecycle.server";
import { autoConfirmHold } from "./rules/auto-confirm";
import { partnerPrices } from "./partner-prices.server";
import { AUTO_CONFIRMED_NOTE } from "./rules/status";
import { setBookingStatus } from "./store/bookings.server";
import { linkBookingGuest } from "./customers.server";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { firstLinkToken } from "./booking-link.server";
import { hashToken } from "~/utils/token";
import { recordHistory } from "./store/reads.server";
import { buildBookingRow } from "./rules/booking-row";
import { capacityProblems, luggageAsPlaces } from "./rules/capacity";
import { carRates, hiresByTheHour, quoteForCar } from "./rules/pricing";
import { priceRequestFor, tripSpans } from "./quotes.server";
import { type Span } from "./rules/availability";
import { carConflicts, lockCar, readBufferMinutes } from "./availability.server";
import { bookingByIdempotencyKey, insertBooking } from "./store/bookings.server";
import { insertBookingCars } from "./store/cars.server";
import { groupPrice, MAX_GROUP_CARS, splitParty } from "./rules/groups";
import { bookingReference } from "./rules/reference";
import { PUBLIC_DATE_KEYS, tripDateProblems } from "./rules/trip-dates";
import { planTrip, type Trip } from "./trip.server";
import { readLeadTime, tooSoonProblem, type LeadTime } from "./booking-rules.server";
import { checkExtraChoices } from "~/booking/rules/extras";
import { convertKurus, rateOf, type Currency } from "~/pricing/currency";
import { readPricing, type PricingTables } from "~/pricing/pricing.server";
import { hoursProblem } from "./search-check.server";
import { getSettings } from "~/settings/settings.server";
import { paymentProvider } from "~/payments/registry.server";
import type { PayMode } from "./rules/payments";
import { holdUntilOf, payModesFor, payNowOf } from "./rules/pay-terms";
import { startsAtAirport } from "./trip.server";
import { unavailableProblem, type BookingDeps, type BookingMeta, type BookingRequest } from "./bookings.server";

/** Problems (codes of the `booking` namespace) by the search's (pickup, …) and the contact form's (carId, …) field names. */
export type CreateBookingResult =
  | { ok: true; booking: BookingRow; created: boolean; token: string | null; warnings: Problem[] }
  | { ok: false; fields: FieldProblems; idempotencyMismatch?: true; unavailable?: Problem; conflicts?: Conflict[] };

/**
 * The office entering a booking itself (issue 29): who, through which channel, at what agreed
 * price, mailing the guest or not, pending or confirmed. Its bookings are not held to the
 * visitors' lead time (a warning instead); a car taken at those times is booked only with the
 * entry's reason.
 */
export interface OfficeBooking {
  entry: OfficeEntry;
  actor: LifecycleActor;
  /** the client address, for the audit log */
  ip?: string | null;
}

/** The car was taken (or went into maintenance) for these times: the problem the visitor reads, and the conflicts the office may override with a reason. */
class CarTaken extends Error {
  constructor(
    readonly problem: Problem,
    readonly conflicts: Conflict[],
  ) {
    super("car unavailable");
  }
}

export async function findBookingByKey(db: Kysely<Database>, key: string): Promise<BookingRow | undefined> {
  return bookingByIdempotencyKey(db, key);
}

/** A booking made before under the same key: replayed when the body matches, refused otherwise. */
function replayOrRefuse(existing: BookingRow, hash: string | null): CreateBookingResult {
  if (isMismatch(existing.idempotency_hash, hash)) return { ok: false, fields: {}, idempotencyMismatch: true };
  return { ok: true, booking: existing, created: false, token: null, warnings: [] };
}

const publicDateProblems = (why: ReturnType<typeof tripDateProblems>, lead: LeadTime): FieldProblems => ({
  ...(why.pickup ? { date: [why.pickup === "tooSoon" ? tooSoonProblem(lead) : problem(`booking:${PUBLIC_DATE_KEYS[why.pickup]}`)] } : {}),
  ...(why.return ? { returnDate: [problem(`booking:${PUBLIC_DATE_KEYS[why.return]}`)] } : {}),
});

/** An instant with any offset as the stored UTC text; unreadable text is left for the date rules to refuse. */
const utcInstant = (value: string): string => (Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : value);

/**
 * The one way a booking is made (site, API, tests' factories): dates, capacity and car checked by
 * the shared rules, the trip planned and priced on the server, the row built by `buildBookingRow`.
 */
export async function createBooking(deps: BookingDeps, given: BookingRequest, meta: BookingMeta & { office?: OfficeBooking }): Promise<CreateBookingResult> {
  const { db } = deps;
  const request = inUtc(given);
  const key = meta.idempotencyKey?.trim().slice(0, 100) || null;
  const hash = key ? meta.requestHash ?? null : null;
  if (key) {
    const existing = await findBookingByKey(db, key);
    if (existing) return replayOrRefuse(existing, hash);
  }
  const language: Language = isLanguage(meta.locale) ? meta.locale : "en";
  const office = meta.office;

  // The steps: resolve the places and check → price → build the row → check the car and persist.
  const checked = await checkAndPrice(deps, request, language, office?.entry);
  if (!checked.ok) return checked;
  const { car, trip, tables, quoted, price, requests, spans, warnings } = checked;
  const channel = office ? office.entry.channel : meta.partner ? "partner" : (meta.channel ?? "site");
  // the office's entries and the bookings a partner pays on account ask the guest for nothing online
  const pay = await payTermsOf(deps, request, { channel, category: car.category, total: price.total, office: office !== undefined || meta.partner?.pays === true || meta.partner?.desk === true });
  if (!pay.ok) return { ok: false, fields: { payMode: [pay.problem] } };
  const { row: built, token } = newBookingRow(deps, request, { car, group: checked.group, trip, tables, price, language, key, hash, clientIp: meta.clientIp, channel });
  const row = { ...built, pay_mode: pay.mode, pay_now: pay.now, hold_until: pay.holdUntil, ...(await partnerColumns(db, meta.partner, { carId: car.id, price, request: requests })) };
  // Instant confirmation (issue 32): every rule but the car's, which is checked under its lock.
  const hold = autoConfirmHold({
    settings: (await getSettings(db)).booking,
    office: office !== undefined,
    passengers: request.passengers,
    payNow: pay.now,
    tooSoon: warnings.some((w) => w.code === "booking:errors.tooSoon"),
    overridden: false,
  });
  const units = checked.group.map((c, i) => ({ unit: i + 2, car: c, share: checked.split?.[i + 1] ?? null, price: quoted.lines.find((l) => l.kind === "car" && l.unit === i + 2)?.amount ?? kurus(0) }));
  const persisted = await persistNewBooking(db, row, [car.id, ...checked.group.map((c) => c.id)], spans, {
    office: office ? { ...office, quoted: quoted.total } : undefined,
    autoConfirm: hold === null,
    units: units.map((u) => ({ booking_id: row.id, unit: u.unit, car_id: u.car.id, car_name: u.car.name, passengers: u.share?.passengers ?? 0, luggage: u.share?.luggage ?? null, price: u.price })),
  });
  if (!persisted.ok) {
    // Two requests with the same key at once: the second loses the race; answer with the first.
    if (key) {
      const winner = await findBookingByKey(db, key);
      if (winner) return replayOrRefuse(winner, hash);
    }
    if (persisted.problem) return { ok: false, fields: { carId: [persisted.problem] }, unavailable: persisted.problem, conflicts: persisted.conflicts };
    throw persisted.error;
  }

  // The server's notify worker is woken (off the request); without one, the event is handled now,
  // with the token still in memory. Never fails the booking: the event stays for a retry.
  await eventsCommitted(deps, row.id, { token }).catch((error: unknown) => deps.log.error({ err: error, bookingId: row.id }, "booking event could not be handled"));
  return { ok: true, booking: persisted.booking, created: true, token, warnings };
}

/**
 * What the office's new-booking form shows before it books (issue 29): the same checks and price
 * as `createBooking` would apply (the quote itemised, the agreed price in its place), the warnings,
 * and whether the car is taken at those times; nothing is written.
 */
export async function previewOfficeBooking(
  deps: BookingDeps,
  given: BookingRequest,
  meta: { locale: string; office: Pick<OfficeBooking, "entry"> },
): Promise<{ ok: true; price: PriceBreakdown; quoted: Kurus; warnings: Problem[]; conflicts: Conflict[]; category: string; car: { id: string; name: string }; places: { pickup: string; dropoff: string } } | { ok: false; fields: FieldProblems }> {
  const language: Language = isLanguage(meta.locale) ? meta.locale : "en";
  const checked = await checkAndPrice(deps, inUtc(given), language, meta.office.entry);
  if (!checked.ok) return checked;
  const { car, trip, quoted, price, spans, warnings } = checked;
  const conflicts = await carConflicts(deps.db, car.id, spans, { buffer: await readBufferMinutes(deps.db) });
  // the places as resolved, named in the booking's language (an offer shows them to the guest)
  const places = { pickup: trip.outbound.from.label, dropoff: trip.outbound.to.label };
  return { ok: true, price, quoted: quoted.total, warnings, conflicts, category: car.category, car: { id: car.id, name: car.name }, places };
}

/**
 * How the new booking is paid (issue 30): the mode asked (or the first offered) among those the
 * settings offer this channel and car category, what of it is paid online now, and until when the
 * booking keeps its car unpaid. The office's own entries are paid on arrival (it can send the
 * guest's private link to pay online).
 */
async function payTermsOf(
  deps: Pick<BookingDeps, "db">,
  request: BookingRequest,
  facts: { channel: BookingChannel; category: string; total: Kurus; office: boolean },
): Promise<{ ok: true; mode: PayMode; now: Kurus; holdUntil: string | null } | { ok: false; problem: Problem }> {
  if (facts.office) return { ok: true, mode: "arrival", now: kurus(0), holdUntil: null };
  const terms = (await getSettings(deps.db)).payments;
  const offered = payModesFor(terms, facts, paymentProvider() !== null);
  const mode = request.payMode ?? offered[0]!;
  if (!offered.includes(mode)) return { ok: false, problem: problem("booking:payment.errors.modeUnavailable") };
  const payNow = payNowOf(mode, terms, facts.total);
  if (payNow <= 0) return { ok: true, mode: "arrival", now: kurus(0), holdUntil: null };
  return { ok: true, mode, now: payNow, holdUntil: holdUntilOf(new Date(), request.pickupAt, terms.holdMinutes) };
}

/**
 * A partner's booking: whose it is, and the commission its rule earns on the price, by the
 * partner's rule and rates as they are now (partnerPrices); kept on the booking, so a later change
 * of rule or rates does not rewrite it.
 */
async function partnerColumns(
  db: Kysely<Database>,
  partner: BookingMeta["partner"],
  quoted: Parameters<typeof partnerPrices>[2][number],
): Promise<{ partner_id: string; partner_commission: Kurus; partner_pays: 0 | 1 } | Record<string, never>> {
  if (!partner) return {};
  const [share] = await partnerPrices(db, partner.id, [quoted]);
  return { partner_id: partner.id, partner_commission: share!.commission, partner_pays: partner.pays ? 1 : 0 };
}

/** Instants are stored in one form (UTC, "…Z"): availability compares them as text. */
const inUtc = (given: BookingRequest): BookingRequest => ({ ...given, pickupAt: utcInstant(given.pickupAt), returnAt: given.returnAt === undefined ? undefined : utcInstant(given.returnAt) });

/** A new booking's checks and price, for `createBooking` and the office's preview alike: the quote, the office's agreed price in its place, the trip's legs in time. */
async function checkAndPrice(deps: BookingDeps, request: BookingRequest, language: Language, entry: OfficeEntry | undefined) {
  const checked = await checkNewBooking(deps, request, language, { office: entry !== undefined });
  if (!checked.ok) return checked;
  const { car, group, trip, tables, extras } = checked;
  const returnAt = trip.return ? request.returnAt : null;
  const times = { pickupAt: request.pickupAt, returnAt };
  // the extras are the booking's, priced once with the first car; each further car prices its own transport
  const requests = [priceRequestFor(tables, carRates(car), trip, times, extras), ...group.map((c) => priceRequestFor(tables, carRates(c), trip, times))];
  const quoted = groupPrice(
    quoteForCar(requests[0]!),
    group.map((c, i) => ({ unit: i + 2, name: c.name, price: quoteForCar(requests[i + 1]!) })),
  );
  const price = entry?.price ? agreedPrice(quoted, entry.price) : quoted;
  const split = group.length > 0 ? splitParty([car, ...group], { passengers: request.passengers, luggage: luggageAsPlaces({ luggage: request.luggage, luggageItems: request.luggageItems }) }) : null;
  return { ...checked, quoted, price, requests, split, spans: tripSpans(trip, request.pickupAt, returnAt) };
}

/**
 * The quote with the office's agreed price in its place: the quote's lines stay (what the site
 * would have charged, itemised) and one line of kind "office" makes up the difference, so the
 * lines still add up to the total.
 */
function agreedPrice(quote: PriceBreakdown, agreed: Kurus): PriceBreakdown {
  return { ...quote, lines: [...quote.lines, { kind: "office", quoted: quote.total, amount: kurus(agreed - quote.total) }], total: agreed };
}

/**
 * A party's further cars (issue 32): each a different car in service, at most MAX_GROUP_CARS in
 * all; none asked: an empty list.
 */
async function furtherCars(db: Kysely<Database>, request: BookingRequest): Promise<{ ok: true; cars: CarRow[] } | { ok: false; problem: Problem }> {
  const ids = request.moreCarIds ?? [];
  if (ids.length === 0) return { ok: true, cars: [] };
  const all = [request.carId, ...ids];
  if (all.length > MAX_GROUP_CARS || new Set(all).size !== all.length || !ids.every((id) => /^[\w-]{1,64}$/.test(id))) return { ok: false, problem: problem("booking:errors.groupCars", { max: MAX_GROUP_CARS }) };
  const rows = await db.selectFrom("cars").selectAll().where("id", "in", ids).execute();
  const cars = ids.map((id) => rows.find((r) => r.id === id));
  if (cars.some((c) => !c || c.status === "inactive")) return { ok: false, problem: problem("booking:errors.carUnavailable") };
  return { ok: true, cars: cars as CarRow[] };
}

/** A new booking's checks, its places resolved: the problems by field, or what the next steps need. */
async function checkNewBooking(
  deps: BookingDeps,
  request: BookingRequest,
  language: Language,
  options: { office: boolean },
): Promise<{ ok: false; fields: FieldProblems } | { ok: true; car: CarRow; group: CarRow[]; trip: Trip; tables: PricingTables; extras: ReturnType<typeof checkExtraChoices>["chosen"]; warnings: Problem[] }> {
  const { db } = deps;
  const roundTrip = request.tripType === "roundTrip";
  // The office's minimum lead time binds every visitor's booking; the office's own (entered or
  // edited) are not held to it: inside it, the office is warned instead.
  const lead = await readLeadTime(db);
  const tripDates = { pickupAt: request.pickupAt, returnAt: request.returnAt ?? null, roundTrip };
  const dates = tripDateProblems(tripDates, options.office ? {} : { leadHours: lead.hours });
  const fields: FieldProblems = publicDateProblems(dates, lead);
  const warnings: Problem[] = options.office && !dates.pickup && tripDateProblems(tripDates, { leadHours: lead.hours }).pickup === "tooSoon" ? [tooSoonProblem(lead)] : [];
  const carRow = /^[\w-]{1,64}$/.test(request.carId)
    ? await db.selectFrom("cars").selectAll().where("id", "=", request.carId).executeTakeFirst()
    : undefined;
  // A car in service is checked for the times below; one withdrawn from service is refused at once.
  const available = carRow && carRow.status !== "inactive" ? carRow : undefined;
  if (!available) fields.carId = [problem("booking:errors.carUnavailable")];
  // a party in several cars (issue 32): the further cars, and the party split over them all (the special luggage as suitcase places)
  const more = await furtherCars(db, request);
  if (!more.ok) fields.carId = [more.problem];
  const group = more.ok ? more.cars : [];
  const needs = { passengers: request.passengers, luggage: request.luggage, luggageItems: request.luggageItems ?? null };
  if (group.length === 0) Object.assign(fields, capacityProblems(needs, available ?? null));
  else {
    Object.assign(fields, capacityProblems(needs, null));
    if (available && !fields.passengers && !splitParty([available, ...group], { passengers: request.passengers, luggage: luggageAsPlaces(needs) })) fields.passengers = [problem("booking:errors.groupTooSmall")];
  }
  const tables = await readPricing(db);
  const hourly = request.tripType === "hourly";
  if (hourly) {
    const bounds = { minHours: tables.settings.hourlyMinHours, maxHours: tables.settings.hourlyMaxHours };
    const bad = Number.isInteger(request.hours) ? hoursProblem(request.hours!, bounds) : problem("booking:errors.hoursRange", { min: bounds.minHours, max: bounds.maxHours });
    if (bad) fields.hours = [bad];
    if (available && !hiresByTheHour(carRates(available))) fields.carId = [problem("booking:errors.notHourly")];
    if (group.length > 0) fields.carId = [problem("booking:errors.groupNotHourly")];
  }
  const extras = checkExtraChoices(request.extras ?? [], tables.extras, { passengers: request.passengers });
  Object.assign(fields, extras.fields);

  const planned = await planTrip(deps.places, { ...request, hours: request.hours ?? undefined }, language);
  if (!planned.ok) Object.assign(fields, planned.fields);
  // At an airport the driver meets the flight: its number is how the pickup follows a delay.
  if (planned.ok && startsAtAirport(planned.trip) && !request.flightNumber?.trim()) fields.flightNumber = [problem("booking:errors.flightRequired")];
  if (hasProblems(fields) || !planned.ok || !available) return { ok: false, fields };
  return { ok: true, car: available, group, trip: planned.trip, tables, extras: extras.chosen, warnings };

}

/** The row a new booking is stored as (its private link's token kept in memory for the first mail). */
function newBookingRow(
  deps: Pick<BookingDeps, "env">,
  request: BookingRequest,
  facts: { car: CarRow; group: CarRow[]; trip: Trip; tables: PricingTables; price: PriceBreakdown; language: Language; key: string | null; hash: string | null; clientIp: BookingMeta["clientIp"]; channel: BookingChannel },
): { row: Insertable<BookingsTable>; token: string } {
  const { car: available, trip, tables, price, language, key, hash } = facts;
  const currency: Currency = request.currency ?? "TRY";
  const id = randomUUID();
  const { token, nonce } = firstLinkToken(deps.env.SESSION_SECRET, id);
  // The resolved place's canonical name is stored, not what was typed ("Кемер" → "Kemer, Antalya").
  const stop = (place: Place, address: string | null | undefined) => ({
    label: canonicalLabel(place),
    lat: place.lat,
    lng: place.lng,
    address: address?.trim() || null,
  });
  const at = request.addresses ?? {};
  const built = buildBookingRow({
    id,
    reference: bookingReference(),
    accessTokenHash: hashToken(token),
    tripType: trip.tripType === "roundTrip" ? "roundTrip" : "oneWay",
    hours: trip.hours,
    currency: { code: currency, rate: currency === "TRY" ? null : rateOf(currency, tables.rates), total: convertKurus(price.total, currency, tables.rates) },
    outbound: {
      from: stop(trip.outbound.from, at.pickupAddress),
      to: stop(trip.outbound.to, at.dropoffAddress),
      km: trip.outbound.km,
      minutes: trip.outbound.minutes,
    },
    return: trip.return
      ? {
          from: stop(trip.return.from, at.returnPickupAddress),
          to: stop(trip.return.to, at.returnDropoffAddress),
          km: trip.return.km,
          minutes: trip.return.minutes,
        }
      : null,
    pickupAt: request.pickupAt,
    returnAt: trip.return ? request.returnAt! : null,
    passengers: request.passengers,
    luggage: request.luggage,
    luggageItems: request.luggageItems ?? null,
    // a party in several cars reads every car's name ("Mercedes Sprinter + VW Caravelle")
    car: { id: available.id, name: [available, ...facts.group].map((c) => c.name).join(" + ") },
    contact: { fullName: request.fullName, email: request.email, phone: request.phone, notes: request.notes, flightNumber: request.flightNumber },
    price,
    totalSeconds: trip.totalSeconds,
    routeSource: trip.source,
    locale: language,
    idempotencyKey: key,
    idempotencyHash: hash,
    clientIp: facts.clientIp,
    at: nowIso(),
  });
  const row = {
    ...built,
    link_nonce: nonce,
    messaging_consent_at: request.messagingConsent ? built.created_at : null,
    channel: facts.channel,
  };
  return { row, token };
}

/**
 * Checks the car under its lock and writes the booking, its first history row and its event, in
 * one transaction. The office's entry is recorded as the office's (history, audit log with the
 * agreed price and the reasons), may book a taken car with its reason, and may start confirmed
 * (through the state machine's pending → confirmed, by the office).
 */
async function persistNewBooking(
  db: Kysely<Database>,
  row: Insertable<BookingsTable>,
  carIds: string[],
  spans: Span[],
  options: { office?: OfficeBooking & { quoted: Kurus }; autoConfirm: boolean; units: Array<Insertable<BookingCarsTable>> },
): Promise<{ ok: true; booking: BookingRow } | { ok: false; problem: Problem | null; conflicts?: Conflict[]; error: unknown }> {
  const id = row.id;
  const buffer = await readBufferMinutes(db);
  const office = options.office;
  const entry = office?.entry;
  try {
    const booking = await db.transaction().execute(async (trx) => {
      // Check and write as one step: the car's lock makes a second booking of it wait and then see this one.
      // every car of the party, in one order (two groups sharing cars never wait on each other in a circle)
      const conflicts: Conflict[] = [];
      for (const carId of [...carIds].sort()) {
        await lockCar(trx, carId);
        conflicts.push(...(await carConflicts(trx, carId, spans, { buffer })));
      }
      if (conflicts.length > 0 && !entry?.reason) throw new CarTaken(unavailableProblem(conflicts), conflicts);
      const overridden = conflicts.length > 0 ? entry!.reason : null;
      // The stored row as the database has it (its defaults included), without reading it again.
      let stored = await insertBooking(trx, row);
      await insertBookingCars(trx, options.units);
      const at = row.created_at;
      const actor = office ? office.actor : { id: null, label: "customer" };
      const priceChange: FieldChange[] = entry?.price != null ? [{ field: "total_price", from: office!.quoted, to: entry.price }] : [];
      const changes = priceChange.length > 0 || overridden ? { fields: priceChange, override: overridden ?? entry?.reason ?? null } : null;
      await recordHistory(trx, { bookingId: id, from: null, to: "pending", actor, note: "created", changes, at });
      // The guest the office knows: matched by phone or e-mail, or new (issue 29).
      const customerId = await linkBookingGuest(trx, stored, { fullName: stored.full_name, email: stored.email, phone: stored.phone, language: stored.locale });
      stored = { ...stored, customer_id: customerId };
      let confirmed = false;
      if (office && entry?.confirm) {
        const move = checkBookingMove(stored, "confirmed", office.actor.kind, { now: new Date(at) });
        if (move.ok && (await setBookingStatus(trx, id, "pending", "confirmed", at)) === 1) {
          await recordHistory(trx, { bookingId: id, from: "pending", to: "confirmed", actor: office.actor, note: "", at });
          stored = { ...stored, status: "confirmed" };
          confirmed = true;
        }
      }
      // Instant confirmation: the car free (just checked under its lock) and no rule asking for a person.
      if (!office && options.autoConfirm && conflicts.length === 0) {
        const move = checkBookingMove(stored, "confirmed", SYSTEM_LIFECYCLE_ACTOR.kind, { now: new Date(at) });
        if (move.ok && (await setBookingStatus(trx, id, "pending", "confirmed", at, { autoConfirmed: true })) === 1) {
          await recordHistory(trx, { bookingId: id, from: "pending", to: "confirmed", actor: SYSTEM_LIFECYCLE_ACTOR, note: AUTO_CONFIRMED_NOTE, at });
          stored = { ...stored, status: "confirmed", auto_confirmed_at: at };
          confirmed = true;
        }
      }
      if (office && entry) {
        const details = {
          channel: entry.channel,
          status: stored.status,
          notifyGuest: entry.notifyGuest,
          ...(entry.price != null ? { price: { quoted: office.quoted, agreed: entry.price } } : {}),
          ...(entry.reason ? { reason: entry.reason } : {}),
          ...(overridden ? { override: overridden } : {}),
        };
        await recordAudit(trx, { actor: office.actor, action: "booking.create", entity: "booking", entityId: id, summary: row.reference, details, ip: office.ip ?? null }, at);
      }
      // The office's notice, the mails and the guest's messages follow from this event (app/notify).
      const guest = entry && !entry.notifyGuest ? "none" : confirmed ? "confirmed" : "received";
      await recordBookingEvent(trx, id, { kind: "created", guest, ...(office ? { by: office.actor.label } : {}) }, at);
      return stored;
    });
    return { ok: true, booking };
  } catch (error) {
    if (error instanceof CarTaken) return { ok: false, problem: error.problem, conflicts: error.conflicts, error };
    return { ok: false, problem: null, error };
  }
}
