import { describe, expect, it } from "vitest";
import { offerExpiry, quoteRequestSchema } from "./quote-request";

describe("an offer's expiry", () => {
  const now = new Date("2026-11-28T16:00:00.000Z");

  it("stands three days, or until a sooner pickup given with its Istanbul offset, always as UTC", () => {
    expect(offerExpiry("2026-12-20T10:00:00+03:00", now)).toBe("2026-12-01T16:00:00.000Z");
    // the same day as the limit but earlier in UTC: the offset is read, not compared as text
    expect(offerExpiry("2026-12-01T18:30:00+03:00", now)).toBe("2026-12-01T15:30:00.000Z");
    expect(offerExpiry("2026-11-29T09:00:00.000Z", now)).toBe("2026-11-29T09:00:00.000Z");
  });
});

describe("the quote request's schema", () => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const base = { pickup: "Flughafen Antalya", dropoff: "Kaş", date: day(30), time: "09:30", passengers: "14", fullName: "Jürgen Weiß", email: "j@example.com", phone: "0532 123 45 67" };

  it("takes a group larger than any car, a Turkish phone as typed, and drops reasons it does not know", () => {
    const parsed = quoteRequestSchema.safeParse({ ...base, reasons: ["passengers", "nonsense"] });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ passengers: 14, phone: "+90 532 123 45 67", reasons: ["passengers"], tripType: "oneWay", message: "" });
  });

  it("asks a round trip for its return after the pickup and an hourly hire for its hours", () => {
    const round = quoteRequestSchema.safeParse({ ...base, tripType: "roundTrip", returnDate: day(29), returnTime: "10:00" });
    expect(round.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["returnDate", "quote:errors.returnBeforePickup"]]);
    const hourly = quoteRequestSchema.safeParse({ ...base, tripType: "hourly", dropoff: "" });
    expect(hourly.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["hours", "quote:errors.hours"]]);
  });
});
