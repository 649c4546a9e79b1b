/**
 * The office's CSV export of its list (spec §3, issue 14): one cell per value so Turkish Excel can
 * sort and sum, streamed from the booking module's export batches.
 */
import { storedLuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { amountDueOf, exportBatches, type BookingFilter, type ExportRow } from "~/booking/index.server";
import { isBookingStatus } from "~/booking/rules/status";
import { bookingProducts, extrasText } from "~/booking/rules/booking-products";
import { CURRENCY_DECIMALS } from "~/pricing/currency";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { BOM, csvRow, decimalComma, excelDateTime } from "~/utils/csv";

/**
 * Everything the office needs of a booking, one cell per value so Turkish Excel can sort and sum:
 * both legs (places, date-time, hotels or addresses), flight, passengers, luggage, car, distance,
 * amount, notes, where it came from. Headed in the admin language (bookings.csv.* in the admin catalogue).
 */
const CSV_COLUMNS = [
  "reference",
  "status",
  "customer",
  "email",
  "phone",
  "pickup",
  "dropoff",
  "pickupAt",
  "pickupAddress",
  "dropoffAddress",
  "returnPickup",
  "returnDropoff",
  "returnAt",
  "returnPickupAddress",
  "returnDropoffAddress",
  "flightNumber",
  "passengers",
  "luggage",
  "car",
  "service",
  "hours",
  "extras",
  "distance",
  "amount",
  "currency",
  "currencyAmount",
  "notes",
  "createdAt",
  // added later (issue 29): appended, so a sheet built on the earlier columns keeps reading them
  "channel",
  // issue 30: the ledger's state, what it received and what is still owed (lira)
  "paymentStatus",
  "amountPaid",
  "balanceDue",
  // issue 32: prams, wheelchairs, golf bags, skis and bicycles, in words
  "specialLuggage",
] as const;

function csvLine(b: ExportRow, lng: AdminLanguage): string {
  const products = bookingProducts(b);
  const decimals = CURRENCY_DECIMALS[products.currency];
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
    reference: b.reference || b.id,
    status: adminText(lng, `status.${isBookingStatus(b.status) ? b.status : "cancelled"}`),
    channel: adminText(lng, `channels.${b.channel}`),
    customer: b.full_name,
    email: b.email,
    phone: b.phone,
    pickup: b.pickup_location,
    dropoff: b.dropoff_location,
    pickupAt: excelDateTime(b.pickup_date) || adminText(lng, "ui.notSpecified"),
    pickupAddress: b.pickup_address,
    dropoffAddress: b.dropoff_address,
    returnPickup: b.return_pickup_location,
    returnDropoff: b.return_dropoff_location,
    returnAt: excelDateTime(b.return_date),
    returnPickupAddress: b.return_pickup_address,
    returnDropoffAddress: b.return_dropoff_address,
    flightNumber: b.flight_number,
    passengers: b.passengers,
    luggage: b.luggage,
    specialLuggage: luggageItemsText((key, options) => adminText(lng, `${key}_${new Intl.PluralRules(lng).select(options.count)}`, options), storedLuggageItems(b.luggage_items), "units.luggageItems"),
    car: b.current_car_name ?? b.car_name,
    service: adminText(lng, products.hours === null ? "bookingProducts.transfer" : "bookingProducts.hourly"),
    hours: products.hours,
    extras: extrasText(products.extras, lng),
    distance: decimalComma(b.total_distance),
    amount: decimalComma(b.total_price / 100, 2),
    currency: products.currency,
    currencyAmount: decimalComma(products.currencyTotal / 10 ** decimals, decimals),
    notes: b.notes,
    createdAt: excelDateTime(b.created_at),
    paymentStatus: adminText(lng, `payments.status.${b.payment_status}`),
    amountPaid: decimalComma(b.amount_paid / 100, 2),
    balanceDue: decimalComma(amountDueOf(b).due / 100, 2),
  };
  return csvRow(CSV_COLUMNS.map((column) => cells[column]));
}

/**
 * The export of the current filter as a stream: the header, then the rows read in keyset-paged
 * batches, so memory stays flat whatever the number of bookings. Headers and statuses are in the
 * admin language (Turkish by default).
 */
export function bookingsCsvStream(db: Kysely<Database>, filter: BookingFilter, batchSize = 1000, lng: AdminLanguage = "tr"): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let batches: AsyncGenerator<ExportRow[]> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!batches) {
        batches = exportBatches(db, filter, batchSize);
        controller.enqueue(encoder.encode(BOM + csvRow(CSV_COLUMNS.map((column) => adminText(lng, `bookings.csv.${column}`)))));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((row) => csvLine(row, lng)).join("")));
    },
    async cancel() {
      await batches?.return(undefined);
    },
  });
}
