/**
 * The dispatch board's rules and layout maths (pure; the day's query is in dispatch.server.ts):
 * which legs belong to an Istanbul day, which lane each goes in, where its block sits on the
 * 00–24 axis, which legs of one car collide, and where a car's maintenance window lies.
 *
 * Positions are percentages of the day (blocks) or of the block (its time bar and buffer tail), so
 * the server lays the board out and the page needs no script. A block is as long as the leg and
 * its buffer (issue 34: a 38-minute trip stays 38 minutes wide, its details in the block's title
 * and link), at least `MIN_BLOCK_MINUTES` so it can still be pointed at; blocks of one lane that
 * would overlap go on separate tracks, and the free time between a car's legs is named (`gaps`).
 */
import type { LuggageItems } from "./capacity";
import type { BookingStatus, CarStatus, JobStatus } from "~/server/db/schema";
import { businessDay, collidingPairs, maintenanceWindowOf, occupiesCar, touchesWindow, type LegName, type MaintenanceWindow, type Span } from "./availability";
import { shortPlaceName } from "./addresses";
import { businessToday, isDateText } from "./datetime";

const MINUTE = 60_000;
export const DAY_MINUTES = 24 * 60;

/** The narrowest block on the axis, in minutes of the day: enough to point at, short of a real trip's length. */
export const MIN_BLOCK_MINUTES = 12;

/** The shortest free time between a car's legs the board names (shorter gaps are just the buffer's neighbours). */
export const MIN_GAP_MINUTES = 30;

/** The statuses the board shows: what occupies a car, and completed trips muted. Cancelled legs stay off. */
export const BOARD_STATUSES = ["pending", "confirmed", "completed"] as const satisfies readonly BookingStatus[];

/** The car a lane is for, in the cars list's order. */
export interface BoardCar {
  id: string;
  name: string;
  status: CarStatus;
  maintenance_from: string | null;
  maintenance_to: string | null;
  /** the run sheet and the lists name a car by its plate too (issue 34) */
  plate_number: string | null;
  /** the board's category filter */
  category: string;
}

/** One leg of a booking as the board reads it. */
export interface DayLeg extends Span {
  bookingId: string;
  reference: string;
  leg: LegName;
  /** which car of the booking (issue 32): 1 (or absent) its own, 2, 3, … a party's further cars, each a leg of its own */
  unit?: number;
  /** how many cars the booking has (absent: one) */
  units?: number;
  carId: string | null;
  carName: string;
  status: BookingStatus;
  fullName: string;
  phone: string;
  passengers: number;
  luggage: number | null;
  /** issue 32: prams, wheelchairs, golf bags, skis, bicycles; null: none */
  luggageItems: LuggageItems | null;
  flightNumber: string | null;
  notes: string;
  /** the places as stored (full labels) and the hotel or address given for each end */
  from: string;
  to: string;
  fromAddress: string | null;
  toAddress: string | null;
  /** hours of an hourly hire (its block reads "Saatlik · 4 sa"); null or absent for a transfer */
  hours?: number | null;
  /** the names the driver carries on a meet & greet sign (issue 14) */
  signs?: string[];
  /** the leg's driver and job status (issue 15); null or absent: none assigned */
  driver?: { id: string; name: string; jobStatus: JobStatus | null } | null;
}

/** Where a block sits: the block on the day (percent of 24 h), its bar and tail inside it (percent of the block). */
export interface BlockPosition {
  left: number;
  width: number;
  barLeft: number;
  barWidth: number;
  tailWidth: number;
  /** the leg began the day before / ends the day after (drawn with a marker at the edge) */
  startsBefore: boolean;
  endsAfter: boolean;
}

export interface BoardLeg extends DayLeg {
  position: BlockPosition;
  /** 0-based row inside the lane */
  track: number;
  /** the legs of the same car this one collides with (buffer included) */
  conflicts: Array<{ bookingId: string; reference: string; leg: LegName; unit?: number }>;
  /** the leg touches the car's maintenance window */
  inMaintenance: boolean;
  /** the plate of the lane's car (null: no plate, or the leg is on no car of the board) */
  plate: string | null;
  /** the board's filter leaves the leg out of the list and greys it on the lanes (board-filter.ts) */
  dimmed?: boolean;
}

