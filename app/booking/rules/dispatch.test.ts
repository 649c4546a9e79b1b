import { describe, expect, it } from "vitest";
import { businessDay } from "./availability";
import { assignTracks, blockPosition, boardPlaceName, buildBoard, conflictCount, freeGaps, legTouchesDay, MIN_BLOCK_MINUTES, maintenanceBlock, parseBoardDate, shiftDate, summarizeDay, type BoardCar, type DayLeg } from "./dispatch";

const day = businessDay("2026-12-15")!;
/** An Istanbul time on 15 Dec (or another day) as a stored instant. */
const at = (hhmm: string, date = "2026-12-15") => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

const car = (id: string, extra: Partial<BoardCar> = {}): BoardCar => ({ id, name: id, status: "active", maintenance_from: null, maintenance_to: null, plate_number: null, category: "Sedan", ...extra });

let n = 0;
function leg(carId: string | null, start: string, end: string, extra: Partial<DayLeg> = {}): DayLeg {
  n++;
  return {
    bookingId: `b${n}`,
    reference: `VT-${String(n).padStart(6, "0")}`,
    leg: "outbound",
    carId,
    carName: carId ?? "",
    status: "confirmed",
    fullName: `Guest ${n}`,
    phone: "+90 532 111 22 33",
    passengers: 2,
    luggage: 1,
    luggageItems: null,
    flightNumber: null,
    notes: "",
    from: "Antalya Havalimanı (AYT), Antalya",
    to: "Belek, Serik",
    fromAddress: null,
    toAddress: null,
    start,
    end,
    ...extra,
  };
}

describe("parseBoardDate", () => {
  const now = new Date("2026-12-14T22:30:00Z"); // 15 Dec 01:30 in Istanbul
  it("defaults to today in Istanbul, not in UTC", () => {
    expect(parseBoardDate(null, now)).toEqual({ date: "2026-12-15", invalid: false });
    expect(parseBoardDate("  ", now)).toEqual({ date: "2026-12-15", invalid: false });
  });
  it("accepts a real date", () => {
    expect(parseBoardDate("2027-02-28", now)).toEqual({ date: "2027-02-28", invalid: false });
  });
  it.each(["2027-02-30", "15.12.2026", "2026-13-01", "tomorrow", "1899-01-01", "20261215"])("refuses %s and shows today", (value) => {
    expect(parseBoardDate(value, now)).toEqual({ date: "2026-12-15", invalid: true });
  });
});

describe("shiftDate", () => {
  it("crosses months, years and leap days", () => {
    expect(shiftDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDate("2028-03-01", -1)).toBe("2028-02-29");
    expect(shiftDate("2026-03-29", 1)).toBe("2026-03-30"); // Europe's DST weekend: still one calendar day
  });
});

describe("blockPosition", () => {
  it("places a leg by pickup and drop-off, the buffer as a tail inside a readable block", () => {
    // 12:00–15:00 with a 30 min buffer: bar 3 h, tail 30 min, block 3.5 h (wider than the label minimum)
    const p = blockPosition({ start: at("12:00"), end: at("15:00") }, day, 30);
    expect(p.left).toBe(50);
    expect(p.width).toBeCloseTo((210 / 1440) * 100, 2);
    expect(p.barLeft).toBe(0);
    expect(p.barWidth).toBeCloseTo((180 / 210) * 100, 2);
    expect(p.tailWidth).toBeCloseTo((30 / 210) * 100, 2);
    expect(p.startsBefore).toBe(false);
    expect(p.endsAfter).toBe(false);
  });

  it("keeps a short leg short: a 38-minute trip is 38 minutes wide (issue 34)", () => {
    const p = blockPosition({ start: at("06:00"), end: at("06:38") }, day, 0);
    expect(p.width).toBeCloseTo((38 / 1440) * 100, 2);
    expect(p.barWidth).toBe(100);
    expect(p.tailWidth).toBe(0);
  });

  it("gives a leg without duration the minimum width, to be pointed at", () => {
    const p = blockPosition({ start: at("06:00"), end: at("06:00") }, day, 0);
    expect(p.width).toBeCloseTo((MIN_BLOCK_MINUTES / 1440) * 100, 2);
    expect(p.barWidth).toBe(0);
  });

  it("clips an overnight leg at midnight on the first day, with a marker", () => {
    const p = blockPosition({ start: at("22:00"), end: at("02:00", "2026-12-16") }, day, 30);
    expect(p.endsAfter).toBe(true);
    expect(p.startsBefore).toBe(false);
    expect(p.left + p.width).toBeCloseTo(100, 2);
    // bar from 22:00 to 24:00: the whole block, cut at midnight
    expect(p.left).toBeCloseTo((1320 / 1440) * 100, 2);
    expect(p.barLeft).toBe(0);
    expect(p.barWidth).toBe(100);
    expect(p.tailWidth).toBe(0);
  });

  it("clips the same leg at midnight on the second day", () => {
    const next = businessDay("2026-12-16")!;
    const p = blockPosition({ start: at("22:00"), end: at("02:00", "2026-12-16") }, next, 30);
    expect(p.startsBefore).toBe(true);
    expect(p.endsAfter).toBe(false);
    expect(p.left).toBe(0);
    expect(p.barLeft).toBe(0);
    expect(p.barWidth).toBeCloseTo((120 / 150) * 100, 2);
    expect(p.tailWidth).toBeCloseTo((30 / 150) * 100, 2);
  });

  it("cuts the buffer tail at midnight", () => {
    const p = blockPosition({ start: at("20:00"), end: at("23:50") }, day, 30);
    expect(p.endsAfter).toBe(false);
    expect(p.left + p.width).toBeCloseTo(100, 2);
    expect(p.tailWidth).toBeCloseTo((10 / 240) * 100, 2);
  });
});

