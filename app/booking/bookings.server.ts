/**
 * Creating a booking (spec §3 "Booking payload", DESIGN.md §3): the route and the price are
 * recomputed here from the car and the places, whatever a client sent; a repeated idempotency key
 * returns the booking it created; the customer gets a private link (only the token's SHA-256 is
 * stored); the office is notified in the back office and by mail. Mail never fails a booking:
 * it goes through the outbox, which retries.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { adminText } from "~/admin/i18n.server";
import { notify } from "~/admin/notifications.server";
import { LOCALE_TAGS, isLanguage, type Language } from "~/i18n/config";
import { officeAddress, renderMail } from "~/mail/layout";
import type { PlaceServices } from "~/places/service.server";
import { fromBool, nowIso, parseJson, toJson } from "~/server/db/convert";
import { isMismatch } from "~/server/idempotency";
import type { BookingRow, Database, NewBookingRow } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { formatTry } from "~/utils/money";
import { foldSearchText } from "~/utils/search-text";
import { BUSINESS_TIME_ZONE, isPast, isTooFarAhead } from "./datetime";
import { formatDistanceKm, formatDuration } from "./format";
import { priceTrip } from "./quotes.server";
import { bookingReference } from "./reference";
import { MAX_PASSENGERS, type TripType } from "./search";
import { planTrip, type Leg, type LocationInput } from "./trip.server";
import { hashToken } from "~/utils/token";

export interface BookingRequest {
  tripType: TripType;
  pickup: LocationInput;
  dropoff: LocationInput;
  /** UTC instant of the pickup */
  pickupAt: string;
  returnPickup?: LocationInput;
  returnDropoff?: LocationInput;
  /** UTC instant of the return pickup, round trips only */
  returnAt?: string;
  passengers: number;
  luggage: number | null;
  carId: string;
  fullName: string;
  email: string;
  phone: string;
  notes: string;
  flightNumber: string | null;
}

export interface BookingMeta {
  locale: string;
  idempotencyKey?: string | null;
  /** SHA-256 of the request body (app/server/idempotency.ts): the same key with another body is refused */
  requestHash?: string | null;
  clientIp?: string | null;
}

export interface BookingDeps {
  db: Kysely<Database>;
  places: PlaceServices;
  mailer: Mailer;
  env: Pick<Env, "PUBLIC_URL" | "OFFICE_EMAIL">;
  log: Pick<Logger, "warn" | "error" | "info">;
  /** the `booking` namespace in a given language, for the e-mails */
  translator: (lng: Language) => TFunction;
}

/** Field names as in the search (pickup, dropoff, …) and the contact form (carId, …). */
export type BookingFieldErrors = Record<string, string[]>;

export type CreateBookingResult =
  | { ok: true; booking: BookingRow; created: boolean; token: string | null }
  | { ok: false; fields: BookingFieldErrors; idempotencyMismatch?: true };

export interface LegDetails {
  distance: string;
  /** kilometres */
  distance_value: number;
  duration: string;
  /** seconds */
  duration_value: number;
}

export interface DistanceDetails {
  outbound: LegDetails;
  return: LegDetails | null;
}

const legDetails = (leg: Leg): LegDetails => ({
  distance: formatDistanceKm(leg.km, "tr"),
  distance_value: leg.km,
  duration: formatDuration(leg.route.durationSeconds, "tr"),
  duration_value: leg.route.durationSeconds,
});

export function readDistanceDetails(row: Pick<BookingRow, "distance_details">): DistanceDetails | null {
  return parseJson<DistanceDetails | null>(row.distance_details, null);
}


export async function findBookingByKey(db: Kysely<Database>, key: string): Promise<BookingRow | undefined> {
  return db.selectFrom("bookings").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

export async function findBookingByToken(db: Kysely<Database>, token: string): Promise<BookingRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return db.selectFrom("bookings").selectAll().where("access_token_hash", "=", hashToken(token)).executeTakeFirst();
}

/** A booking made before under the same key: replayed when the body matches, refused otherwise. */
function replayOrRefuse(existing: BookingRow, hash: string | null): CreateBookingResult {
  if (isMismatch(existing.idempotency_hash, hash)) return { ok: false, fields: {}, idempotencyMismatch: true };
  return { ok: true, booking: existing, created: false, token: null };
}

