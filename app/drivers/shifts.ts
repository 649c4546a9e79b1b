/**
 * Drivers' shifts and rest (issue 34): a driver's working hours per weekday, their leave and
 * extra days off, and the rules an assignment is checked against. Pure and browser-safe (no
 * database): the office's shifts page, the booking core's assignment, the suggestions and the
 * board share them. Times are Istanbul's (UTC+03:00 all year, no summer time); spans are ISO
 * instants. Problems of the forms are codes of the admin catalogue's `drivers.shifts.messages`.
 *
 * - A driver with no weekly hours entered (`week: null`) is always on duty, but for their leave.
 * - A day's hours `to` before `from` are a night shift: Monday 22:00–06:00 ends Tuesday 06:00.
 *   `from` equal to `to` is refused (a whole day is 00:00–23:59, or no schedule at all).
 * - A weekday "off" means no shift starts that day (Friday's night shift may still end on Saturday).
 * - Leave and extra days off cover whole Istanbul calendar days, both ends included.
 * - A leg must lie wholly inside one shift (touching shifts join: 22:00–06:00 then 06:00–14:00).
 */
import { adminCodes } from "~/admin/codes";
import { isDateText, isTimeText, toBusinessParts } from "~/booking/rules/datetime";
import { addProblem, problem, type FieldProblems, type Problem } from "~/i18n/problem";

export const SHIFTS = adminCodes("drivers.shifts.messages", [
  "timeRequired",
  "timeInvalid",
  "sameTime",
  "dateInvalid",
  "rangeOrder",
  "rangeTooLong",
  "overlap",
  "noteTooLong",
  "kindInvalid",
  "notFound",
  "saveFailed",
]);

/** How a refusal names a duty or rest problem (admin catalogue, `drivers.shifts.problems`). */
export const SHIFT_PROBLEMS = adminCodes("drivers.shifts.problems", [
  "dayOff",
  "dayOffRange",
  "leave",
  "outsideHours",
  "restBefore",
  "restAfter",
]);

/** ISO weekdays: 1 Monday … 7 Sunday (the grid's order). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day's working hours ("HH:MM", Istanbul), or "off". */
export type DayHours = { from: string; to: string } | "off";
export type WeekHours = Record<Weekday, DayHours>;

export const LEAVE_KINDS = ["leave", "day_off"] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];

/** Leave or an extra day off: Istanbul dates, both included. */
export interface Leave {
  id: string;
  kind: LeaveKind;
  from: string;
  to: string;
  note: string;
}

export interface Schedule {
  /** null: no hours entered, always on duty */
  week: WeekHours | null;
  /** by `from` */
  leaves: Leave[];
}

/** The schedule of a driver nobody has entered hours for. */
export const NO_SCHEDULE: Schedule = Object.freeze({ week: null, leaves: [] }) as Schedule;

/** A leg's time on the road, ISO instants. */
export interface Span {
  start: string;
  end: string;
}

export type DutyProblem =
  /** the weekday is off (`leave` null) or the date is in an extra day off (`leave` names it) */
  | { kind: "day_off"; date: string; weekday: Weekday; leave: Leave | null }
  | { kind: "leave"; date: string; leave: Leave }
  /** the leg starts or ends outside the shift that starts on `date` (its `hours`; a night shift's date is the evening's) */
  | { kind: "outside_hours"; date: string; weekday: Weekday; hours: { from: string; to: string } };

export interface RestProblem {
  kind: "rest";
  other: Span;
  /** minutes between the two legs (0 when they overlap) */
  gapMinutes: number;
}

export const MAX_LEAVE_DAYS = 366;
export const MAX_LEAVE_NOTE = 200;

const DAY_MS = 86_400_000;

/** `2026-12-01` + n days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** The instant (ms) of an Istanbul date and time. */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);

/** Whether a day's hours run past midnight into the next day. */
export const isNightShift = (hours: { from: string; to: string }) => hours.to < hours.from;

/** The leave or day off covering an Istanbul date, if any. */
export function leaveOn(schedule: Schedule, date: string): Leave | undefined {
  return schedule.leaves.find((l) => l.from <= date && date <= l.to);
}

/** Who is on duty on an Istanbul date: that weekday's hours, "off", "leave", or "always" (no hours entered). */
export function onDuty(schedule: Schedule, date: string): { from: string; to: string } | "off" | "leave" | "always" {
  const leave = leaveOn(schedule, date);
  if (leave) return leave.kind === "leave" ? "leave" : "off";
  if (!schedule.week) return "always";
  const hours = schedule.week[weekdayOf(date)];
  return hours === "off" ? "off" : { from: hours.from, to: hours.to };
}

