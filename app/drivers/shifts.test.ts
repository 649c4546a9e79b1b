import { describe, expect, it } from "vitest";
import type { ProblemCode } from "~/i18n/problem";
import { translate } from "~/i18n/translate.server";
import { DRIVER_REST } from "~/settings/settings";
import {
  dutyProblemMessage,
  dutyProblems,
  NO_SCHEDULE,
  onDuty,
  parseLeave,
  parseWeek,
  restProblem,
  restProblemMessage,
  SHIFT_PROBLEMS,
  SHIFTS,
  weekdayOf,
  type Leave,
  type Schedule,
  type WeekHours,
} from "./shifts";

/** Istanbul time → instant: "2026-12-07 06:00" (a Monday). */
const ist = (text: string) => new Date(`${text.replace(" ", "T")}:00+03:00`).toISOString();
const span = (from: string, to: string) => ({ start: ist(from), end: ist(to) });

const DAY = { from: "06:00", to: "18:00" };
const WEEKDAYS_ONLY: WeekHours = { 1: DAY, 2: DAY, 3: DAY, 4: DAY, 5: DAY, 6: "off", 7: "off" };
const NIGHTS: WeekHours = {
  1: { from: "22:00", to: "06:00" },
  2: { from: "22:00", to: "06:00" },
  3: "off",
  4: "off",
  5: "off",
  6: "off",
  7: { from: "22:00", to: "06:00" },
};
const leave = (from: string, to: string, kind: Leave["kind"] = "leave"): Leave => ({
  id: `${from}-${to}`,
  kind,
  from,
  to,
  note: "Yıllık izin",
});

describe("weekdays", () => {
  it("counts Monday as 1 and Sunday as 7", () => {
    expect(weekdayOf("2026-12-07")).toBe(1);
    expect(weekdayOf("2026-12-13")).toBe(7);
  });
});

describe("dutyProblems", () => {
  it("finds nothing for a driver without a schedule", () => {
    expect(dutyProblems(NO_SCHEDULE, span("2026-12-12 03:00", "2026-12-12 04:00"))).toEqual([]);
  });

  it("accepts a leg inside the day's hours, up to the shift's ends", () => {
    const s: Schedule = { week: WEEKDAYS_ONLY, leaves: [] };
    expect(dutyProblems(s, span("2026-12-07 06:00", "2026-12-07 18:00"))).toEqual([]);
    expect(dutyProblems(s, span("2026-12-07 09:00", "2026-12-07 10:15"))).toEqual([]);
  });

  it("names the day's hours of a leg starting early or ending late", () => {
    const s: Schedule = { week: WEEKDAYS_ONLY, leaves: [] };
    expect(dutyProblems(s, span("2026-12-07 05:30", "2026-12-07 06:30"))).toEqual([
      { kind: "outside_hours", date: "2026-12-07", weekday: 1, hours: DAY },
    ]);
    expect(dutyProblems(s, span("2026-12-07 17:30", "2026-12-07 18:01"))).toEqual([
      { kind: "outside_hours", date: "2026-12-07", weekday: 1, hours: DAY },
    ]);
  });

  it("calls a weekday off a day off", () => {
    const s: Schedule = { week: WEEKDAYS_ONLY, leaves: [] };
    expect(dutyProblems(s, span("2026-12-12 10:00", "2026-12-12 11:00"))).toEqual([
      { kind: "day_off", date: "2026-12-12", weekday: 6, leave: null },
    ]);
  });

  it("takes a night shift across midnight, into the next day, even a day off", () => {
    const s: Schedule = { week: NIGHTS, leaves: [] };
    // Monday 22:00 – Tuesday 06:00
    expect(dutyProblems(s, span("2026-12-07 23:30", "2026-12-08 00:45"))).toEqual([]);
    expect(dutyProblems(s, span("2026-12-08 04:00", "2026-12-08 05:30"))).toEqual([]);
    // Tuesday 22:00 – Wednesday 06:00 (Wednesday itself is off)
    expect(dutyProblems(s, span("2026-12-09 03:00", "2026-12-09 04:00"))).toEqual([]);
    // the night's end passed: named by the night it belongs to
    expect(dutyProblems(s, span("2026-12-09 05:30", "2026-12-09 06:30"))).toEqual([
      { kind: "outside_hours", date: "2026-12-08", weekday: 2, hours: { from: "22:00", to: "06:00" } },
    ]);
    // Wednesday daytime: off
    expect(dutyProblems(s, span("2026-12-09 12:00", "2026-12-09 13:00"))).toEqual([
      { kind: "day_off", date: "2026-12-09", weekday: 3, leave: null },
    ]);
    // Sunday 22:00 – Monday 06:00, then Monday 22:00: Monday 12:00 is outside Monday's night shift
    expect(dutyProblems(s, span("2026-12-07 12:00", "2026-12-07 13:00"))).toEqual([
      { kind: "outside_hours", date: "2026-12-07", weekday: 1, hours: { from: "22:00", to: "06:00" } },
    ]);
  });

  it("joins shifts that touch", () => {
    const week: WeekHours = { ...WEEKDAYS_ONLY, 1: { from: "22:00", to: "06:00" }, 2: { from: "06:00", to: "14:00" } };
    expect(dutyProblems({ week, leaves: [] }, span("2026-12-08 05:00", "2026-12-08 07:00"))).toEqual([]);
  });

  it("reads Istanbul time at UTC+3 all year (no summer time)", () => {
    const s: Schedule = { week: WEEKDAYS_ONLY, leaves: [] };
    // 03:00 UTC = 06:00 in Istanbul, in July as in December
    expect(dutyProblems(s, { start: "2026-07-06T03:00:00.000Z", end: "2026-07-06T04:00:00.000Z" })).toEqual([]);
    expect(dutyProblems(s, { start: "2026-12-07T03:00:00.000Z", end: "2026-12-07T04:00:00.000Z" })).toEqual([]);
    expect(dutyProblems(s, { start: "2026-03-30T02:59:00.000Z", end: "2026-03-30T04:00:00.000Z" })).toHaveLength(1);
  });

  it("counts a leave's first and last day whole, and not the days around it", () => {
    const l = leave("2026-12-08", "2026-12-10");
    const s: Schedule = { week: null, leaves: [l] };
    expect(dutyProblems(s, span("2026-12-08 00:00", "2026-12-08 01:00"))).toEqual([
      { kind: "leave", date: "2026-12-08", leave: l },
    ]);
    expect(dutyProblems(s, span("2026-12-10 23:00", "2026-12-10 23:59"))).toEqual([
      { kind: "leave", date: "2026-12-10", leave: l },
    ]);
    expect(dutyProblems(s, span("2026-12-07 22:00", "2026-12-08 00:00"))).toEqual([]);
    expect(dutyProblems(s, span("2026-12-11 00:00", "2026-12-11 02:00"))).toEqual([]);
    // a leg running into the leave
    expect(dutyProblems(s, span("2026-12-07 23:00", "2026-12-08 00:30"))).toEqual([
      { kind: "leave", date: "2026-12-08", leave: l },
    ]);
  });

  it("calls an extra day off a day off, with its range", () => {
    const l = leave("2026-12-09", "2026-12-09", "day_off");
    const s: Schedule = { week: WEEKDAYS_ONLY, leaves: [l] };
    expect(dutyProblems(s, span("2026-12-09 10:00", "2026-12-09 11:00"))).toEqual([
      { kind: "day_off", date: "2026-12-09", weekday: 3, leave: l },
    ]);
  });
});

