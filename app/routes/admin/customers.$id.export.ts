import { data } from "react-router";
import type { Route } from "./+types/customers.$id.export";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { adminUser } from "~/auth/guard.server";
import { bookingReceipts, exportCustomer } from "~/booking/index.server";
import { BOM, csvFileName, csvRow, decimalComma, excelDateTime } from "~/utils/csv";
import { getApp } from "~/server/context";
import { kurus, kurusToLira } from "~/utils/money";
import { isCurrency } from "~/pricing/currency";
import { minorToUnits } from "~/routes/api/present.server";

/**
 * GET /admin/customers/{id}/export?format=json|csv — one guest's data as the office hands it over
 * under KVKK (admins only): the guest and each booking with its personal fields and its money
 * (the payment state, what was paid; in the JSON each movement with its receipt, issue 30); JSON
 * for a program, CSV for Turkish Excel. Recorded in the audit log.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, clientIp } = getApp(context);
  const user = adminUser(context);
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "json";
  const detail = await exportCustomer(db.kysely, params.id, { id: user.id, label: user.name || user.email }, clientIp);
  if (!detail) throw data(null, { status: 404 });
  const { customer, bookings } = detail;
  const guest = {
    id: customer.id,
    full_name: customer.full_name,
    email: customer.email,
    phone: customer.phone,
    language: customer.language,
    notes: customer.notes,
    marketing_consent_at: customer.marketing_consent_at,
    created_at: customer.created_at,
    last_trip_at: customer.last_trip_at,
  };
  const receipts = await Promise.all(bookings.map((b) => bookingReceipts(db.kysely, b.id)));
  const trips = bookings.map((b, i) => ({
    reference: b.reference,
    status: b.status,
    channel: b.channel,
    pickup_date: b.pickup_date,
    return_date: b.return_date,
    pickup_location: b.pickup_location,
    pickup_address: b.pickup_address,
    dropoff_location: b.dropoff_location,
    dropoff_address: b.dropoff_address,
    passengers: b.passengers,
    flight_number: b.flight_number,
    full_name: b.full_name,
    email: b.email,
    phone: b.phone,
    notes: b.notes,
    language: b.locale,
    total_price: kurusToLira(b.total_price),
    created_at: b.created_at,
    payment_status: b.payment_status,
    amount_paid: kurusToLira(b.amount_paid),
    payments: receipts[i]!.map((r) => ({ receipt: r.number, at: r.issued_at, kind: r.kind, method: r.method, amount: kurusToLira(kurus(r.amount)), currency: r.currency, currency_amount: isCurrency(r.currency) ? minorToUnits(r.currency_amount, r.currency) : r.currency_amount })),
  }));
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (format === "json") {
    return new Response(JSON.stringify({ exported_at: new Date().toISOString(), guest, bookings: trips }, null, 2), {
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="guest-${customer.id}.json"` },
    });
  }
  const lng = await adminLanguage(db.kysely);
  const say = (key: string) => adminText(lng, `customers.csv.${key}`);
  const columns = ["reference", "status", "channel", "pickupDate", "pickup", "pickupAddress", "dropoff", "dropoffAddress", "passengers", "flight", "name", "email", "phone", "notes", "amount", "createdAt", "paymentStatus", "amountPaid"] as const;
  const lines = [
    csvRow([say("guest"), guest.full_name, guest.email, guest.phone, guest.language, guest.notes, excelDateTime(guest.created_at)]),
    csvRow(columns.map(say)),
    ...trips.map((b) =>
      csvRow([b.reference, adminText(lng, `status.${b.status}`), adminText(lng, `channels.${b.channel}`), excelDateTime(b.pickup_date), b.pickup_location, b.pickup_address, b.dropoff_location, b.dropoff_address, b.passengers, b.flight_number, b.full_name, b.email, b.phone, b.notes, decimalComma(b.total_price, 2), excelDateTime(b.created_at), adminText(lng, `payments.status.${b.payment_status}`), decimalComma(b.amount_paid, 2)]),
    ),
  ];
  return new Response(BOM + lines.join(""), {
    headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${csvFileName(say("fileName"))}"` },
  });
}
