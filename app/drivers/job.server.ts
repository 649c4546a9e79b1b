/**
 * What the driver sees (issue 15): the job sheet behind a leg's private link (/job/:token), the
 * driver's own trips (/driver), and what the guest's booking page says about the driver and the
 * leg's live status. Reads only; the steps are written by `recordJobStep` (assignments.server.ts).
 *
 * The driver pages speak their own language: Turkish unless the driver picks another with `?lng=`,
 * kept in a cookie of their own so the public site's language choice on the same phone is untouched.
 */
import { storedLuggageItems, type LuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import { translatorFor } from "~/i18n/i18next.server";
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { createCookie } from "react-router";
import de from "../../locales/de/driver.json";
import en from "../../locales/en/driver.json";
import ru from "../../locales/ru/driver.json";
import tr from "../../locales/tr/driver.json";
import { FIRST_UNIT, type LegName } from "~/booking/rules/availability";
import { readBookedExtras } from "~/booking/rules/booked-extras";
import { extraText, signTexts } from "~/booking/rules/booking-products";
import { BUSINESS_TIME_ZONE, businessToday, toBusinessParts } from "~/booking/rules/datetime";
import { longBusinessDate } from "~/booking/rules/format";
import { isLanguage, LOCALE_TAGS, type Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingLegRow, BookingRow, Database, JobStatus } from "~/server/db/schema";
import { bookingCarsOf, carForLeg, carLine, furtherCarsOf, meetingPoint, unitsOf } from "~/booking/index.server";
import { whatsappHref } from "./drivers";
import { assignedDriversOf, bookingRowById, driverLegsBetween, guestNotesFor, jobLinkOf, legOfJobToken } from "~/booking/index.server";
import { fieldChangesAfter, legFactsOf, markLegSeen, releasedJobOf } from "~/booking/index.server";
import { legNews, type HistoryChange } from "~/booking/rules/driver-changes";
import type { ChangeField, FieldChange } from "~/booking/rules/booking-changes";
import { dateTimeFormat } from "~/utils/intl";
import { driverOfUser } from "./drivers.server";
import { checkLegDecline, checkLegStep, isClosedBooking, isLegDone, legStepsFor, START_WINDOW_MINUTES } from "~/booking/rules/lifecycle";
import { jobPositionConsent, legStepsOf } from "~/booking/index.server";
import { getSettings } from "~/settings/settings.server";
import { flightFactsOf, plannedPickupOf } from "~/flights/state.server";
import { parsePhoto, photoUrl } from "./driver-photo.server";

export type DriverCatalogue = typeof tr;
const CATALOGUES: Record<Language, DriverCatalogue> = { tr, en, de, ru };
export const driverCatalogue = (lng: Language): DriverCatalogue => CATALOGUES[lng] ?? tr;

/** The driver pages' own language cookie (not the site's `lng`). */
export const driverLanguageCookie = createCookie("vt_driver_lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The language of a driver page: `?lng=` (then kept in the driver cookie), the driver cookie,
 * else Turkish. `setCookie` is the header to send when the choice changed.
 */
export async function driverLanguage(request: Request): Promise<{ lng: Language; setCookie: string | null }> {
  const asked = new URL(request.url).searchParams.get("lng");
  const kept: unknown = await driverLanguageCookie.parse(request.headers.get("Cookie"));
  if (isLanguage(asked))
    return { lng: asked, setCookie: asked === kept ? null : await driverLanguageCookie.serialize(asked) };
  return { lng: isLanguage(kept) ? kept : "tr", setCookie: null };
}

/** "14:32" in Istanbul time. */
export const businessTime = (iso: string): string => toBusinessParts(iso).time;

/** A Google Maps directions link to a point: its coordinates when known, else its words. */
export function navigationHref(lat: number | null, lng: number | null, text: string): string {
  const destination = lat !== null && lng !== null ? `${lat},${lng}` : text;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** A leg's two ends, in words and as navigation targets. */
function legEnds(booking: BookingRow, leg: LegName, lng: Language) {
  const outbound = leg === "outbound";
  const end = (name: string, address: string | null, lat: number | null, lngCoord: number | null) => {
    const place = placeNameIn(name, lng);
    const text = address ? `${address}, ${place}` : place;
    return { text, href: navigationHref(lat, lngCoord, address ? `${address}, ${name}` : name) };
  };
  return outbound
    ? {
        from: end(booking.pickup_location, booking.pickup_address, booking.pickup_lat, booking.pickup_lng),
        to: end(booking.dropoff_location, booking.dropoff_address, booking.dropoff_lat, booking.dropoff_lng),
      }
    : {
        from: end(
          booking.return_pickup_location ?? booking.dropoff_location,
          booking.return_pickup_address,
          booking.return_pickup_lat,
          booking.return_pickup_lng,
        ),
        to: end(
          booking.return_dropoff_location ?? booking.pickup_location,
          booking.return_dropoff_address,
          booking.return_dropoff_lat,
          booking.return_dropoff_lng,
        ),
      };
}

const pickupOf = (booking: Pick<BookingRow, "pickup_date" | "return_date">, leg: LegName) =>
  leg === "outbound" ? booking.pickup_date : (booking.return_date ?? booking.pickup_date);

/** Why the job sheet offers no step now (the state machine's refusal of setting off), with the time it opens. */
export type JobWait = { code: "not_confirmed" } | { code: "too_early"; time: string; dateText: string };

/**
 * Everything the job sheet shows for one leg, at `now`: the steps the driver may report now (the
 * state machine's, rules/lifecycle.ts), and, when there is none yet, why. Once the booking is
 * completed or cancelled the sheet is read-only and shows nothing of the guest (name, phone, flight,
 * sign, notes): the driver no longer needs them.
 */
export async function jobSheet(
  db: Kysely<Database>,
  leg: Pick<BookingLegRow, "booking_id" | "leg" | "job_status" | "job_status_at"> & { driver_id?: string | null; unit?: number },
  lng: Language,
  now = new Date(),
  /** the link was released: its driver declined the job (issue 31) */
  declined = false,
) {
  const booking = await bookingRowById(db, leg.booking_id);
  if (!booking) return undefined;
  const extras = readBookedExtras(booking).filter((e) => e.quantity > 0);
  // a declined job reads like a closed one: nothing of the guest, no steps
  const closed = isClosedBooking(booking.status) || declined;
  const settings = await getSettings(db);
  const { facts, ctx } = legFactsOf(settings, booking, leg.leg, leg.job_status, now, await flightFactsOf(db, booking));
  // the pickup planned from a tracked flight's landing (issue 31), else the booked one
  const pickup = facts.pickupAt;
  const steps = closed ? [] : legStepsFor(facts, "driver", ctx);
  // a party in several cars (issue 32): this car's share of it; the sign and the special luggage ride in the first car
  const unit = leg.unit ?? FIRST_UNIT;
  const cars = await bookingCarsOf(db, booking);
  const car = cars.find((c) => c.unit === unit) ?? cars[0]!;
  const party = cars.length > 1 ? { unit, units: cars.length, carName: car.carName } : null;
  let wait: JobWait | null = null;
  // why the trip cannot start yet (the acceptance aside, which is open at any time)
  if (!closed && !steps.includes("on_way") && (leg.job_status === "assigned" || leg.job_status === "accepted")) {
    const start = checkLegStep(facts, "on_way", "driver", ctx);
    if (!start.ok && start.code === "not_confirmed") wait = { code: "not_confirmed" };
    else if (!start.ok && start.code === "too_early" && start.at)
      wait = { code: "too_early", time: businessTime(start.at), dateText: longBusinessDate(toBusinessParts(start.at).date, lng) };
  }
  return {
    reference: booking.reference,
    bookingStatus: booking.status,
    closed,
    leg: leg.leg,
    pickup: { date: toBusinessParts(pickup).date, dateText: longBusinessDate(toBusinessParts(pickup).date, lng), time: businessTime(pickup) },
    ...legEnds(booking, leg.leg, lng),
    passenger: closed
      ? null
      : {
          name: booking.full_name,
          phone: booking.phone,
          tel: `tel:${booking.phone.replace(/[^\d+]/g, "")}`,
          whatsapp: whatsappHref(booking.phone),
        },
    flight: leg.leg === "outbound" && !closed ? booking.flight_number : null,
    party,
    passengers: party ? car.passengers : booking.passengers,
    luggage: party ? car.luggage : booking.luggage,
    // prams, wheelchairs, bicycles…: the driver must know before loading the car (issue 32)
    luggageItems: unit === FIRST_UNIT ? storedLuggageItems(booking.luggage_items) : null,
    extras: extras.map((e) => extraText(e, lng)),
    signs: closed || unit !== FIRST_UNIT ? [] : signTexts(extras),
    notes: closed ? "" : booking.notes,
    // the office's standing notes about this guest (issue 29), unless the booking's own notes already say them
    guestNotes: closed ? "" : await guestNotesFor(db, booking).then((notes) => (notes && !booking.notes.includes(notes) ? notes : "")),
    status: leg.job_status,
    statusAt: leg.job_status_at ? businessTime(leg.job_status_at) : null,
    steps,
    wait,
    declined,
    // issue 31: the decline until the driver sets off, and the consent to share positions
    canDecline: !closed && checkLegDecline(facts, "driver").ok,
    positionConsent: leg.driver_id && !closed ? await jobPositionConsent(db, leg.driver_id) : false,
    retentionDays: settings.booking.positionRetentionDays,
  };
}

/**
 * The sheet behind a job link: the leg's, or, for the link of a leg released when its booking was
 * cancelled (lifecycle.server.ts), the cancelled booking's read-only sheet; undefined: unknown link.
 */
export async function jobSheetOfToken(db: Kysely<Database>, token: string, lng: Language, now = new Date()) {
  const leg = await legOfJobToken(db, token);
  if (leg) return jobSheet(db, leg, lng, now);
  const released = await releasedJobOf(db, token);
  if (!released) return undefined;
  return jobSheet(db, { booking_id: released.id, leg: released.released_leg, unit: released.released_unit, job_status: "assigned", job_status_at: null, driver_id: null }, lng, now, released.released_reason === "declined");
}

export type JobSheet = NonNullable<Awaited<ReturnType<typeof jobSheet>>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The business date `days` after `date` ("2026-05-01", 1 → "2026-05-02"). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface TripRow {
  bookingId: string;
  leg: LegName;
  /** a party in several cars (issue 32): which car is the driver's; null for a booking's only car */
  party: { unit: number; units: number; carName: string } | null;
  date: string;
  /** "Pazar, 29 Kasım 2026" in the driver's language */
  dateText: string;
  time: string;
  from: string;
  to: string;
  passenger: string;
  passengers: number;
  /** the special luggage (issue 32) by kind; null: none */
  luggageItems: LuggageItems | null;
  bookingStatus: BookingRow["status"];
  status: JobStatus;
  link: string;
  /** what is new for the driver on this leg since they last opened it (issue 31) */
  news: LegNewsView;
}

/**
 * A driver's legs around today (Istanbul): today's, the next seven days' and the past seven days',
 * each list in pickup order (the past week newest first).
 */
export async function driverTrips(
  db: Kysely<Database>,
  driverId: string,
  secret: string,
  lng: Language,
  now = new Date(),
) {
  const today = businessToday(now);
  const first = addDays(today, -7);
  const last = addDays(today, 7);
  // Istanbul is UTC+3 all year: its day D runs from D-1T21:00Z to DT21:00Z.
  const from = new Date(Date.parse(`${first}T00:00:00+03:00`)).toISOString();
  const until = new Date(Date.parse(`${addDays(last, 1)}T00:00:00+03:00`)).toISOString();
  const rows = await driverLegsBetween(db, driverId, from, until);
  const seen = rows.map((r) => r.driver_seen_at).filter((at): at is string => at !== null);
  const history = seen.length > 0 ? await fieldChangesAfter(db, [...new Set(rows.map((r) => r.id))], seen.reduce((a, b) => (a < b ? a : b))) : [];
  const further = await furtherCarsOf(db, [...new Set(rows.map((r) => r.id))]);
  const trips: TripRow[] = [];
  for (const row of rows) {
    const units = further.filter((u) => u.bookingId === row.id);
    const mine = units.find((u) => u.unit === row.unit);
    const party = units.length === 0 ? null : { unit: row.unit, units: units.length + 1, carName: mine?.carName ?? row.car_name.split(" + ")[0] ?? row.car_name };
    // the pickup planned from a tracked flight's landing (issue 31), else the booked one
    const planned = row.leg === "outbound" ? await plannedPickupOf(db, row) : null;
    const pickup = planned ?? pickupOf(row, row.leg);
    const ends = legEnds(row, row.leg, lng);
    trips.push({
      bookingId: row.id,
      leg: row.leg,
      party,
      date: toBusinessParts(pickup).date,
      dateText: longBusinessDate(toBusinessParts(pickup).date, lng),
      time: businessTime(pickup),
      from: ends.from.text,
      to: ends.to.text,
      passenger: row.full_name,
      passengers: mine ? mine.passengers : row.passengers - units.reduce((n, u) => n + u.passengers, 0),
      // as the job sheet: the special luggage rides with the party's first car
      luggageItems: row.unit === FIRST_UNIT ? storedLuggageItems(row.luggage_items) : null,
      bookingStatus: row.status,
      status: row.job_status,
      link: (await jobLinkOf(db, secret, row.id, row.leg, row.unit)) ?? "",
      news: newsView(legNews(row.driver_seen_at, history.filter((e) => e.booking_id === row.id), row.leg, row, isLegClosed(row.status, row.job_status)), lng),
    });
  }
  return {
    today: trips.filter((t) => t.date === today),
    upcoming: trips.filter((t) => t.date > today),
    past: trips.filter((t) => t.date < today).reverse(),
  };
}

/** Per assigned leg, what the guest's booking page says: the driver, the car, where to meet and the live status. */
const isUnderWay = (status: JobStatus) => status === "on_way" || status === "arrived" || status === "picked_up";

export async function guestDriverView(db: Kysely<Database>, booking: BookingRow, t: TFunction, lng: Language, now = new Date()) {
  const legs = await assignedDriversOf(db, booking.id);
  const order: Record<LegName, number> = { outbound: 0, return: 1 };
  legs.sort((a, b) => order[a.leg] - order[b.leg] || a.unit - b.unit);
  const steps = await legStepsOf(db, booking.id);
  const units = (await unitsOf(db, booking.id)).length;
  return Promise.all(
    legs.map(async (l) => ({
      // issue 31: each step of this driver on the leg with its time (never where: positions are the office's)
      steps: steps
        .filter((s) => s.leg === l.leg && s.unit === l.unit && s.step !== "declined" && s.driverId === l.driver_id)
        .map((s) => ({ step: s.step, time: businessTime(s.at) })),
      // under way, or starting within the start window: the page follows it
      active: isUnderWay(l.job_status) || (!isLegDone(l.job_status) && Date.parse(pickupOf(booking, l.leg)) - now.getTime() < START_WINDOW_MINUTES * 60_000 && booking.status === "confirmed"),
      leg: l.leg,
      // a party in several cars (issue 32): which car this driver drives
      unit: l.unit,
      units,
      driver: l.name,
      // the driver's photo (card size, our storage), null: none
      photo: photoUrl(parsePhoto(l.photo)),
      phone: l.phone,
      tel: `tel:${l.phone.replace(/[^\d+]/g, "")}`,
      car: carLine(await carForLeg(db, booking, l.leg, l.unit)),
      meet: meetingPoint(t, lng, booking, l.leg),
      status: l.job_status,
      statusAt: l.job_status_at ? businessTime(l.job_status_at) : null,
    })),
  );
}

/** A leg the driver has nothing more to do on: its booking closed, or the driver done with it. */
const isLegClosed = (bookingStatus: BookingRow["status"], jobStatus: JobStatus) => isClosedBooking(bookingStatus) || jobStatus === "completed" || jobStatus === "no_show";

/** One changed line of a leg, its values in the driver's language ("14:00" → "15:30"). */
export interface ChangeLine {
  field: ChangeField;
  from: string;
  to: string;
}

/** How the driver's day and the job sheet mark a leg (issue 31). */
export type LegNewsView = { kind: "new" } | { kind: "changed"; lines: ChangeLine[] } | null;

/**
 * A changed value as the driver reads it: an instant as its time in Istanbul, with the day when the
 * two sides fall on different days; a place by its name in the driver's language; nothing as "—".
 */
function changeText(change: FieldChange, side: "from" | "to", lng: Language): string {
  const value = change[side];
  if (value === null || value === "") return "—";
  if (change.field === "pickup_date" || change.field === "return_date") {
    const other = change[side === "from" ? "to" : "from"];
    const day = toBusinessParts(String(value)).date;
    const sameDay = typeof other === "string" && toBusinessParts(other).date === day;
    const time = businessTime(String(value));
    return sameDay ? time : `${dateTimeFormat(LOCALE_TAGS[lng], { day: "numeric", month: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(String(value)))} ${time}`;
  }
  if (change.field.endsWith("_location")) return placeNameIn(String(value), lng);
  // the special luggage as stored (JSON by kind), in words: "1 pram, 2 golf bags"
  if (change.field === "luggage_items") return luggageItemsText(translatorFor(lng, "driver"), storedLuggageItems(String(value)), "job.luggageItems") || "—";
  if (change.field === "trip_type") {
    const types: Record<string, string> = driverCatalogue(lng).news.tripType;
    return types[String(value)] ?? String(value);
  }
  return String(value);
}

function newsView(news: ReturnType<typeof legNews>, lng: Language): LegNewsView {
  if (!news) return null;
  if (news.kind === "new") return news;
  return { kind: "changed", lines: news.changes.map((c) => ({ field: c.field, from: changeText(c, "from", lng), to: changeText(c, "to", lng) })) };
}

/**
 * What the job sheet behind `token` says at its top (issue 31): what changed since its driver last
 * opened it, or that it is new to them; null for a released link or nothing new.
 */
export async function jobNewsOfToken(db: Kysely<Database>, token: string, lng: Language): Promise<LegNewsView> {
  const leg = await legOfJobToken(db, token);
  if (!leg) return null;
  const booking = await bookingRowById(db, leg.booking_id);
  if (!booking) return null;
  const history: HistoryChange[] = leg.driver_seen_at ? await fieldChangesAfter(db, [booking.id], leg.driver_seen_at) : [];
  return newsView(legNews(leg.driver_seen_at, history, leg.leg, booking, isLegClosed(booking.status, leg.job_status)), lng);
}

/**
 * The job sheet was opened (GET /job/:token): by its driver, the leg's news are seen. The link
 * alone is the driver's key (it opens without signing in); someone signed in as another account
 * (the office checking the link, another driver) leaves them for the driver.
 */
export async function markJobSeen(db: Kysely<Database>, token: string, viewerUserId: string | null, now = new Date()): Promise<boolean> {
  const leg = await legOfJobToken(db, token);
  if (!leg) return false;
  if (viewerUserId !== null) {
    const viewer = await driverOfUser(db, viewerUserId);
    if (viewer?.id !== leg.driver_id) return false;
  }
  return (await markLegSeen(db, leg.booking_id, leg.leg, leg.driver_id, now.toISOString(), leg.unit)) > 0;
}

/** A GET of the job sheet: its news as they are (shown at its top this once), then seen when the viewer is its driver. */
export async function openJobNews(db: Kysely<Database>, token: string, lng: Language, viewerUserId: string | null): Promise<LegNewsView> {
  const news = await jobNewsOfToken(db, token, lng);
  await markJobSeen(db, token, viewerUserId);
  return news;
}