describe("onDuty", () => {
  it("says the day's hours, off, leave or always", () => {
    expect(onDuty(NO_SCHEDULE, "2026-12-12")).toBe("always");
    const s: Schedule = {
      week: WEEKDAYS_ONLY,
      leaves: [leave("2026-12-14", "2026-12-15"), leave("2026-12-16", "2026-12-16", "day_off")],
    };
    expect(onDuty(s, "2026-12-07")).toEqual(DAY);
    expect(onDuty(s, "2026-12-12")).toBe("off");
    expect(onDuty(s, "2026-12-15")).toBe("leave");
    expect(onDuty(s, "2026-12-16")).toBe("off");
    expect(onDuty({ week: null, leaves: [leave("2026-12-14", "2026-12-15")] }, "2026-12-14")).toBe("leave");
  });
});

describe("restProblem", () => {
  const leg = span("2026-12-07 12:00", "2026-12-07 13:00");
  it("is off at 0 minutes", () => {
    expect(restProblem([span("2026-12-07 11:00", "2026-12-07 11:59")], leg, 0)).toBeNull();
  });
  it("finds too little rest after the previous leg", () => {
    const before = span("2026-12-07 09:00", "2026-12-07 10:30");
    expect(restProblem([before], leg, 120)).toEqual({ kind: "rest", other: before, gapMinutes: 90 });
    expect(restProblem([before], leg, 90)).toBeNull();
  });
  it("finds too little rest before the next leg", () => {
    const after = span("2026-12-07 13:45", "2026-12-07 15:00");
    expect(restProblem([after], leg, 60)).toEqual({ kind: "rest", other: after, gapMinutes: 45 });
  });
  it("names the shortest gap, the earlier leg on a tie, and an overlap as 0", () => {
    const before = span("2026-12-07 10:00", "2026-12-07 11:30");
    const after = span("2026-12-07 13:30", "2026-12-07 14:00");
    const far = span("2026-12-07 20:00", "2026-12-07 21:00");
    expect(restProblem([after, far, before], leg, 480)).toEqual({ kind: "rest", other: before, gapMinutes: 30 });
    const overlap = span("2026-12-07 12:30", "2026-12-07 14:00");
    expect(restProblem([before, overlap], leg, 60)).toEqual({ kind: "rest", other: overlap, gapMinutes: 0 });
  });
});

