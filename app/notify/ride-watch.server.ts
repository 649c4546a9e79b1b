/**
 * The ride's upkeep (issue 31), every minute on each instance:
 * - a job its driver has not accepted N minutes before the pickup (settings: booking.acceptAlertMinutes)
 *   raises one office notice per assignment (keyed on the job link's nonce: a new driver, a new
 *   notice; two instances, one notice);
 * - the drivers' positions older than the retention (settings: booking.positionRetentionDays) are
 *   cleared; the steps and their times stay.
 */
import type { Kysely } from "kysely";
import { notify as notifyOffice } from "~/admin/notifications.server";
import { clearOldPositions, unacceptedJobs } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { startPeriodic, type Periodic } from "~/server/periodic.server";
import { getSettings } from "~/settings/settings.server";

export const RIDE_WATCH_MS = 60_000;

/** Raises the office's notice for each job not accepted in time; how many jobs are waiting. */
export async function alertUnacceptedJobs(db: Kysely<Database>, now = new Date()): Promise<number> {
  const jobs = await unacceptedJobs(db, await getSettings(db), now);
  for (const job of jobs) {
    await notifyOffice(db, {
      kind: "driver",
      message: {
        title: "notifications.jobUnacceptedTitle",
        body: "notifications.jobUnacceptedBody",
        values: { reference: job.reference, driver: job.driver, leg: `@notifications.legs.${job.leg}`, time: toBusinessParts(job.pickup_at).time },
      },
      link: `/admin/bookings/${job.booking_id}`,
      relatedId: `unaccepted:${job.booking_id}:${job.leg}:${job.job_nonce}`,
    });
  }
  return jobs.length;
}

/** One round: the alerts, then the positions' retention. */
export async function rideWatchRound(db: Kysely<Database>, now = new Date()): Promise<{ waiting: number; cleared: number }> {
  const waiting = await alertUnacceptedJobs(db, now);
  const cleared = await clearOldPositions(db, await getSettings(db), now);
  return { waiting, cleared };
}

export function startRideWatch(deps: { db: Kysely<Database>; log: Pick<Logger, "info" | "error"> }, intervalMs = RIDE_WATCH_MS): Periodic {
  return startPeriodic(async () => {
    try {
      const { cleared } = await rideWatchRound(deps.db);
      if (cleared > 0) deps.log.info({ cleared }, "drivers' positions past their retention cleared");
    } catch (error) {
      deps.log.error({ err: error }, "the ride watch round failed");
    }
  }, intervalMs);
}