/** A car's free time on the day, between its legs (buffer included) and its maintenance. */
export interface FreeGap {
  start: string;
  end: string;
  minutes: number;
  left: number;
  width: number;
}

export interface MaintenanceBlock extends MaintenanceWindow {
  left: number;
  width: number;
}

export type Lane =
  | { kind: "car"; car: BoardCar; legs: BoardLeg[]; tracks: number; maintenance: MaintenanceBlock | null; gaps: FreeGap[] }
  | { kind: "unassigned"; legs: BoardLeg[]; tracks: number; maintenance: null; gaps: FreeGap[] };

const time = (instant: string) => Date.parse(instant);
const round = (n: number) => Math.round(n * 1000) / 1000;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The first date the board accepts; earlier (or malformed) dates fall back to today. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2199;

/** The board's date from `?date=`: today when absent, today plus `invalid` when not a real yyyy-mm-dd. */
export function parseBoardDate(value: string | null, now: Date = new Date()): { date: string; invalid: boolean } {
  const today = businessToday(now);
  if (value === null || value.trim() === "") return { date: today, invalid: false };
  const text = value.trim();
  const year = Number(text.slice(0, 4));
  if (!isDateText(text) || year < FIRST_YEAR || year > LAST_YEAR) return { date: today, invalid: true };
  return { date: text, invalid: false };
}

/** `date` moved by `days` calendar days (yyyy-mm-dd). */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Minutes from the start of `day` to `instant` (negative before it, beyond 1440 after it). */
const minutesInto = (day: Span, instant: string) => (time(instant) - time(day.start)) / MINUTE;

/** Whether a leg is on the road during the day; a leg without duration counts at its pickup. */
export function legTouchesDay(leg: Span, day: Span): boolean {
  const start = time(leg.start);
  const end = Math.max(time(leg.end), start + 1);
  return start < time(day.end) && end > time(day.start);
}

/** The block of a leg on the day's axis, its bar (pickup → drop-off) and its buffer tail. */
export function blockPosition(leg: Span, day: Span, buffer: number): BlockPosition {
  const start = minutesInto(day, leg.start);
  const end = Math.max(minutesInto(day, leg.end), start);
  const barFrom = clamp(start, 0, DAY_MINUTES);
  const barTo = clamp(end, 0, DAY_MINUTES);
  const tailTo = clamp(end + buffer, 0, DAY_MINUTES);
  const wanted = Math.max(tailTo - barFrom, MIN_BLOCK_MINUTES);
  // A block too close to midnight for its minimum width moves left; its bar still starts at the pickup.
  const boxFrom = Math.min(barFrom, DAY_MINUTES - wanted);
  const boxWidth = Math.min(wanted, DAY_MINUTES);
  return {
    left: round((boxFrom / DAY_MINUTES) * 100),
    width: round((boxWidth / DAY_MINUTES) * 100),
    barLeft: round(((barFrom - boxFrom) / boxWidth) * 100),
    barWidth: round(((barTo - barFrom) / boxWidth) * 100),
    tailWidth: round(((tailTo - barTo) / boxWidth) * 100),
    startsBefore: start < 0,
    endsAfter: end > DAY_MINUTES,
  };
}

/** Rows for blocks that must not overlap: each block goes on the first track free at its left edge. */
export function assignTracks(boxes: ReadonlyArray<{ left: number; width: number }>): { tracks: number[]; count: number } {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.left - boxes[b]!.left || a - b);
  const ends: number[] = [];
  const tracks = new Array<number>(boxes.length).fill(0);
  for (const i of order) {
    const box = boxes[i]!;
    let track = ends.findIndex((end) => end <= box.left + 1e-9);
    if (track === -1) track = ends.length;
    ends[track] = box.left + box.width;
    tracks[i] = track;
  }
  return { tracks, count: Math.max(1, ends.length) };
}

