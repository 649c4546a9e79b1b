/**
 * The booking module's store, drivers' cash (issue 30): the collections the ledger holds by driver
 * and day, the legs the drivers drove, and the office's closings (`cash_closings`, migration 0140).
 */
import type { Insertable, Kysely, Transaction } from "kysely";
import type { CashClosingsTable, Database } from "~/server/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** The drivers' collections recorded in [from, until), with the driver's name and the booking's reference, oldest first. */
export function driverCollectionsBetween(db: Db, from: string, until: string, driverId?: string) {
  let query = db
    .selectFrom("payments")
    .innerJoin("bookings", "bookings.id", "payments.booking_id")
    .leftJoin("drivers", "drivers.id", "payments.driver_id")
    .select(["payments.id", "payments.driver_id", "drivers.name as driver_name", "payments.booking_id", "bookings.reference", "payments.leg", "payments.kind", "payments.method", "payments.amount", "payments.currency", "payments.currency_amount", "payments.created_at"])
    .where("payments.kind", "in", ["driver_cash", "driver_card"])
    .where("payments.created_at", ">=", from)
    .where("payments.created_at", "<", until);
  if (driverId) query = query.where("payments.driver_id", "=", driverId);
  return query.orderBy("payments.created_at").orderBy("payments.id").execute();
}

/**
 * The legs picked up in [from, until) that have a driver, with what the booking still owes. A party
 * in several cars pays once, to the driver of its own car (unit 1): the further cars' legs owe nothing.
 */
export function drivenLegsBetween(db: Db, from: string, until: string) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("bookings", "bookings.id", "booking_legs.booking_id")
    .innerJoin("drivers", "drivers.id", "booking_legs.driver_id")
    .select([
      "booking_legs.driver_id",
      "drivers.name as driver_name",
      "booking_legs.leg",
      "booking_legs.job_status",
      "booking_legs.pickup_at",
      "bookings.id as booking_id",
      "bookings.reference",
      "bookings.full_name",
      "bookings.status",
      "bookings.total_price",
      "bookings.amount_paid",
      "bookings.partner_pays",
      "bookings.currency",
      "bookings.currency_rate",
    ])
    .where("booking_legs.pickup_at", ">=", from)
    .where("booking_legs.pickup_at", "<", until)
    .where("booking_legs.unit", "=", 1)
    .orderBy("booking_legs.pickup_at")
    .execute();
}

/** The day's closings, with each driver's name. */
export function cashClosingsOfDay(db: Db, day: string) {
  return db.selectFrom("cash_closings").leftJoin("drivers", "drivers.id", "cash_closings.driver_id").selectAll("cash_closings").select("drivers.name as driver_name").where("cash_closings.day", "=", day).execute();
}

/** Writes a closing; false when the driver's day was closed already (one closing per driver and day). */
export async function insertCashClosing(trx: Transaction<Database>, row: Insertable<CashClosingsTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto("cash_closings")
    .values(row)
    .onConflict((oc) => oc.columns(["driver_id", "day"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A driver's name, or undefined when there is no such driver. */
export function driverNameOf(db: Db, driverId: string) {
  return db.selectFrom("drivers").select(["id", "name"]).where("id", "=", driverId).executeTakeFirst();
}
