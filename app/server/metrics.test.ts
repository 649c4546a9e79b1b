import { describe, expect, it } from "vitest";
import { bearerMatches, bookingOutcome, routeLabel } from "./metrics.server";

describe("metrics helpers", () => {
  it("labels a request by its route pattern: ids and tokens as :id, anything not served as unmatched", () => {
    expect(routeLabel("/fleet", 200)).toBe("/fleet");
    expect(routeLabel("/my-booking/Gx9_aQ-3mZt7PqLw2VbN8cRk", 200)).toBe("/my-booking/:id");
    expect(routeLabel("/my-booking/Gx9_aQ-3mZt7PqLw2VbN8cRk/calendar.ics", 200)).toBe("/my-booking/:id/calendar.ics");
    expect(routeLabel("/admin/bookings/5f0c2a4e-1b2c-4d5e-8f90-123456789abc", 200)).toBe("/admin/bookings/:id");
    expect(routeLabel("/api/cars/42", 200)).toBe("/api/cars/:id");
    expect(routeLabel("/wp-admin/setup.php", 404)).toBe("unmatched");
    expect(routeLabel("/assets/entry-abc123.js", 200)).toBe("/assets/*");
  });

  it("opens only to the exact bearer token", () => {
    expect(bearerMatches("Bearer a-long-enough-token-123", "a-long-enough-token-123")).toBe(true);
    expect(bearerMatches("Bearer a-long-enough-token-124", "a-long-enough-token-123")).toBe(false);
    expect(bearerMatches("a-long-enough-token-123", "a-long-enough-token-123")).toBe(false);
    expect(bearerMatches(undefined, "a-long-enough-token-123")).toBe(false);
  });

  it("counts a refused booking by its first problem's code", () => {
    expect(bookingOutcome({ ok: true })).toEqual({ ok: true });
    expect(bookingOutcome({ ok: false, fields: { passengers: [{ code: "booking:errors.passengers" }] } })).toEqual({ ok: false, code: "booking:errors.passengers" });
    expect(bookingOutcome({ ok: false, fields: {}, unavailable: { code: "booking:errors.carBusy" } })).toEqual({ ok: false, code: "booking:errors.carBusy" });
    expect(bookingOutcome({ ok: false, fields: {}, idempotencyMismatch: true })).toEqual({ ok: false, code: "idempotency_mismatch" });
  });
});