/** The shift starting on a date as instants (ms), or null on a day off. */
function shiftOf(
  week: WeekHours,
  date: string,
): { start: number; end: number; hours: { from: string; to: string } } | null {
  const hours = week[weekdayOf(date)];
  if (hours === "off") return null;
  return { start: at(date, hours.from), end: at(isNightShift(hours) ? addDays(date, 1) : date, hours.to), hours };
}

/**
 * What keeps a driver from a leg by their schedule: each leave or day off the leg touches, then
 * whether it lies outside their hours (empty: on duty for it).
 */
export function dutyProblems(schedule: Schedule, span: Span): DutyProblem[] {
  const start = Date.parse(span.start);
  const end = Math.max(start, Date.parse(span.end));
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const startDate = toBusinessParts(new Date(start)).date;
  // a leg ending at midnight sharp does not touch the next day
  const endDate = toBusinessParts(new Date(end > start ? end - 1 : end)).date;
  const problems: DutyProblem[] = [];
  for (const leave of schedule.leaves) {
    if (leave.to < startDate || leave.from > endDate) continue;
    const date = leave.from > startDate ? leave.from : startDate;
    problems.push(
      leave.kind === "leave"
        ? { kind: "leave", date, leave }
        : { kind: "day_off", date, weekday: weekdayOf(date), leave },
    );
  }
  const week = schedule.week;
  if (!week) return problems;
  // The shifts that may hold the leg: from the day before it starts (a night shift) to the day it ends, joined where they touch.
  const shifts: Array<{ start: number; end: number }> = [];
  for (let date = addDays(startDate, -1); date <= endDate; date = addDays(date, 1)) {
    const shift = shiftOf(week, date);
    if (!shift) continue;
    const last = shifts[shifts.length - 1];
    if (last && shift.start <= last.end) last.end = Math.max(last.end, shift.end);
    else shifts.push({ start: shift.start, end: shift.end });
  }
  if (shifts.some((s) => s.start <= start && end <= s.end)) return problems;
  const eve = addDays(startDate, -1);
  const night = shiftOf(week, eve);
  if (night && night.start <= start && start < night.end) {
    problems.push({ kind: "outside_hours", date: eve, weekday: weekdayOf(eve), hours: night.hours });
    return problems;
  }
  const hours = week[weekdayOf(startDate)];
  if (hours === "off") problems.push({ kind: "day_off", date: startDate, weekday: weekdayOf(startDate), leave: null });
  else problems.push({ kind: "outside_hours", date: startDate, weekday: weekdayOf(startDate), hours });
  return problems;
}

/**
 * Whether a leg leaves the driver too little rest after their previous leg or before their next
 * one (`neighbours`: the driver's other legs; this leg itself left out). The shortest gap under
 * `restMinutes` is named, the earlier leg first on a tie; 0 or less: no minimum, never a problem.
 */
export function restProblem(neighbours: readonly Span[], span: Span, restMinutes: number): RestProblem | null {
  if (!(restMinutes > 0)) return null;
  const start = Date.parse(span.start);
  const end = Math.max(start, Date.parse(span.end));
  let worst: RestProblem | null = null;
  for (const other of neighbours) {
    const oStart = Date.parse(other.start);
    const oEnd = Math.max(oStart, Date.parse(other.end));
    if (Number.isNaN(oStart) || Number.isNaN(oEnd)) continue;
    const gapMs = oEnd <= start ? start - oEnd : oStart >= end ? oStart - end : 0;
    const gapMinutes = Math.floor(gapMs / 60_000);
    if (gapMs >= restMinutes * 60_000) continue;
    const earlier = worst && gapMinutes === worst.gapMinutes && oStart < Date.parse(worst.other.start);
    if (!worst || gapMinutes < worst.gapMinutes || earlier) worst = { kind: "rest", other, gapMinutes };
  }
  return worst;
}

/** A duty problem as a message code with its values (dates as the office reads them), for a refusal or a warning. */
export function dutyProblemMessage(p: DutyProblem): Problem {
  if (p.kind === "leave")
    return problem(SHIFT_PROBLEMS.leave, { from: dayText(p.leave.from), to: dayText(p.leave.to), note: p.leave.note });
  if (p.kind === "day_off")
    return p.leave
      ? problem(SHIFT_PROBLEMS.dayOffRange, {
          from: dayText(p.leave.from),
          to: dayText(p.leave.to),
          note: p.leave.note,
        })
      : problem(SHIFT_PROBLEMS.dayOff, { date: dayText(p.date) });
  return problem(SHIFT_PROBLEMS.outsideHours, { date: dayText(p.date), from: p.hours.from, to: p.hours.to });
}

