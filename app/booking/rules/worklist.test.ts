import { describe, expect, it } from "vitest";
import { parseBookingQuery, viewRange, weekEnd, worklistParams } from "./worklist";

const at = (iso: string) => new Date(iso);
const parse = (qs: string, now = at("2026-12-14T09:00:00Z")) => parseBookingQuery(new URLSearchParams(qs), now);

describe("work list quick views (Istanbul days, +03:00)", () => {
  it("without a filter lists the trips from now on, soonest first", () => {
    const q = parse("");
    expect(q).toMatchObject({ view: "upcoming", trip: { from: "2026-12-14T09:00:00.000Z" }, sort: "asc", page: 1, problems: {} });
    expect(q.trip?.to).toBeUndefined();
  });

  it("today and tomorrow follow the Istanbul calendar around midnight", () => {
    // 20:59 UTC is 23:59 in Istanbul, still the 14th; 21:00 UTC is already the 15th
    expect(parse("view=today", at("2026-12-14T20:59:00Z")).trip).toEqual({ from: "2026-12-13T21:00:00.000Z", to: "2026-12-14T21:00:00.000Z" });
    expect(parse("view=today", at("2026-12-14T21:00:00Z")).trip).toEqual({ from: "2026-12-14T21:00:00.000Z", to: "2026-12-15T21:00:00.000Z" });
    expect(parse("view=tomorrow", at("2026-12-14T20:59:00Z")).trip).toEqual({ from: "2026-12-14T21:00:00.000Z", to: "2026-12-15T21:00:00.000Z" });
    expect(parse("view=tomorrow", at("2026-12-14T21:30:00Z")).trip).toEqual({ from: "2026-12-15T21:00:00.000Z", to: "2026-12-16T21:00:00.000Z" });
  });

  it("this week runs from today through Sunday", () => {
    expect(weekEnd("2026-12-14")).toBe("2026-12-20"); // Monday → Sunday
    expect(weekEnd("2026-12-19")).toBe("2026-12-20"); // Saturday
    expect(weekEnd("2026-12-20")).toBe("2026-12-20"); // Sunday is the last day
    expect(weekEnd("2026-12-31")).toBe("2027-01-03"); // across the year
    // Sunday 23:30 in Istanbul: the week is that one day
    expect(parse("view=week", at("2026-12-20T20:30:00Z")).trip).toEqual({ from: "2026-12-19T21:00:00.000Z", to: "2026-12-20T21:00:00.000Z" });
    // Sunday 00:30 in Istanbul is still Saturday 21:30 UTC
    expect(parse("view=week", at("2026-12-19T21:30:00Z")).trip).toEqual({ from: "2026-12-19T21:00:00.000Z", to: "2026-12-20T21:00:00.000Z" });
  });

  it("the past is everything before now, newest first; all has no date bound", () => {
    expect(parse("view=past")).toMatchObject({ view: "past", trip: { to: "2026-12-14T09:00:00.000Z" }, sort: "desc" });
    expect(parse("view=past").trip?.from).toBeUndefined();
    expect(parse("view=all").trip).toBeUndefined();
    expect(viewRange("all", at("2026-12-14T09:00:00Z"))).toEqual({ sort: "desc" });
  });

  it("a search without a view or dates looks through all dates", () => {
    expect(parse("q=05321112233")).toMatchObject({ q: "05321112233", view: "all", sort: "desc" });
    expect(parse("q=kaya").trip).toBeUndefined();
    expect(parse("q=kaya&view=tomorrow").trip).toEqual({ from: "2026-12-14T21:00:00.000Z", to: "2026-12-15T21:00:00.000Z" });
  });
});

describe("work list date range and other filters", () => {
  it("from/to are Istanbul days, both inclusive, and win over a view", () => {
    const q = parse("from=2026-12-15&to=2026-12-16&view=past&car=car-1&status=confirmed&sort=desc&page=2");
    expect(q).toMatchObject({
      trip: { from: "2026-12-14T21:00:00.000Z", to: "2026-12-16T21:00:00.000Z" },
      carId: "car-1",
      status: "confirmed",
      sort: "desc",
      page: 2,
      problems: {},
    });
    expect(parse("from=2026-12-15").trip).toEqual({ from: "2026-12-14T21:00:00.000Z" });
    expect(parse("to=2026-12-15")).toMatchObject({ trip: { to: "2026-12-15T21:00:00.000Z" }, sort: "asc" });
    expect(parse("from=2026-12-15&to=2026-12-15").trip).toEqual({ from: "2026-12-14T21:00:00.000Z", to: "2026-12-15T21:00:00.000Z" });
  });

  it("names what cannot be read, keeps it as typed and leaves it out of the filter", () => {
    const bad = parse("from=2026-13-45&to=yarın&status=weird&view=someday&sort=up&page=-2");
    expect(bad.problems).toEqual({
      from: [{ code: "admin:worklist.errors.date" }],
      to: [{ code: "admin:worklist.errors.date" }],
      status: [{ code: "admin:worklist.errors.status" }],
      view: [{ code: "admin:worklist.errors.view" }],
      sort: [{ code: "admin:worklist.errors.sort" }],
    });
    expect(bad.input).toMatchObject({ from: "2026-13-45", to: "yarın", status: "weird", view: "someday", sort: "up" });
    expect(bad).toMatchObject({ status: undefined, page: 1 });
    // the unreadable dates are dropped: the list falls back to all dates, not to a wrong range
    expect(bad.trip).toBeUndefined();
    expect(parse("from=2026-02-30").problems.from).toEqual([{ code: "admin:worklist.errors.date" }]);
  });

  it("refuses a range that ends before it starts", () => {
    const q = parse("from=2026-12-20&to=2026-12-15");
    expect(q.problems).toEqual({ to: [{ code: "admin:worklist.errors.order" }] });
    expect(q.trip).toBeUndefined();
  });

  it("writes the typed filter back as a query string without empty values", () => {
    const q = parse("q=%20Side%20&from=2026-12-15&car=c1&page=4");
    expect(worklistParams(q.input).toString()).toBe("q=Side&car=c1&from=2026-12-15");
    expect(worklistParams(q.input, { view: "tomorrow", from: "" }).toString()).toBe("q=Side&car=c1&view=tomorrow");
  });
});
