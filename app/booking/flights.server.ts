/**
 * The flight tracker's word into the booking core (issue 31): a change of the outbound leg's
 * flight worth telling becomes the booking's `flight` outbox event, written in the tracker's
 * transaction with its watch, so the office's notice and the driver's job follow from the outbox
 * (app/notify/handlers.server.ts), retried and never twice. The booking's own fields stay: the
 * planned pickup lives with the watch (app/flights).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/server/db/schema";
import { recordBookingEvent, type FlightEvent } from "./events.server";

export function recordFlightChange(trx: Transaction<Database> | Kysely<Database>, bookingId: string, event: Omit<FlightEvent, "kind">): Promise<string> {
  return recordBookingEvent(trx, bookingId, { kind: "flight", ...event });
}