describe("parseWeek", () => {
  const full = {
    1: { from: "06:00", to: "18:00" },
    2: { from: "22:00", to: "06:00" },
    3: { off: "on" },
    4: { from: "06:00", to: "18:00" },
    5: { from: "06:00", to: "18:00" },
    6: { off: "on", from: "09:00" },
    7: { off: "on" },
  };
  it("reads days off and night shifts", () => {
    const result = parseWeek(full);
    expect(result).toEqual({
      ok: true,
      value: { 1: DAY, 2: { from: "22:00", to: "06:00" }, 3: "off", 4: DAY, 5: DAY, 6: "off", 7: "off" },
    });
  });
  it("refuses missing, malformed and equal times", () => {
    const result = parseWeek({
      ...full,
      1: { from: "", to: "18:00" },
      4: { from: "6", to: "18:00" },
      5: { from: "08:00", to: "08:00" },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toEqual({
      "from-1": [{ code: SHIFTS.timeRequired }],
      "from-4": [{ code: SHIFTS.timeInvalid }],
      "to-5": [{ code: SHIFTS.sameTime }],
    });
  });
});

describe("parseLeave", () => {
  const existing = [leave("2026-12-08", "2026-12-10")];
  it("reads a range, one day when the last is left empty", () => {
    expect(parseLeave({ from: "2026-12-01", to: "", note: " Yıllık izin " }, existing)).toEqual({
      ok: true,
      value: { kind: "leave", from: "2026-12-01", to: "2026-12-01", note: "Yıllık izin" },
    });
    expect(parseLeave({ kind: "day_off", from: "2026-12-11", to: "2026-12-12" }, existing)).toMatchObject({ ok: true });
  });
  it("refuses an overlap, a reversed range, a bad date and a bad kind", () => {
    expect(parseLeave({ from: "2026-12-10", to: "2026-12-11" }, existing)).toMatchObject({
      ok: false,
      fields: { from: [{ code: SHIFTS.overlap, params: { from: "08.12.2026", to: "10.12.2026" } }] },
    });
    expect(parseLeave({ from: "2026-12-05", to: "2026-12-04" }, existing)).toMatchObject({
      ok: false,
      fields: { to: [{ code: SHIFTS.rangeOrder }] },
    });
    expect(parseLeave({ from: "2026-02-30" }, existing)).toMatchObject({
      ok: false,
      fields: { from: [{ code: SHIFTS.dateInvalid }] },
    });
    expect(parseLeave({ kind: "holiday", from: "2026-12-20" }, existing)).toMatchObject({
      ok: false,
      fields: { kind: [{ code: SHIFTS.kindInvalid }] },
    });
  });
});

describe("problem messages", () => {
  it("names the leave, the day off, the hours and the rest with the office's dates", () => {
    const l = leave("2026-12-08", "2026-12-14");
    expect(dutyProblemMessage({ kind: "leave", date: "2026-12-08", leave: l })).toEqual({
      code: SHIFT_PROBLEMS.leave,
      params: { from: "08.12.2026", to: "14.12.2026", note: "Yıllık izin" },
    });
    expect(dutyProblemMessage({ kind: "day_off", date: "2026-12-12", weekday: 6, leave: null })).toEqual({
      code: SHIFT_PROBLEMS.dayOff,
      params: { date: "12.12.2026" },
    });
    expect(dutyProblemMessage({ kind: "outside_hours", date: "2026-12-07", weekday: 1, hours: DAY })).toEqual({
      code: SHIFT_PROBLEMS.outsideHours,
      params: { date: "07.12.2026", from: "06:00", to: "18:00" },
    });
    const leg = span("2026-12-07 12:00", "2026-12-07 13:00");
    const before = span("2026-12-07 10:00", "2026-12-07 11:30");
    expect(restProblemMessage(restProblem([before], leg, 60)!, leg, 60)).toEqual({
      code: SHIFT_PROBLEMS.restBefore,
      params: { gap: 30, rest: 60 },
    });
    const after = span("2026-12-07 13:10", "2026-12-07 14:00");
    expect(restProblemMessage(restProblem([after], leg, 60)!, leg, 60)).toEqual({
      code: SHIFT_PROBLEMS.restAfter,
      params: { gap: 10, rest: 60 },
    });
  });
});

describe("the codes", () => {
  it("are in the four admin catalogues", () => {
    for (const code of [...Object.values(SHIFTS), ...Object.values(SHIFT_PROBLEMS), DRIVER_REST] as ProblemCode[]) {
      for (const lng of ["tr", "en", "de", "ru"] as const) {
        const text = translate(lng, { code, params: { max: 1, from: "x", to: "y", date: "d", gap: 1, rest: 2 } });
        expect(text, `${lng} ${code}`).not.toContain(code.slice("admin:".length));
        expect(text, `${lng} ${code}`).not.toContain("{{");
      }
    }
    expect(
      translate("tr", dutyProblemMessage({ kind: "outside_hours", date: "2026-12-07", weekday: 1, hours: DAY })),
    ).toBe("İş, şoförün 07.12.2026 çalışma saatlerinin (06:00–18:00) dışında.");
  });
});
