/**
 * The booking store's answers for partners' statements and the office's figures by partner
 * (issue 33): a partner's bookings picked up in a month, every status (the statement lists the
 * cancelled ones too), and the bookings made in a period summed by partner. Only the store names
 * the booking tables; app/partners turns these rows into statements.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { toCount } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";

type Db = Kysely<Database> | Transaction<Database>;

/** A partner's bookings picked up in [monthStart, monthEnd) (UTC instants), in pickup order, cancelled ones included. */
export function partnerMonthBookings(db: Db, partnerId: string, monthStart: string, monthEnd: string) {
  return db
    .selectFrom("bookings")
    .select([
      "id",
      "reference",
      "pickup_date",
      "pickup_location",
      "dropoff_location",
      "hours",
      "trip_type",
      "full_name",
      "status",
      "total_price",
      "partner_commission",
      "partner_pays",
    ])
    .where("partner_id", "=", partnerId)
    .where("pickup_date", ">=", monthStart)
    .where("pickup_date", "<", monthEnd)
    .orderBy("pickup_date")
    .orderBy("reference")
    .execute();
}

/** The pickup instants of a partner's bookings that count (not cancelled) in [from, until): the months' list groups them by Istanbul month. */
export async function partnerPickupsBetween(db: Db, partnerId: string, from: string, until: string): Promise<string[]> {
  const rows = await db
    .selectFrom("bookings")
    .select("pickup_date")
    .where("partner_id", "=", partnerId)
    .where("status", "!=", "cancelled")
    .where("pickup_date", ">=", from)
    .where("pickup_date", "<", until)
    .execute();
  return rows.map((r) => r.pickup_date);
}

export interface PartnerBookingTotals {
  /** null: the office's and the site's own bookings ("direct") */
  partnerId: string | null;
  bookings: number;
  /** the guest price, kuruş */
  revenue: Kurus;
  commission: Kurus;
}

/** Bookings made (created) in [from, until), not cancelled, summed by partner; the direct ones under `partnerId: null`. */
export async function bookingTotalsByPartner(db: Db, from: string, until: string): Promise<PartnerBookingTotals[]> {
  const rows = await db
    .selectFrom("bookings")
    .select([
      "partner_id",
      (eb) => eb.fn.countAll().as("n"),
      sql<string | number | null>`coalesce(sum(total_price), 0)`.as("revenue"),
      sql<string | number | null>`coalesce(sum(partner_commission), 0)`.as("commission"),
    ])
    .where("status", "!=", "cancelled")
    .where("created_at", ">=", from)
    .where("created_at", "<", until)
    .groupBy("partner_id")
    .execute();
  return rows.map((r) => ({ partnerId: r.partner_id, bookings: toCount(r.n), revenue: kurus(toCount(r.revenue)), commission: kurus(toCount(r.commission)) }));
}