export async function createBooking(deps: BookingDeps, request: BookingRequest, meta: BookingMeta): Promise<CreateBookingResult> {
  const { db } = deps;
  const key = meta.idempotencyKey?.trim().slice(0, 100) || null;
  const hash = key ? meta.requestHash ?? null : null;
  if (key) {
    const existing = await findBookingByKey(db, key);
    if (existing) return replayOrRefuse(existing, hash);
  }
  const language: Language = isLanguage(meta.locale) ? meta.locale : "en";

  const fields: BookingFieldErrors = {};
  if (isPast(request.pickupAt)) fields.date = ["errors.datePast"];
  else if (isTooFarAhead(request.pickupAt)) fields.date = ["errors.dateTooFar"];
  if (request.tripType === "roundTrip") {
    if (!request.returnAt) fields.returnDate = ["errors.required"];
    else if (request.returnAt <= request.pickupAt) fields.returnDate = ["errors.returnBeforePickup"];
    else if (isTooFarAhead(request.returnAt)) fields.returnDate = ["errors.dateTooFar"];
  }
  if (!Number.isInteger(request.passengers) || request.passengers < 1 || request.passengers > MAX_PASSENGERS) {
    fields.passengers = ["errors.passengers"];
  }
  const carRow = /^[\w-]{1,64}$/.test(request.carId)
    ? await db.selectFrom("cars").selectAll().where("id", "=", request.carId).executeTakeFirst()
    : undefined;
  if (!carRow || carRow.status !== "active") fields.carId = ["errors.carUnavailable"];
  else if (carRow.seats < request.passengers) fields.passengers = ["errors.tooManyPassengers"];
  else if (request.luggage !== null && request.luggage > carRow.luggage) fields.luggage = ["errors.tooMuchLuggage"];

  const planned = await planTrip(deps.places, request, language);
  if (!planned.ok) Object.assign(fields, planned.fields);
  if (Object.keys(fields).length > 0 || !planned.ok || !carRow) return { ok: false, fields };

  const trip = planned.trip;
  const price = priceTrip(carRow, trip);
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const at = nowIso();
  const round = trip.return !== null;
  const reference = bookingReference();
  const row: NewBookingRow = {
    id,
    reference,
    access_token_hash: hashToken(token),
    trip_type: trip.tripType,
    pickup_location: request.pickup.text.trim() || trip.outbound.from.label,
    dropoff_location: request.dropoff.text.trim() || trip.outbound.to.label,
    pickup_lat: trip.outbound.from.lat,
    pickup_lng: trip.outbound.from.lng,
    dropoff_lat: trip.outbound.to.lat,
    dropoff_lng: trip.outbound.to.lng,
    pickup_date: request.pickupAt,
    return_pickup_location: round ? request.returnPickup?.text.trim() || trip.return!.from.label : null,
    return_dropoff_location: round ? request.returnDropoff?.text.trim() || trip.return!.to.label : null,
    return_pickup_lat: trip.return?.from.lat ?? null,
    return_pickup_lng: trip.return?.from.lng ?? null,
    return_dropoff_lat: trip.return?.to.lat ?? null,
    return_dropoff_lng: trip.return?.to.lng ?? null,
    return_date: round ? request.returnAt! : null,
    passengers: request.passengers,
    luggage: request.luggage,
    car_id: carRow.id,
    car_name: carRow.name,
    full_name: request.fullName,
    email: request.email,
    phone: request.phone,
    notes: request.notes,
    flight_number: request.flightNumber || null,
    total_distance: price.distanceKm,
    total_duration: trip.totalSeconds,
    total_price: price.total,
    rate_per_km: price.ratePerKm,
    minimum_applied: fromBool(price.minimumApplied),
    distance_details: toJson({ outbound: legDetails(trip.outbound), return: trip.return ? legDetails(trip.return) : null } satisfies DistanceDetails),
    route_source: trip.source,
    status: "pending",
    locale: language,
    idempotency_key: key,
    idempotency_hash: hash,
    consent_at: at,
    client_ip: meta.clientIp ?? null,
    search_text: "",
    created_at: at,
    updated_at: at,
  };
  row.search_text = foldSearchText(
    row.full_name,
    row.email,
    row.phone,
    row.reference,
    row.pickup_location,
    row.dropoff_location,
    row.return_pickup_location,
    row.return_dropoff_location,
  );

  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("bookings").values(row).execute();
      await trx
        .insertInto("booking_events")
        .values({ id: randomUUID(), booking_id: id, from_status: null, to_status: "pending", by_user_id: null, by_label: "customer", note: "created", created_at: at })
        .execute();
      await notify(trx, { kind: "booking", title: "Yeni rezervasyon alındı", body: `${reference} · ${row.full_name}`, link: `/admin/bookings/${id}`, relatedId: id });
    });
  } catch (error) {
    // Two requests with the same key at once: the second insert loses the race; answer with the first.
    if (key) {
      const winner = await findBookingByKey(db, key);
      if (winner) return replayOrRefuse(winner, hash);
    }
    throw error;
  }

  const booking = (await db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
  await sendBookingMails(deps, booking, token).catch((error) =>
    deps.log.error({ err: error, bookingId: id }, "booking mail could not be queued"),
  );
  return { ok: true, booking, created: true, token };
}

