import { describe, expect, it } from "vitest";
import type { BookingRow } from "~/server/db/schema";
import { bookingLegs, buildCalendar, escapeText, foldLine, istanbulLocal, parseCalendarLines, unescapeText, utcStamp, type CalendarEvent } from "./calendar";

const octets = (s: string) => new TextEncoder().encode(s).length;

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "b1-outbound@vip-transfer",
  start: "2026-07-01T11:30:00.000Z",
  end: "2026-07-01T12:15:00.000Z",
  summary: "Transfer VT-7K3Q9X: Antalya Airport (AYT) → Belek",
  location: "Antalya Airport (AYT)",
  description: "Reference: VT-7K3Q9X\nRoute: Antalya Airport (AYT) → Belek",
  status: "CONFIRMED",
  ...overrides,
});

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks, and reads back", () => {
    const text = "a\\b; c, d\ne\r\nf";
    expect(escapeText(text)).toBe("a\\\\b\\; c\\, d\\ne\\nf");
    expect(unescapeText(escapeText("a\\b; c, d\ne"))).toBe("a\\b; c, d\ne");
  });
});

describe("foldLine", () => {
  it("leaves a short line alone", () => {
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("folds at 75 octets with a leading space, never splitting a Cyrillic character", () => {
    const line = `SUMMARY:${"Трансфер из аэропорта Анталья в Белек, ".repeat(5)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    // Every part is valid UTF-8 on its own: no character was cut in two.
    for (const part of parts) expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("folds an ASCII line into 75-octet parts exactly", () => {
    const parts = foldLine("X".repeat(200)).split("\r\n");
    expect(parts.map(octets)).toEqual([75, 75, 52]);
  });
});

describe("times", () => {
  it("writes Istanbul's local time (UTC+3) and UTC stamps", () => {
    expect(istanbulLocal("2026-07-01T11:30:00.000Z")).toBe("20260701T143000");
    expect(istanbulLocal("2026-12-31T22:15:00.000Z")).toBe("20270101T011500");
    expect(utcStamp("2026-07-01T11:30:00.123Z")).toBe("20260701T113000Z");
  });
});

describe("buildCalendar", () => {
  const file = buildCalendar([event(), event({ uid: "b1-return@vip-transfer", start: "2026-07-08T07:00:00.000Z", end: "2026-07-08T07:45:00.000Z" })], {
    stamp: "2026-06-01T08:00:00.000Z",
  });
  const lines = parseCalendarLines(file);

  it("ends every line with CRLF and has the calendar's header and the time zone", () => {
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const names = lines.map((l) => `${l.name}:${l.value}`);
    expect(names.slice(0, 5)).toEqual(["BEGIN:VCALENDAR", expect.stringMatching(/^PRODID:/), "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]);
    expect(names).toContain("TZID:Europe/Istanbul");
    expect(names).toContain("TZOFFSETTO:+0300");
    expect(names.at(-1)).toBe("END:VCALENDAR");
  });

  it("has one event per leg, with its times in Istanbul", () => {
    expect(lines.filter((l) => l.name === "BEGIN" && l.value === "VEVENT")).toHaveLength(2);
    const starts = lines.filter((l) => l.name === "DTSTART" && l.params.TZID);
    expect(starts.map((l) => [l.params.TZID, l.value])).toEqual([
      ["Europe/Istanbul", "20260701T143000"],
      ["Europe/Istanbul", "20260708T100000"],
    ]);
    expect(lines.filter((l) => l.name === "DTEND").map((l) => l.value)).toEqual(["20260701T151500", "20260708T104500"]);
    expect(lines.filter((l) => l.name === "UID").map((l) => l.value)).toEqual(["b1-outbound@vip-transfer", "b1-return@vip-transfer"]);
    expect(lines.find((l) => l.name === "DTSTAMP")?.value).toBe("20260601T080000Z");
  });

  it("escapes the description and marks a cancelled booking", () => {
    const cancelled = parseCalendarLines(buildCalendar([event({ status: "CANCELLED", description: "Meet: Hotel, Belek; gate 2\nCall us" })], { stamp: new Date() }));
    expect(cancelled.find((l) => l.name === "STATUS")?.value).toBe("CANCELLED");
    const description = cancelled.find((l) => l.name === "DESCRIPTION")!.value;
    expect(description).toBe("Meet: Hotel\\, Belek\\; gate 2\\nCall us");
    expect(unescapeText(description)).toBe("Meet: Hotel, Belek; gate 2\nCall us");
  });
});

describe("bookingLegs", () => {
  const base = {
    trip_type: "oneWay",
    pickup_date: "2026-07-01T11:30:00.000Z",
    pickup_end: "2026-07-01T12:15:00.000Z",
    return_date: null,
    return_end: null,
    pickup_location: "Antalya Havalimanı (AYT)",
    dropoff_location: "Belek, Antalya",
    return_pickup_location: null,
    return_dropoff_location: null,
    pickup_address: null,
    return_pickup_address: null,
    distance_details: JSON.stringify({ outbound: { km: 35, minutes: 45 }, return: null }),
    hours: null,
  } satisfies Partial<BookingRow>;

  it("a one-way trip is one leg; a round trip two; the end falls back to the route's minutes", () => {
    expect(bookingLegs(base as never)).toEqual([
      { leg: "outbound", start: base.pickup_date, end: base.pickup_end, from: base.pickup_location, to: base.dropoff_location, address: null },
    ]);
    const round = bookingLegs({
      ...base,
      trip_type: "roundTrip",
      return_date: "2026-07-08T07:00:00.000Z",
      return_end: null,
      return_pickup_location: "Belek, Antalya",
      return_dropoff_location: "Antalya Havalimanı (AYT)",
      return_pickup_address: "Hotel Rixos",
      distance_details: JSON.stringify({ outbound: { km: 35, minutes: 45 }, return: { km: 35, minutes: 50 } }),
    } as never);
    expect(round).toHaveLength(2);
    expect(round[1]).toEqual({ leg: "return", start: "2026-07-08T07:00:00.000Z", end: "2026-07-08T07:50:00.000Z", from: "Belek, Antalya", to: "Antalya Havalimanı (AYT)", address: "Hotel Rixos" });
  });

  it("an hourly hire is one leg of its hours", () => {
    const [leg, ...rest] = bookingLegs({ ...base, hours: 4, pickup_end: null } as never);
    expect(rest).toEqual([]);
    expect(leg).toMatchObject({ to: null, end: "2026-07-01T15:30:00.000Z" });
  });
});