/** The part of a maintenance window inside the day, or null when it misses the day. */
export function maintenanceBlock(window: MaintenanceWindow | null, day: Span): MaintenanceBlock | null {
  if (!window) return null;
  const from = window.from === null ? 0 : minutesInto(day, window.from);
  const to = window.to === null ? DAY_MINUTES : minutesInto(day, window.to);
  const a = clamp(from, 0, DAY_MINUTES);
  const b = clamp(to, 0, DAY_MINUTES);
  if (b <= a) return null;
  return { ...window, left: round((a / DAY_MINUTES) * 100), width: round(((b - a) / DAY_MINUTES) * 100) };
}

const byStart = (a: DayLeg, b: DayLeg) => time(a.start) - time(b.start) || a.reference.localeCompare(b.reference) || a.leg.localeCompare(b.leg) || (a.unit ?? 1) - (b.unit ?? 1);

/** A leg of one car of a booking, once on the board ("<booking>:<leg>", a further car's with ":<unit>"). */
export const dayLegKey = (leg: Pick<DayLeg, "bookingId" | "leg" | "unit">) => `${leg.bookingId}:${leg.leg}${leg.unit && leg.unit > 1 ? `:${leg.unit}` : ""}`;

/**
 * One lane's legs laid out: `legs` are every leg the query found near the day for this lane (also
 * legs just outside it, so a collision across midnight is still named), `day` what is shown.
 * Collisions and maintenance are checked for occupying legs only, and only when `car` is given.
 */
function layoutLane(legs: readonly DayLeg[], day: Span, buffer: number, car: BoardCar | null): { legs: BoardLeg[]; tracks: number; gaps: FreeGap[] } {
  const occupying = legs.filter((leg) => occupiesCar(leg.status));
  const conflicts = new Map<DayLeg, BoardLeg["conflicts"]>();
  if (car) {
    for (const [i, j] of collidingPairs(occupying, buffer)) {
      const a = occupying[i]!;
      const b = occupying[j]!;
      conflicts.set(a, [...(conflicts.get(a) ?? []), { bookingId: b.bookingId, reference: b.reference, leg: b.leg, ...(b.unit ? { unit: b.unit } : {}) }]);
      conflicts.set(b, [...(conflicts.get(b) ?? []), { bookingId: a.bookingId, reference: a.reference, leg: a.leg, ...(a.unit ? { unit: a.unit } : {}) }]);
    }
  }
  const window = car ? maintenanceWindowOf(car) : null;
  const shown = legs.filter((leg) => legTouchesDay(leg, day)).sort(byStart);
  const positions = shown.map((leg) => blockPosition(leg, day, occupiesCar(leg.status) ? buffer : 0));
  const { tracks, count } = assignTracks(positions);
  return {
    tracks: count,
    gaps: car ? freeGaps(occupying, window, day, buffer) : [],
    legs: shown.map((leg, i) => ({
      ...leg,
      position: positions[i]!,
      track: tracks[i]!,
      conflicts: conflicts.get(leg) ?? [],
      inMaintenance: Boolean(window && occupiesCar(leg.status) && touchesWindow(leg, window, buffer)),
      plate: car?.plate_number ?? null,
    })),
  };
}

/**
 * A car's free time on `day`: the day minus its occupying legs (each to its end plus the buffer)
 * and its maintenance window, in gaps of at least MIN_GAP_MINUTES.
 */
export function freeGaps(legs: readonly Span[], window: MaintenanceWindow | null, day: Span, buffer: number): FreeGap[] {
  const dayFrom = time(day.start);
  const dayTo = time(day.end);
  const busy = legs.map((leg) => [time(leg.start), Math.max(time(leg.end), time(leg.start)) + buffer * MINUTE] as const);
  if (window) busy.push([window.from === null ? dayFrom : time(window.from), window.to === null ? dayTo : time(window.to)] as const);
  busy.sort((a, b) => a[0] - b[0]);
  const gaps: FreeGap[] = [];
  let cursor = dayFrom;
  const push = (from: number, to: number) => {
    const minutes = Math.round((to - from) / MINUTE);
    if (minutes < MIN_GAP_MINUTES) return;
    gaps.push({
      start: new Date(from).toISOString(),
      end: new Date(to).toISOString(),
      minutes,
      left: round(((from - dayFrom) / MINUTE / DAY_MINUTES) * 100),
      width: round((minutes / DAY_MINUTES) * 100),
    });
  };
  for (const [from, to] of busy) {
    if (to <= cursor) continue;
    if (from >= dayTo) break;
    if (from > cursor) push(cursor, from);
    cursor = Math.max(cursor, to);
  }
  if (cursor < dayTo) push(cursor, dayTo);
  return gaps;
}