export function privateBookingUrl(publicUrl: string, token: string, locale: string): string {
  return `${publicUrl}/my-booking/${token}?lng=${locale}`;
}

function formatWhen(instant: string, lng: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant));
}

/** The booking's details as label/value rows in a language (mail and private page share them). */
export function bookingDetailRows(booking: BookingRow, t: TFunction, lng: Language): Array<[string, string]> {
  const details = readDistanceDetails(booking);
  const rows: Array<[string, string]> = [
    [t("summary.reference"), booking.reference],
    [t("summary.tripType"), t(booking.trip_type === "roundTrip" ? "form.roundTrip" : "form.oneWay")],
    [t("summary.outbound"), `${booking.pickup_location} → ${booking.dropoff_location}`],
    [t("summary.pickupTime"), formatWhen(booking.pickup_date, lng)],
  ];
  if (booking.trip_type === "roundTrip" && booking.return_date) {
    rows.push([t("summary.return"), `${booking.return_pickup_location ?? ""} → ${booking.return_dropoff_location ?? ""}`]);
    rows.push([t("summary.returnTime"), formatWhen(booking.return_date, lng)]);
  }
  rows.push([t("summary.distance"), formatDistanceKm(booking.total_distance, lng)]);
  if (details) rows.push([t("summary.duration"), formatDuration(details.outbound.duration_value + (details.return?.duration_value ?? 0), lng)]);
  rows.push([t("summary.passengers"), String(booking.passengers)]);
  if (booking.luggage !== null) rows.push([t("summary.luggage"), String(booking.luggage)]);
  rows.push([t("summary.car"), booking.car_name]);
  if (booking.flight_number) rows.push([t("contact.flightNumber"), booking.flight_number]);
  rows.push([t("summary.price"), formatTry(booking.total_price)]);
  return rows;
}

async function sendBookingMails(deps: BookingDeps, booking: BookingRow, token: string) {
  const settings = await getSettings(deps.db);
  const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
  const site = settings.general;
  const footer = `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`;
  const brand = settings.appearance.primaryColor;
  const link = privateBookingUrl(deps.env.PUBLIC_URL, token, lng);

  const t = deps.translator(lng);
  const customer = renderMail(
    {
      title: t("mail.customerTitle", { reference: booking.reference }),
      paragraphs: [t("mail.customerHello", { name: booking.full_name }), t("mail.customerIntro", { siteName: site.siteName }), t("mail.customerLinkNote")],
      details: bookingDetailRows(booking, t, lng),
      action: { label: t("mail.customerAction"), url: link },
      footer,
    },
    brand,
  );
  try {
    await deps.mailer.send(deps.db, {
      to: booking.email,
      subject: t("mail.customerSubject", { reference: booking.reference, siteName: site.siteName }),
      text: customer.text,
      html: customer.html,
      kind: "booking-confirmation",
      locale: lng,
      relatedId: booking.id,
      dedupeKey: `booking-confirmation:${booking.id}`,
    });
  } catch (error) {
    deps.log.error({ err: error, bookingId: booking.id }, "customer booking mail failed");
  }

  const n = settings.notifications;
  if (!(n.emailNotifications && n.newBookingNotification)) return;
  // The office reads the back office's language.
  const officeLng = settings.appearance.language;
  const office = (key: string, values: Record<string, string> = {}) => adminText(officeLng, `officeMail.${key}`, values);
  const officeMail = renderMail(
    {
      title: office("newBookingTitle", { reference: booking.reference }),
      paragraphs: [
        office("newBookingIntro", { name: booking.full_name, email: booking.email, phone: booking.phone }),
        ...(booking.notes ? [office("note", { notes: booking.notes })] : []),
      ],
      details: bookingDetailRows(booking, deps.translator(officeLng), officeLng),
      action: { label: office("openBooking"), url: `${deps.env.PUBLIC_URL}/admin/bookings/${booking.id}` },
      footer,
    },
    brand,
  );
  await deps.mailer.send(deps.db, {
    to: officeAddress(deps.env, site),
    subject: office("newBookingSubject", { reference: booking.reference, from: booking.pickup_location, to: booking.dropoff_location }),
    text: officeMail.text,
    html: officeMail.html,
    kind: "office-new-booking",
    locale: officeLng,
    relatedId: booking.id,
    dedupeKey: `office-new-booking:${booking.id}`,
  });
}
