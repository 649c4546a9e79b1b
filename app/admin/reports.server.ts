/**
 * The report of a period (issue 34): the store's four grouped queries in parallel, and the names
 * of the cars, drivers (with their payout rule) and partners they mention. See ./reports.ts for
 * what each figure means.
 */
import type { Kysely } from "kysely";
import { bookingGroupsBetween, driverLegGroupsBetween, furtherCarGroupsBetween, partyLegGroupsBetween } from "~/booking/index.server";
import { BOOKING_CHANNELS } from "~/booking/rules/channel";
import { payoutFromColumns } from "~/drivers/payout";
import type { Database } from "~/server/db/schema";
import { buildReport, type Report } from "./reports";
import type { ReportPeriod } from "./reports-period";

async function reportNames(db: Kysely<Database>) {
  const [cars, drivers, partners] = await Promise.all([
    db.selectFrom("cars").select(["id", "name", "plate_number", "category"]).execute(),
    db.selectFrom("drivers").select(["id", "name", "payout_rule", "payout_kurus", "payout_share_bp"]).execute(),
    db.selectFrom("partners").select(["id", "name"]).execute(),
  ]);
  return {
    cars: new Map(cars.map((c) => [c.id, { name: c.name, plate: c.plate_number, category: c.category }])),
    drivers: new Map(drivers.map((d) => [d.id, { name: d.name, payout: payoutFromColumns(d) }])),
    partners: new Map(partners.map((p) => [p.id, { name: p.name }])),
  };
}

export async function periodReport(db: Kysely<Database>, period: ReportPeriod): Promise<Report> {
  const [bookings, further, legs, partyLegs, names] = await Promise.all([
    bookingGroupsBetween(db, period.start, period.end),
    furtherCarGroupsBetween(db, period.start, period.end),
    driverLegGroupsBetween(db, period.start, period.end),
    partyLegGroupsBetween(db, period.start, period.end),
    reportNames(db),
  ]);
  return buildReport(period, { bookings, further, legs: [...legs, ...partyLegs] }, names, BOOKING_CHANNELS);
}
