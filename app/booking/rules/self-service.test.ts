import { describe, expect, it } from "vitest";
import { hoursBefore, selfService } from "./self-service";

/** An Istanbul wall-clock time as a Date (Istanbul is UTC+3 all year). */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const minute = 60_000;
const policy = { changeCutoffHours: 24, cancelCutoffHours: 48 };
// Pickup 10 June 14:00 Istanbul (11:00 UTC).
const booking = { status: "confirmed", pickup_date: ist("2027-06-10", "14:00").toISOString() };

describe("selfService", () => {
  it("states the deadlines as UTC instants counted from the pickup", () => {
    const s = selfService(booking, policy, ist("2027-06-01", "10:00"));
    expect(s.deadlines).toEqual({
      details: "2027-06-10T11:00:00.000Z",
      changeTimes: "2027-06-09T11:00:00.000Z",
      cancelFree: "2027-06-08T11:00:00.000Z",
    });
    expect(s).toMatchObject({ editDetails: true, changeTimes: true, cancelFree: true, closed: null });
  });

  it("allows a time change one minute before the cut-off and refuses it at and after it", () => {
    const cutoff = ist("2027-06-09", "14:00").getTime();
    expect(selfService(booking, policy, new Date(cutoff - minute)).changeTimes).toBe(true);
    expect(selfService(booking, policy, new Date(cutoff)).changeTimes).toBe(false);
    expect(selfService(booking, policy, new Date(cutoff + minute)).changeTimes).toBe(false);
    expect(selfService(booking, policy, new Date(cutoff + minute)).editDetails).toBe(true);
  });

  it("allows a free cancellation one minute before its cut-off only", () => {
    const cutoff = ist("2027-06-08", "14:00").getTime();
    expect(selfService(booking, policy, new Date(cutoff - minute)).cancelFree).toBe(true);
    expect(selfService(booking, policy, new Date(cutoff + minute)).cancelFree).toBe(false);
    // the time may still be changed: its cut-off is later
    expect(selfService(booking, policy, new Date(cutoff + minute)).changeTimes).toBe(true);
  });

  it("closes the details at the pickup, saying the trip has started", () => {
    const pickup = ist("2027-06-10", "14:00").getTime();
    expect(selfService(booking, policy, new Date(pickup - minute))).toMatchObject({ editDetails: true, closed: null });
    expect(selfService(booking, policy, new Date(pickup + minute))).toMatchObject({ editDetails: false, changeTimes: false, cancelFree: false, closed: "started" });
  });

  it("counts a round trip's cut-offs from its first pickup, not the return", () => {
    const roundTrip = { ...booking, return_date: ist("2027-06-20", "09:00").toISOString() };
    const s = selfService(roundTrip, policy, ist("2027-06-10", "15:00"));
    expect(s).toMatchObject({ editDetails: false, changeTimes: false, cancelFree: false, closed: "started" });
  });

  it("opens nothing on cancelled or completed bookings, whatever the time", () => {
    const early = ist("2027-01-01", "00:00");
    expect(selfService({ ...booking, status: "cancelled" }, policy, early)).toMatchObject({ editDetails: false, changeTimes: false, cancelFree: false, closed: "cancelled" });
    expect(selfService({ ...booking, status: "completed" }, policy, early)).toMatchObject({ editDetails: false, closed: "completed" });
    expect(selfService({ ...booking, status: "pending" }, policy, early)).toMatchObject({ editDetails: true, closed: null });
  });

  it("a cut-off of 0 hours lasts until the pickup itself", () => {
    const zero = { changeCutoffHours: 0, cancelCutoffHours: 0 };
    const pickup = ist("2027-06-10", "14:00").getTime();
    expect(selfService(booking, zero, new Date(pickup - minute))).toMatchObject({ changeTimes: true, cancelFree: true });
    expect(hoursBefore(booking.pickup_date, 168)).toBe("2027-06-03T11:00:00.000Z");
  });
});