/** A rest problem as a message code: the gap to the driver's previous or next leg, and the minimum. */
export function restProblemMessage(p: RestProblem, span: Span, restMinutes: number): Problem {
  const before = Date.parse(p.other.start) < Date.parse(span.start);
  return problem(before ? SHIFT_PROBLEMS.restBefore : SHIFT_PROBLEMS.restAfter, {
    gap: p.gapMinutes,
    rest: restMinutes,
  });
}

// ---- the shifts page's forms ----

/** A weekday's fields as the form names them. */
export const dayField = (weekday: Weekday, part: "from" | "to" | "off") => `${part}-${weekday}`;

/** A weekday as typed: the off box and the two times. */
export interface DayInput {
  off?: unknown;
  from?: unknown;
  to?: unknown;
}
export type WeekInput = Partial<Record<Weekday, DayInput>>;

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const ticked = (v: unknown) => v === true || v === "on" || v === "1" || v === "true";

/** The week's grid read from a form post. */
export function weekInputFromForm(form: FormData): WeekInput {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [
      d,
      {
        off: form.get(dayField(d, "off")) ?? undefined,
        from: form.get(dayField(d, "from")) ?? undefined,
        to: form.get(dayField(d, "to")) ?? undefined,
      },
    ]),
  ) as WeekInput;
}

/** Reads the weekly hours: each weekday off, or both times (HH:MM, different; `to` before `from` a night shift). */
export function parseWeek(input: WeekInput): { ok: true; value: WeekHours } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  const week = {} as WeekHours;
  for (const d of WEEKDAYS) {
    const day = input[d] ?? {};
    if (ticked(day.off)) {
      week[d] = "off";
      continue;
    }
    const from = text(day.from);
    const to = text(day.to);
    for (const [part, value] of [
      ["from", from],
      ["to", to],
    ] as const) {
      if (!value) addProblem(fields, dayField(d, part), problem(SHIFTS.timeRequired));
      else if (!isTimeText(value)) addProblem(fields, dayField(d, part), problem(SHIFTS.timeInvalid));
    }
    if (isTimeText(from) && isTimeText(to) && from === to)
      addProblem(fields, dayField(d, "to"), problem(SHIFTS.sameTime));
    week[d] = { from, to };
  }
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value: week };
}

export interface LeaveInput {
  kind?: unknown;
  from?: unknown;
  to?: unknown;
  note?: unknown;
}

export type LeaveValues = Omit<Leave, "id">;

/** Days from one date to another, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * Reads a leave or day off and checks it against the driver's others: real dates, `to` not before
 * `from` (one day: the same date twice), at most a year, no overlap with another range.
 */
export function parseLeave(
  input: LeaveInput,
  others: readonly Leave[],
): { ok: true; value: LeaveValues } | { ok: false; fields: FieldProblems; overlapping?: Leave } {
  const fields: FieldProblems = {};
  const kind = text(input.kind) || "leave";
  const from = text(input.from);
  const to = text(input.to) || from;
  const note = text(input.note);
  if (!(LEAVE_KINDS as readonly string[]).includes(kind)) addProblem(fields, "kind", problem(SHIFTS.kindInvalid));
  if (!isDateText(from)) addProblem(fields, "from", problem(SHIFTS.dateInvalid));
  if (!isDateText(to)) addProblem(fields, "to", problem(SHIFTS.dateInvalid));
  if (note.length > MAX_LEAVE_NOTE) addProblem(fields, "note", problem(SHIFTS.noteTooLong, { max: MAX_LEAVE_NOTE }));
  let overlapping: Leave | undefined;
  if (isDateText(from) && isDateText(to)) {
    if (to < from) addProblem(fields, "to", problem(SHIFTS.rangeOrder));
    else if (daysBetween(from, to) > MAX_LEAVE_DAYS)
      addProblem(fields, "to", problem(SHIFTS.rangeTooLong, { max: MAX_LEAVE_DAYS }));
    else {
      overlapping = others.find((l) => l.from <= to && from <= l.to);
      if (overlapping)
        addProblem(
          fields,
          "from",
          problem(SHIFTS.overlap, { from: dayText(overlapping.from), to: dayText(overlapping.to) }),
        );
    }
  }
  if (Object.keys(fields).length) return { ok: false, fields, overlapping };
  return { ok: true, value: { kind: kind as LeaveKind, from, to, note } };
}

/** An Istanbul date as the office reads it: `2026-12-01` → `01.12.2026`. */
export function dayText(date: string): string {
  const [y, m, d] = date.split("-");
  return d && m && y ? `${d}.${m}.${y}` : date;
}