/**
 * The board of one day: a lane per car given (active and in maintenance, in the cars list's
 * order), then, when any exist, a lane for legs whose car is missing or not on the board.
 */
export function buildBoard(cars: readonly BoardCar[], legs: readonly DayLeg[], day: Span, buffer: number): Lane[] {
  const byCar = new Map<string, DayLeg[]>(cars.map((car) => [car.id, []]));
  const orphans: DayLeg[] = [];
  for (const leg of legs) {
    const lane = leg.carId ? byCar.get(leg.carId) : undefined;
    if (lane) lane.push(leg);
    else orphans.push(leg);
  }
  const lanes: Lane[] = cars.map((car) => ({
    kind: "car" as const,
    car,
    maintenance: maintenanceBlock(maintenanceWindowOf(car), day),
    ...layoutLane(byCar.get(car.id)!, day, buffer, car),
  }));
  const unassigned = layoutLane(orphans, day, buffer, null);
  if (unassigned.legs.length > 0) lanes.push({ kind: "unassigned", maintenance: null, ...unassigned, gaps: [] });
  return lanes;
}

/**
 * A place as short as a block can show it: an airport by its IATA code ("AYT" of "Antalya
 * Havalimanı (AYT)"), any other place by its short name ("Belek" of "Belek, Antalya").
 */
export function boardPlaceName(label: string): string {
  const short = shortPlaceName(label);
  return /\(([A-Z]{3})\)$/.exec(short)?.[1] ?? short;
}

/** The day as instants, or null for a malformed date (the caller parses it first). */
export const boardDay = (date: string): Span | null => businessDay(date);

/** The number of legs with a collision or in maintenance on the board (the page's summary line). */
export const conflictCount = (lanes: readonly Lane[]): number =>
  lanes.reduce((n, lane) => n + lane.legs.filter((leg) => leg.conflicts.length > 0 || leg.inMaintenance).length, 0);

/** What the dashboard shows of one day's operations (issue 29): counts over the legs that start that day. */
export interface DaySummary {
  legs: number;
  /** on no car, or on an inactive one ("Araç atanmamış") */
  withoutCar: number;
  withoutDriver: number;
  /** legs that collide with another leg of their car (buffer included) */
  collisions: number;
  /** pickups from `now` to two hours later */
  nextTwoHours: number;
  /** legs with a flight to meet */
  flights: number;
}

/** The day's figures from its board: each leg that starts in `day` and is not cancelled, counted once. */
export function summarizeDay(lanes: readonly Lane[], day: Span, now: Date): DaySummary {
  const from = time(day.start);
  const to = time(day.end);
  const soon = now.getTime() + 2 * 3_600_000;
  const seen = new Set<string>();
  const out: DaySummary = { legs: 0, withoutCar: 0, withoutDriver: 0, collisions: 0, nextTwoHours: 0, flights: 0 };
  for (const lane of lanes) {
    for (const leg of lane.legs) {
      const start = time(leg.start);
      const key = dayLegKey(leg);
      if (leg.status === "cancelled" || start < from || start >= to || seen.has(key)) continue;
      seen.add(key);
      out.legs += 1;
      if (lane.kind === "unassigned") out.withoutCar += 1;
      if (!leg.driver) out.withoutDriver += 1;
      if (leg.conflicts.length > 0) out.collisions += 1;
      if (start >= now.getTime() && start < soon) out.nextTwoHours += 1;
      if (leg.flightNumber?.trim()) out.flights += 1;
    }
  }
  return out;
}