describe("freeGaps", () => {
  it("names the free time between a car's legs, buffer and maintenance taken out, short gaps left out", () => {
    const legs = [
      { start: at("06:00"), end: at("06:38") },
      { start: at("07:20"), end: at("08:00") }, // 06:38 + 30 buffer = 07:08: a 12-minute gap, not named
      { start: at("12:00"), end: at("13:00") },
    ];
    const gaps = freeGaps(legs, { from: at("18:00"), to: null }, day, 30);
    expect(gaps.map((g) => [g.start, g.end, g.minutes])).toEqual([
      [at("00:00"), at("06:00"), 360],
      [at("08:30"), at("12:00"), 210],
      [at("13:30"), at("18:00"), 270],
    ]);
    expect(gaps[1]!.left).toBeCloseTo((510 / 1440) * 100, 2);
    expect(gaps[1]!.width).toBeCloseTo((210 / 1440) * 100, 2);
  });
  it("gives an idle car the whole day", () => {
    expect(freeGaps([], null, day, 30).map((g) => g.minutes)).toEqual([1440]);
  });
});

describe("legTouchesDay", () => {
  it("takes a leg that reaches into the day, not one that ends at midnight", () => {
    expect(legTouchesDay({ start: at("22:00", "2026-12-14"), end: at("00:30") }, day)).toBe(true);
    expect(legTouchesDay({ start: at("22:00", "2026-12-14"), end: at("00:00") }, day)).toBe(false);
    expect(legTouchesDay({ start: at("00:00", "2026-12-16"), end: at("01:00", "2026-12-16") }, day)).toBe(false);
  });
  it("counts a leg without duration at its pickup", () => {
    expect(legTouchesDay({ start: at("00:00"), end: at("00:00") }, day)).toBe(true);
    expect(legTouchesDay({ start: at("23:59"), end: at("23:59") }, day)).toBe(true);
  });
});

describe("assignTracks", () => {
  it("puts overlapping blocks on separate tracks and reuses a free one", () => {
    const { tracks, count } = assignTracks([
      { left: 10, width: 20 },
      { left: 20, width: 20 },
      { left: 30, width: 5 },
      { left: 41, width: 5 },
    ]);
    expect(tracks).toEqual([0, 1, 0, 0]);
    expect(count).toBe(2);
  });
  it("keeps one track for an empty lane", () => {
    expect(assignTracks([]).count).toBe(1);
  });
});

describe("maintenanceBlock", () => {
  it("draws the part of the window inside the day", () => {
    const block = maintenanceBlock({ from: at("09:00"), to: at("12:00", "2026-12-20") }, day);
    expect(block).toMatchObject({ left: 37.5, width: 62.5 });
  });
  it("fills the day for the maintenance status without dates", () => {
    expect(maintenanceBlock({ from: null, to: null }, day)).toMatchObject({ left: 0, width: 100 });
  });
  it("is absent for a window that ends at midnight or starts the next day", () => {
    expect(maintenanceBlock({ from: null, to: at("00:00") }, day)).toBeNull();
    expect(maintenanceBlock({ from: at("00:00", "2026-12-16"), to: null }, day)).toBeNull();
    expect(maintenanceBlock(null, day)).toBeNull();
  });
});

