/**
 * The release of unpaid holds (issue 30): every minute, the bookings whose hold for their online
 * payment passed are read once more at the provider and, still unpaid, cancelled by the system
 * (app/booking/checkout.server.ts `releaseHolds`); the guest's mail follows from the event.
 */
import { releaseHolds, type CheckoutDeps } from "~/booking/index.server";
import { startPeriodic, type Periodic } from "~/server/periodic.server";

export const HOLD_SWEEP_MS = 60_000;

export function startHoldRelease(deps: CheckoutDeps, intervalMs = HOLD_SWEEP_MS): Periodic {
  return startPeriodic(async () => {
    try {
      const released = await releaseHolds(deps);
      if (released > 0) deps.log.info({ released }, "unpaid holds released");
    } catch (error) {
      // The database is away: the next round tries again.
      deps.log.error({ err: error }, "unpaid holds could not be released");
    }
  }, intervalMs);
}
