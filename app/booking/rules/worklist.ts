/**
 * The bookings list as the office's work list: which trips a URL asks for. Quick views (Bugün,
 * Yarın, Bu hafta, Geçmiş), a trip date range on either leg, car, status, search and order, all in
 * the query string, read here into a filter the list, the CSV export and the admin API share.
 * Days are Istanbul days (+03:00 all year). Pure: the caller checks that a car id exists.
 */
import { addProblem, problem, type FieldProblems } from "~/i18n/problem";
import type { BookingStatus } from "~/server/db/schema";
import { isDateText, toBusinessParts } from "./datetime";
import { isBookingStatus } from "./status";
import { isBookingChannel, type BookingChannel } from "./channel";
import { isPaymentStatus, type PaymentStatus } from "./payments";
import { parsePage } from "~/utils/paging";

export type SortDirection = "asc" | "desc";

/** `upcoming` is the list without a view: trips from now on, soonest first. */
export const BOOKING_VIEWS = ["upcoming", "today", "tomorrow", "week", "past", "all"] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
const isBookingView = (value: string): value is BookingView => (BOOKING_VIEWS as readonly string[]).includes(value);

/** What the list, the CSV and the API read: a booking is in `trip` when either leg's pickup is. */
export interface BookingFilter {
  q?: string;
  status?: BookingStatus;
  channel?: BookingChannel;
  /** issue 30: the ledger's state */
  payment?: PaymentStatus;
  carId?: string;
  /** issue 33: one partner's bookings only (the partner portal's list) */
  partnerId?: string;
  /** UTC instants, `from` inclusive, `to` exclusive; either may be open */
  trip?: { from?: string; to?: string };
  sort?: SortDirection;
}

/** The query string as typed, kept to fill the filter form again. */
export interface BookingQueryInput {
  q: string;
  status: string;
  channel: string;
  payment: string;
  car: string;
  from: string;
  to: string;
  view: string;
  sort: string;
}

export interface BookingQuery extends BookingFilter {
  page: number;
  view: BookingView;
  input: BookingQueryInput;
  /** by query parameter; an invalid value is left out of the filter */
  problems: FieldProblems;
}

const DAY_MS = 86_400_000;
const OFFSET = "+03:00";

/** The instant an Istanbul day starts. */
export const dayStart = (date: string) => new Date(`${date}T00:00:00${OFFSET}`).toISOString();
/** `date` plus `days` calendar days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today through Sunday of this Istanbul week (Monday is the week's first day). */
export function weekEnd(today: string): string {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(today, weekday === 0 ? 0 : 7 - weekday);
}

/** A quick view's trip range and default order, at `now`. */
export function viewRange(view: BookingView, now: Date): { trip?: BookingFilter["trip"]; sort: SortDirection } {
  const today = toBusinessParts(now).date;
  switch (view) {
    case "upcoming":
      return { trip: { from: now.toISOString() }, sort: "asc" };
    case "today":
      return { trip: { from: dayStart(today), to: dayStart(addDays(today, 1)) }, sort: "asc" };
    case "tomorrow":
      return { trip: { from: dayStart(addDays(today, 1)), to: dayStart(addDays(today, 2)) }, sort: "asc" };
    case "week":
      return { trip: { from: dayStart(today), to: dayStart(addDays(weekEnd(today), 1)) }, sort: "asc" };
    case "past":
      return { trip: { to: now.toISOString() }, sort: "desc" };
    case "all":
      return { sort: "desc" };
  }
}

const code = (key: string) => problem(`admin:worklist.errors.${key}`);

/**
 * `?view=&from=&to=&car=&status=&channel=&payment=&q=&sort=&page=` → the filter. Without a view or dates the list
 * is the upcoming trips, soonest first; a search without either looks through all dates. A date
 * range (`from`/`to`, Istanbul days, both inclusive) wins over a view. Values that cannot be read
 * are named in `problems` and left out; nothing here throws.
 */
export function parseBookingQuery(params: URLSearchParams, now: Date = new Date()): BookingQuery {
  const text = (name: string, max = 100) => (params.get(name) ?? "").trim().slice(0, max);
  const input: BookingQueryInput = {
    q: text("q"),
    status: text("status", 40),
    channel: text("channel", 40),
    payment: text("payment", 40),
    car: text("car", 80),
    from: text("from", 40),
    to: text("to", 40),
    view: text("view", 40),
    sort: text("sort", 10),
  };
  const problems: FieldProblems = {};
  const page = parsePage(params.get("page"));

  const status = isBookingStatus(input.status) ? input.status : undefined;
  if (input.status && !status) addProblem(problems, "status", code("status"));
  const channel = isBookingChannel(input.channel) ? input.channel : undefined;
  if (input.channel && !channel) addProblem(problems, "channel", code("channel"));
  const payment = isPaymentStatus(input.payment) ? input.payment : undefined;
  if (input.payment && !payment) addProblem(problems, "payment", code("payment"));
  let sort: SortDirection | undefined;
  if (input.sort === "asc" || input.sort === "desc") sort = input.sort;
  else if (input.sort) addProblem(problems, "sort", code("sort"));

  const fromDate = input.from && isDateText(input.from) ? input.from : undefined;
  const toDate = input.to && isDateText(input.to) ? input.to : undefined;
  if (input.from && !fromDate) addProblem(problems, "from", code("date"));
  if (input.to && !toDate) addProblem(problems, "to", code("date"));
  const reversed = fromDate !== undefined && toDate !== undefined && toDate < fromDate;
  if (reversed) addProblem(problems, "to", code("order"));

  let view: BookingView;
  if (input.view && !isBookingView(input.view)) addProblem(problems, "view", code("view"));
  if (input.view && isBookingView(input.view)) view = input.view;
  else view = input.q || input.from || input.to ? "all" : "upcoming";

  let trip: BookingFilter["trip"];
  let defaultSort: SortDirection;
  if ((fromDate || toDate) && !reversed) {
    trip = { ...(fromDate ? { from: dayStart(fromDate) } : {}), ...(toDate ? { to: dayStart(addDays(toDate, 1)) } : {}) };
    defaultSort = "asc";
    view = "all";
  } else {
    ({ trip, sort: defaultSort } = viewRange(view, now));
  }
  return {
    q: input.q || undefined,
    status,
    channel,
    payment,
    carId: input.car || undefined,
    ...(trip ? { trip } : {}),
    sort: sort ?? defaultSort,
    page,
    view,
    input,
    problems,
  };
}

/** The query string of a filter as typed (without the page), for the CSV link and the views. */
export function worklistParams(input: BookingQueryInput, change: Partial<BookingQueryInput> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...input, ...change })) if (value) params.set(key, value);
  return params;
}