describe("buildBoard", () => {
  const cars = [car("vclass"), car("sprinter", { status: "maintenance", maintenance_from: at("13:00"), maintenance_to: at("18:00") })];

  it("gives every car a lane, legs in time order, and marks legs that collide within the buffer", () => {
    const late = leg("vclass", at("16:00"), at("17:00"));
    const early = leg("vclass", at("14:30"), at("15:40")); // buffer ends 16:10 > 16:00
    const free = leg("vclass", at("09:00"), at("10:00"));
    const lanes = buildBoard(cars, [late, early, free], day, 30);
    expect(lanes.map((l) => l.kind)).toEqual(["car", "car"]);
    const v = lanes[0]!;
    expect(v.legs.map((l) => l.reference)).toEqual([free.reference, early.reference, late.reference]);
    expect(v.legs[0]!.conflicts).toEqual([]);
    expect(v.legs[1]!.conflicts).toEqual([{ bookingId: late.bookingId, reference: late.reference, leg: "outbound" }]);
    expect(v.legs[2]!.conflicts).toEqual([{ bookingId: early.bookingId, reference: early.reference, leg: "outbound" }]);
    expect(v.tracks).toBe(2);
    expect(conflictCount(lanes)).toBe(2);
  });

  it("lets back-to-back legs stand when the buffer fits, and flags them when it does not", () => {
    const a = leg("vclass", at("10:00"), at("11:00"));
    const b = leg("vclass", at("11:30"), at("12:00"));
    expect(buildBoard(cars, [a, b], day, 30)[0]!.legs.every((l) => l.conflicts.length === 0)).toBe(true);
    expect(buildBoard(cars, [a, b], day, 31)[0]!.legs.every((l) => l.conflicts.length === 1)).toBe(true);
  });

  it("names a collision with a leg of the day before that is not drawn", () => {
    const lateYesterday = leg("vclass", at("21:00", "2026-12-14"), at("23:45", "2026-12-14"));
    const earlyToday = leg("vclass", at("00:05"), at("01:00"));
    const v = buildBoard(cars, [lateYesterday, earlyToday], day, 30)[0]!;
    expect(v.legs.map((l) => l.reference)).toEqual([earlyToday.reference]);
    expect(v.legs[0]!.conflicts.map((c) => c.reference)).toEqual([lateYesterday.reference]);
  });

  it("never flags completed legs, and shows them", () => {
    const done = leg("vclass", at("10:00"), at("11:00"), { status: "completed" });
    const next = leg("vclass", at("10:30"), at("11:30"));
    const v = buildBoard(cars, [done, next], day, 30)[0]!;
    expect(v.legs).toHaveLength(2);
    expect(v.legs.every((l) => l.conflicts.length === 0)).toBe(true);
  });

  it("draws the maintenance window and marks a leg inside it", () => {
    const during = leg("sprinter", at("14:00"), at("15:00"));
    const before = leg("sprinter", at("08:00"), at("09:00"));
    const s = buildBoard(cars, [during, before], day, 30)[1]!;
    expect(s.maintenance).toMatchObject({ from: at("13:00"), to: at("18:00") });
    expect(s.legs.find((l) => l.bookingId === during.bookingId)!.inMaintenance).toBe(true);
    expect(s.legs.find((l) => l.bookingId === before.bookingId)!.inMaintenance).toBe(false);
  });

  it("collects legs of no car or a car not on the board in a last lane, only when there are any", () => {
    expect(buildBoard(cars, [], day, 30).map((l) => l.kind)).toEqual(["car", "car"]);
    const none = leg(null, at("10:00"), at("11:00"));
    const gone = leg("retired-car", at("10:00"), at("11:00"));
    const lanes = buildBoard(cars, [none, gone], day, 30);
    expect(lanes.map((l) => l.kind)).toEqual(["car", "car", "unassigned"]);
    // different cars: no collision between them
    expect(lanes[2]!.legs.every((l) => l.conflicts.length === 0)).toBe(true);
    expect(lanes[2]!.tracks).toBe(2);
  });

  it("shows an overnight leg on both days", () => {
    const night = leg("vclass", at("23:00"), at("01:30", "2026-12-16"));
    expect(buildBoard(cars, [night], day, 30)[0]!.legs[0]!.position.endsAfter).toBe(true);
    const next = buildBoard(cars, [night], businessDay("2026-12-16")!, 30)[0]!;
    expect(next.legs[0]!.position.startsBefore).toBe(true);
    expect(buildBoard(cars, [night], businessDay("2026-12-17")!, 30)[0]!.legs).toEqual([]);
  });
});

describe("boardPlaceName", () => {
  it("shows an airport by its code and another place by its short name", () => {
    expect(boardPlaceName("Antalya Havalimanı (AYT)")).toBe("AYT");
    expect(boardPlaceName("Antalya Airport (AYT), Antalya")).toBe("AYT");
    expect(boardPlaceName("Belek, Serik, Antalya")).toBe("Belek");
    expect(boardPlaceName("Kemer (merkez)")).toBe("Kemer (merkez)");
  });
});

describe("summarizeDay", () => {
  it("counts the day's legs once each, and what still needs the office", () => {
    const driver = { id: "d1", name: "Ali", jobStatus: null };
    const legs = [
      // two legs of car A that collide, one with a driver and a flight
      leg("A", at("09:00"), at("10:00"), { driver, flightNumber: "TK 2412" }),
      leg("A", at("09:30"), at("10:30")),
      // no car, soon
      leg(null, at("12:30"), at("13:30"), { flightNumber: " " }),
      // cancelled, and one that began the day before: neither counts
      leg("B", at("15:00"), at("16:00"), { status: "cancelled" }),
      leg("B", at("23:00", "2026-12-14"), at("01:00"), { driver }),
    ];
    const lanes = buildBoard([car("A"), car("B")], legs, day, 15);
    const now = new Date(at("11:00"));
    expect(summarizeDay(lanes, day, now)).toEqual({ legs: 3, withoutCar: 1, withoutDriver: 2, collisions: 2, nextTwoHours: 1, flights: 1 });
  });
});
