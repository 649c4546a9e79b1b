/**
 * The ride's upkeep (issue 31), on each instance:
 * - every minute, a job its driver has not accepted N minutes before the pickup (settings: booking.acceptAlertMinutes)
 *   raises one office notice per assignment (keyed on the job link's nonce: a new driver, a new
 *   notice; two instances, one notice);
 * - every hour, the drivers' positions older than the retention (settings: booking.positionRetentionDays) are
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
export const RETENTION_MS = 60 * 60_000;

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

/** The positions' retention: cleared past `booking.positionRetentionDays`; how many. */
export async function retentionRound(db: Kysely<Database>, now = new Date()): Promise<number> {
  return clearOldPositions(db, await getSettings(db), now);
}

/**
 * The alerts every minute; the retention (which scans the history for positions written before
 * issue 31) once an hour, off the minute's path. `stop` ends both.
 */
export function startRideWatch(deps: { db: Kysely<Database>; log: Pick<Logger, "info" | "error"> }, intervalMs = RIDE_WATCH_MS): Periodic {
  const alerts = startPeriodic(async () => {
    try {
      await alertUnacceptedJobs(deps.db);
    } catch (error) {
      deps.log.error({ err: error }, "unaccepted jobs could not be checked");
    }
  }, intervalMs);
  const retention = startPeriodic(async () => {
    try {
      const cleared = await retentionRound(deps.db);
      if (cleared > 0) deps.log.info({ cleared }, "drivers' positions past their retention cleared");
    } catch (error) {
      deps.log.error({ err: error }, "drivers' positions could not be cleared");
    }
  }, RETENTION_MS);
  return {
    async stop() {
      await Promise.all([alerts.stop(), retention.stop()]);
    },
  };
}
